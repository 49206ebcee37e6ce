import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { Spaces } from '../../database/schema';

export type SpaceRow = Selectable<Spaces>;

/**
 * The spaces table with its links (02 §3 Space): space_channels, and the user_spaces memberships read to scope a
 * user's per-space data.
 */
@Injectable()
export class SpacesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The company's spaces, the default one first, then by name. */
  listForCompany(companyId: number): Promise<SpaceRow[]> {
    return this.db
      .selectFrom('spaces')
      .selectAll()
      .where('companyId', '=', companyId)
      .orderBy('isDefault', 'desc')
      .orderBy('name', 'asc')
      .execute();
  }

  findById(id: number): Promise<SpaceRow | undefined> {
    return this.db.selectFrom('spaces').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByIds(ids: readonly number[]): Promise<SpaceRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('spaces')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /**
   * The company's spaces a user may use: every one when `everySpace`, else those given to them; the default space
   * first, then by name (the switcher's order).
   */
  async usableIds(companyId: number, userId: number, everySpace: boolean): Promise<number[]> {
    const rows = await this.db
      .selectFrom('spaces as s')
      .select('s.id')
      .where('s.companyId', '=', companyId)
      .where((eb) =>
        eb.or([
          eb.lit(everySpace),
          eb.exists(
            eb
              .selectFrom('user_spaces as us')
              .select('us.spaceId')
              .whereRef('us.spaceId', '=', 's.id')
              .where('us.userId', '=', userId),
          ),
        ]),
      )
      .orderBy('s.isDefault', 'desc')
      .orderBy('s.name', 'asc')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Whether the space exists and is another company's (a tenancy refusal rather than "not found"). */
  async belongsToAnotherCompany(spaceId: number, companyId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('spaces')
      .select('id')
      .where('id', '=', spaceId)
      .where('companyId', '<>', companyId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Whether another space of the company (not `exceptId`) has the name: the very expression of the unique index
   * UQ_spaces_company_lower_name, ("companyId", lower(btrim(name))), so the check and the index agree.
   */
  async nameTaken(companyId: number, name: string, exceptId: number | null): Promise<boolean> {
    let query = this.db
      .selectFrom('spaces')
      .select('id')
      .where('companyId', '=', companyId)
      .where(sql<boolean>`lower(btrim(name)) = lower(btrim(${name}))`);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** The owners of the channels that exist among `channelIds` (to refuse unknown or foreign ones). */
  channelOwners(channelIds: readonly number[]): Promise<Array<{ id: number; companyId: number }>> {
    if (channelIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('channels')
      .select(['id', 'companyId'])
      .where('id', 'in', [...channelIds])
      .execute();
  }

  /** The company's default space, in the caller's transaction (company provisioning). */
  insertDefault(db: Executor, companyId: number, name: string): Promise<SpaceRow> {
    return db
      .insertInto('spaces')
      .values({ companyId, name, isDefault: true })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A space with its channels, in one transaction; a name taken meanwhile fails on the unique index. */
  create(
    space: { companyId: number; name: string; imageUrl: string | null },
    channelIds: readonly number[],
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const saved = await trx
        .insertInto('spaces')
        .values({ ...space, isDefault: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.linkChannels(trx, saved.id, channelIds);
      return saved.id;
    });
  }

  /** Name and picture, and when `channelIds` is given the whole channel list, in one transaction. */
  async update(
    id: number,
    change: { name: string; imageUrl: string | null },
    channelIds: readonly number[] | null,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('spaces').set(change).where('id', '=', id).execute();
      if (channelIds) {
        await trx
          .deleteFrom('space_channels')
          .where('spaceId', '=', id)
          .where(sql<boolean>`NOT ("channelId" = ANY(${[...channelIds]}::int[]))`)
          .execute();
        await this.linkChannels(trx, id, channelIds);
      }
    });
  }

  /** Links the channels to the space (those already linked stay as they are). */
  async linkChannels(db: Executor, spaceId: number, channelIds: readonly number[]): Promise<void> {
    if (channelIds.length === 0) return;
    await db
      .insertInto('space_channels')
      .values(channelIds.map((channelId) => ({ channelId, spaceId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * Deletes a space in one transaction. Its members left with no space at all get the company's default one
   * (nobody is left without a space, 02 §5), whoever had it selected moves to the default one, and its quick
   * answers and albums go with it (their rows cascade). Answers the storage keys of the album files that went, to
   * be removed after; null, with nothing changed, when the company has no default space.
   */
  delete(companyId: number, id: number): Promise<string[] | null> {
    return this.db.transaction().execute(async (trx) => {
      const fallback = await trx
        .selectFrom('spaces')
        .select('id')
        .where('companyId', '=', companyId)
        .where('isDefault', '=', true)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!fallback) return null;
      await trx
        .insertInto('user_spaces')
        .columns(['userId', 'spaceId'])
        .expression((eb) =>
          eb
            .selectFrom('user_spaces as us')
            .select(['us.userId', eb.cast<number>(eb.val(fallback.id), 'integer').as('spaceId')])
            .where('us.spaceId', '=', id)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('user_spaces as o')
                    .select('o.userId')
                    .whereRef('o.userId', '=', 'us.userId')
                    .where('o.spaceId', '<>', id),
                ),
              ),
            ),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .updateTable('users')
        .set({ selectedSpaceId: fallback.id })
        .where('companyId', '=', companyId)
        .where('selectedSpaceId', '=', id)
        .execute();
      const files = await trx
        .selectFrom('files as f')
        .innerJoin('albums as a', 'a.id', 'f.albumId')
        .select('f.storageKey')
        .where('a.spaceId', '=', id)
        .where('f.storageKey', 'is not', null)
        .execute();
      await trx.deleteFrom('spaces').where('id', '=', id).execute();
      return files.flatMap((f) => (f.storageKey === null ? [] : [f.storageKey]));
    });
  }
}

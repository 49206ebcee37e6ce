import type { ChannelStatus } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { Channels } from '../../database/schema';
import type { ChannelPlatform } from '../../providers/channels/channel-provider';

export type ChannelRow = Selectable<Channels>;
export type NewChannel = Insertable<Channels>;

/** A channel as the channels and spaces screens read it (02 §3): never its token, with its slot and spaces. */
export interface ChannelListing
  extends Pick<
    ChannelRow,
    | 'id'
    | 'name'
    | 'platform'
    | 'phone'
    | 'pageId'
    | 'imageUrl'
    | 'isActive'
    | 'useChatbot'
    | 'qualityRating'
    | 'currentLimit'
  > {
  /** PostgreSQL's own ISO 8601 text of the timestamp. */
  expiresAt: string | null;
  createdAt: string;
  slotStatus: ChannelStatus | null;
  spaceIds: number[];
}

/** A channel of the company named by a Page id, as the Pages sync compares it with Facebook's list. */
export interface KnownPage {
  channelId: number;
  pageId: string;
  isActive: boolean;
}

/**
 * The channels table and the channel side of space_channels (a channel's place in spaces). A channel's provider
 * id is unique per platform across companies: webhooks name the channel by it.
 */
@Injectable()
export class ChannelsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  findByProviderId(platform: ChannelPlatform, providerId: string): Promise<ChannelRow | undefined> {
    return this.db
      .selectFrom('channels')
      .selectAll()
      .where((eb) => eb.and({ platform, providerId }))
      .executeTakeFirst();
  }

  findById(id: number): Promise<ChannelRow | undefined> {
    return this.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findForCompany(companyId: number, id: number): Promise<ChannelRow | undefined> {
    return this.db
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', id)
      .where('companyId', '=', companyId)
      .executeTakeFirst();
  }

  /** The active channels on these platforms, of every company (periodic work such as the daily template sync). */
  async activeIdsOnPlatforms(platforms: readonly ChannelPlatform[]): Promise<number[]> {
    if (platforms.length === 0) return [];
    const rows = await this.db
      .selectFrom('channels')
      .select('id')
      .where('isActive', '=', true)
      .where('platform', 'in', [...platforms])
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  listForCompany(companyId: number): Promise<ChannelRow[]> {
    return this.db
      .selectFrom('channels')
      .selectAll()
      .where('companyId', '=', companyId)
      .orderBy('id')
      .execute();
  }

  private listing() {
    return this.db
      .selectFrom('channels as c')
      .leftJoin('channel_slots as slot', 'slot.channelId', 'c.id')
      .select([
        'c.id',
        'c.name',
        'c.platform',
        'c.phone',
        'c.pageId',
        'c.imageUrl',
        'c.isActive',
        'c.useChatbot',
        'c.qualityRating',
        'c.currentLimit',
        sql<string | null>`to_json(c."expiresAt") #>> '{}'`.as('expiresAt'),
        sql<string>`to_json(c."createdAt") #>> '{}'`.as('createdAt'),
        'slot.status as slotStatus',
        sql<number[]>`coalesce((SELECT array_agg(sc."spaceId" ORDER BY sc."spaceId") FROM space_channels sc
                                 WHERE sc."channelId" = c.id), '{}')`.as('spaceIds'),
      ]);
  }

  /** The company's channels by id; with spaceIds, only those in one of these spaces (none for an empty list). */
  listings(companyId: number, spaceIds: readonly number[] | null): Promise<ChannelListing[]> {
    let query = this.listing().where('c.companyId', '=', companyId);
    if (spaceIds) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('space_channels as sc')
            .select(sql.lit(1).as('one'))
            .whereRef('sc.channelId', '=', 'c.id')
            .where(sql<boolean>`sc."spaceId" = ANY(${[...spaceIds]}::int[])`),
        ),
      );
    }
    return query.orderBy('c.id').execute();
  }

  listingById(id: number): Promise<ChannelListing | undefined> {
    return this.listing().where('c.id', '=', id).executeTakeFirst();
  }

  /** 02 §4: activation also turns the chatbot off; deactivation leaves it as it is. On `db` when given. */
  async setActive(id: number, isActive: boolean, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('channels')
      .set(
        isActive
          ? { isActive: true, useChatbot: false, updatedAt: sql`now()` }
          : { isActive: false, updatedAt: sql`now()` },
      )
      .where('id', '=', id)
      .execute();
  }

  /** False when the company has no such channel (any more). */
  async setChatbot(companyId: number, id: number, useChatbot: boolean): Promise<boolean> {
    const row = await this.db
      .updateTable('channels')
      .set({ useChatbot, updatedAt: sql`now()` })
      .where('id', '=', id)
      .where('companyId', '=', companyId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** False when the company has no such channel (any more). */
  async rename(companyId: number, id: number, name: string): Promise<boolean> {
    const row = await this.db
      .updateTable('channels')
      .set({ name, updatedAt: sql`now()` })
      .where('id', '=', id)
      .where('companyId', '=', companyId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The new channel's id; a provider id already taken on the platform fails on the unique index (23505). */
  async create(db: Executor, channel: NewChannel): Promise<number> {
    const row = await db.insertInto('channels').values(channel).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** 02 §4: a new channel goes to the company's default space (nothing when the company has none). */
  async addToDefaultSpace(db: Executor, companyId: number, channelId: number): Promise<void> {
    await db
      .insertInto('space_channels')
      .columns(['channelId', 'spaceId'])
      .expression(
        db
          .selectFrom('spaces')
          .select((eb) => [eb.val(channelId).as('channelId'), 'id'])
          .where('companyId', '=', companyId)
          .where('isDefault', '=', true)
          .orderBy('id')
          .limit(1),
      )
      .execute();
  }

  /** The company's channels on the platform (Messenger: its Pages, by Page id), by id. */
  pagesOf(companyId: number, platform: ChannelPlatform): Promise<KnownPage[]> {
    return this.db
      .selectFrom('channels')
      .select(['id as channelId', 'providerId as pageId', 'isActive'])
      .where((eb) => eb.and({ companyId, platform }))
      .orderBy('id')
      .execute();
  }

  /** Which of these Page ids are other companies' channels on the platform. */
  async pagesOfOthers(
    companyId: number,
    platform: ChannelPlatform,
    pageIds: readonly string[],
  ): Promise<string[]> {
    const rows = await this.db
      .selectFrom('channels')
      .select('providerId')
      .where((eb) => eb.and({ platform }))
      .where('companyId', '<>', companyId)
      .where(sql<boolean>`"providerId" = ANY(${[...pageIds]})`)
      .execute();
    return rows.map((row) => row.providerId);
  }

  /**
   * A Page seen again on sync: its new token, picture (kept when Facebook gives none) and expiry; it is active,
   * and the chatbot goes off only if it was inactive (02 §4: activation sets useChatbot false).
   */
  async refreshMessengerPage(
    id: number,
    page: { accessToken: string | null; imageUrl: string | null; expiresAt: Date },
  ): Promise<void> {
    await this.db
      .updateTable('channels')
      .set((eb) => ({
        accessToken: page.accessToken,
        imageUrl: eb.fn.coalesce(eb.val(page.imageUrl), 'imageUrl'),
        expiresAt: page.expiresAt,
        isActive: true,
        useChatbot: eb.case().when('isActive', '=', true).then(eb.ref('useChatbot')).else(false).end(),
        updatedAt: sql`now()`,
      }))
      .where('id', '=', id)
      .execute();
  }

  async deactivate(companyId: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('channels')
      .set({ isActive: false, updatedAt: sql`now()` })
      .where('id', 'in', ids)
      .where('companyId', '=', companyId)
      .execute();
  }

  async setExpiresAt(id: number, expiresAt: Date | null): Promise<void> {
    await this.db
      .updateTable('channels')
      .set({ expiresAt, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  }
}

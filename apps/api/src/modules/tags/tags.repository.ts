import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { Tags, Users } from '../../database/schema';
import { nameIsFree, unlessTaken } from '../../database/unique-name';

export type TagRow = Selectable<Tags>;
/** What the ownership check of an edit reads. */
export type TagOwner = Pick<TagRow, 'id' | 'companyId' | 'isDefault'>;
/** A tag as the configuration and the pickers show it: clientCount counted from client_tags when read. */
export type TagView = Pick<TagRow, 'id' | 'name' | 'color' | 'isDefault' | 'key' | 'companyId'> & {
  clientCount: number;
  createdAt: string;
};
export type TagChannelCount = Pick<TagRow, 'id' | 'name' | 'color'> & { count: number };
/** One agent of the inbox's agent filter. */
export type AgentPick = Pick<Selectable<Users>, 'id' | 'name' | 'imageUrl' | 'isAvailable'> & {
  roleName: string;
  isAgent: boolean;
};

/**
 * The tags table and client_tags (02 §3 Tag): name unique per company through `key` (company id and lower-case
 * name), at most TAGS_LIMIT a company.
 */
@Injectable()
export class TagsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private views() {
    return this.db
      .selectFrom('tags as t')
      .select(['t.id', 't.name', 't.color', 't.isDefault', 't.key', 't.companyId'])
      .select(sql<string>`to_json(t."createdAt") #>> '{}'`.as('createdAt'))
      .select((eb) =>
        eb
          .selectFrom('client_tags as ct')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('ct.tagId', '=', 't.id')
          .$asScalar()
          .$notNull()
          .as('clientCount'),
      );
  }

  /** The company's tags, predefined first, then by name. */
  list(companyId: number): Promise<TagView[]> {
    return this.views()
      .where('t.companyId', '=', companyId)
      .orderBy('t.isDefault', 'desc')
      .orderBy((eb) => eb.fn('lower', ['t.name']))
      .orderBy('t.id')
      .execute();
  }

  byId(id: number): Promise<TagView | undefined> {
    return this.views().where('t.id', '=', id).executeTakeFirst();
  }

  owner(id: number): Promise<TagOwner | undefined> {
    return this.db
      .selectFrom('tags')
      .select(['id', 'companyId', 'isDefault'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The count and the insert in one statement, after taking the company's row lock: two admins racing for the
   * last free tag cannot both pass (the one statement alone could, each counting before the other's insert
   * commits). NO KEY UPDATE queues tag creations of the company without blocking inserts that only reference it.
   * `id` is null when the company is `full` or the key is taken.
   */
  create(
    companyId: number,
    tag: Pick<TagRow, 'name' | 'color' | 'key'>,
    limit: number,
  ): Promise<{ id: number | null; full: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('companies').select('id').where('id', '=', companyId).forNoKeyUpdate().execute();
      const { rows } = await sql<{ id: number | null; full: boolean }>`
        WITH n AS (SELECT count(*)::int AS c FROM tags WHERE "companyId" = ${companyId}),
        ins AS (
          INSERT INTO tags ("companyId", name, color, key)
          SELECT ${companyId}::int, ${tag.name}::varchar, ${tag.color}::varchar, ${tag.key}::varchar
          FROM n WHERE n.c < ${limit}::int
          ON CONFLICT (key) DO NOTHING RETURNING id)
        SELECT (SELECT id FROM ins) AS id, (SELECT c >= ${limit}::int FROM n) AS full`.execute(trx);
      return rows[0];
    });
  }

  /** False when another tag has the key (also when a racing twin wins on the unique index). */
  async update(id: number, tag: Pick<TagRow, 'name' | 'color' | 'key'>): Promise<boolean> {
    const row = await unlessTaken(
      this.db
        .updateTable('tags')
        .set({ name: tag.name, color: tag.color, key: tag.key })
        .where('id', '=', id)
        .where(nameIsFree(this.db, { table: 'tags', key: tag.key }, id))
        .returning('id')
        .executeTakeFirst(),
    );
    return row !== undefined;
  }

  /** Its client_tags go with it (cascade). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('tags').where('id', '=', id).execute();
  }

  /** The most recently active conversations carrying the tag. */
  async taggedConversations(tagId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('client_tags as ct')
      .innerJoin('clients as c', 'c.id', 'ct.clientId')
      .select('c.id')
      .where('ct.tagId', '=', tagId)
      .orderBy('c.lastUpdate', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Each tag of the company with how many conversations of the channel carry it. */
  countByChannel(companyId: number, channelId: number): Promise<TagChannelCount[]> {
    return this.db
      .selectFrom('tags as t')
      .select(['t.id', 't.name', 't.color'])
      .select((eb) =>
        eb
          .selectFrom('client_tags as ct')
          .innerJoin('clients as c', 'c.id', 'ct.clientId')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('ct.tagId', '=', 't.id')
          .where('c.channelId', '=', channelId)
          .$asScalar()
          .$notNull()
          .as('count'),
      )
      .where('t.companyId', '=', companyId)
      .orderBy('t.isDefault', 'desc')
      .orderBy((eb) => eb.fn('lower', ['t.name']))
      .orderBy('t.id')
      .execute();
  }

  /**
   * The agent filter of the inbox: the whole team when `everyone`, else only `userId`. (It reads users: it moves
   * to the users module's repository when that one exists.)
   */
  agents(companyId: number, everyone: boolean, userId: number): Promise<AgentPick[]> {
    return this.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.roleId')
      .select(['u.id', 'u.name', 'u.imageUrl', 'u.isAvailable', 'r.name as roleName'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('role_permissions as rp')
              .innerJoin('permissions as p', 'p.id', 'rp.permissionId')
              .whereRef('rp.roleId', '=', 'r.id')
              .where('p.name', '=', 'agent')
              .select('rp.roleId'),
          )
          .$castTo<boolean>()
          .as('isAgent'),
      )
      .where('u.companyId', '=', companyId)
      .$if(!everyone, (qb) => qb.where('u.id', '=', userId))
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
  }
}

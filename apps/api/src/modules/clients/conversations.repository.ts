import {
  defaultConversationPageSize,
  normalizeSearchKeyword,
  PAGE_SIZES,
  platformsWhere,
  ROLE_NAMES,
  seesWholeCompany,
  type WorkingHours,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import {
  DummyDriver,
  type Expression,
  expressionBuilder,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import { prepared } from '../../database/prepared-statements';
import type { Channels, Clients, DB } from '../../database/schema';
import { decodeListCursor, type ListViewer } from './conversation-list.query';
import type { ConversationsFilterInput } from './dto/conversations-filter.input';

export type ClientRow = Selectable<Clients>;
export type ClientChanges = Pick<
  Updateable<Clients>,
  | 'isArchived'
  | 'isConversationValuable'
  | 'setValuableByUser'
  | 'hasFollowUpMessage'
  | 'name'
  | 'cleanedName'
  | 'isClosed'
  | 'categoryId'
>;
export type ListedChannel = Pick<Selectable<Channels>, 'id' | 'name' | 'platform'>;

/**
 * A statement's conversation, as `row_to_json(c) AS client` with channelJsonSql and conversationExtrasSql beside it;
 * conversation.view's viewFromRow turns it into a view.
 */
export type ConversationViewRecord = {
  client: Record<string, unknown>;
  x_channel: unknown;
  x_agent: unknown;
  x_category: unknown;
  x_tags: unknown;
};

/** A contacts report row as reportPage returns it (contact-report turns it into the panel's row). */
export interface ContactReportRecord {
  id: number;
  name: string | null;
  nameFromChannel: string | null;
  lastName: string | null;
  senderId: string;
  channelId: number;
  /** As PostgreSQL wrote them (microseconds kept for the cursor). */
  createdAt: string;
  lastUpdate: string;
  channelName: string;
  platform: string;
  agentName: string | null;
  tags: Array<{ id: number; name: string }>;
  infos: Array<{ name: string; type: string; value: string }>;
}

/** A possible agent for a new conversation: their open conversations as load, their working hours. */
export interface AssignmentCandidate {
  id: number;
  load: number;
  workingHours: WorkingHours | null;
}

/** What a reassignment checks about the chosen agent. */
export interface ReassignTarget {
  companyId: number;
  /** Holds the `agent` permission (02 §6: it marks who may be given conversations). */
  isAgent: boolean;
  inSpace: boolean;
  everySpace: boolean;
  isAvailable: boolean;
  onlyAvailable: boolean;
}

/** SQL select-list item with the channel part of a conversation view, for the channel aliased `alias`. */
export function channelJsonSql(alias: string): string {
  return `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'platform', ${alias}.platform, 'phone', ${alias}.phone) AS "x_channel"`;
}

/**
 * SQL select-list items that build the extras (agent, category, tags) of the conversation aliased `alias` as
 * JSON, so any statement that returns a conversation (the list, the inbound upsert, an action's RETURNING) can
 * return its view in one go. A string, for hand-written statements; Kysely statements embed it with sql.raw.
 */
export function conversationExtrasSql(alias: string): string {
  return `(SELECT json_build_object('id', u.id, 'name', u.name, 'imageUrl', u."imageUrl") FROM users u
      WHERE u.id = ${alias}."agentId") AS "x_agent",
    (SELECT json_build_object('id', k.id, 'name', k.name) FROM categories k WHERE k.id = ${alias}."categoryId") AS "x_category",
    coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color, 'isDefault', t."isDefault",
      'key', t.key) ORDER BY t.name, t.id)
      FROM client_tags ct JOIN tags t ON t.id = ct."tagId" WHERE ct."clientId" = ${alias}.id), '[]'::json) AS "x_tags"`;
}

const VIEW_COLUMNS = sql.raw(
  `row_to_json(c) AS client, ${channelJsonSql('ch')}, ${conversationExtrasSql('c')}`,
);

/** Builds statements without a connection: the inbox benchmark runs the list's SQL itself as its ceiling. */
const COMPILER = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

type ClientScope = DB & { c: Clients };
type ListScope = DB & { c: Clients; ch: Channels };

const intArray = (ids: readonly number[]) => sql<number[]>`${ids}::int[]`;
const timestamptz = (value: string) => sql<Date>`${value}::timestamptz`;

/** 02 §5: channels of the platforms the inbox does not list (SMS) stay out of it; the platform table decides. */
function listedInInbox(): Expression<SqlBool> {
  const eb = expressionBuilder<DB & { ch: Channels }, 'ch'>();
  const hidden = platformsWhere((platform) => !platform.listedInInbox);
  if (hidden.length === 0) return sql<SqlBool>`true`;
  return eb(
    eb.ref('ch.platform'),
    'not in',
    hidden.map((platform) => sql.lit(platform)),
  );
}

/** Which date filters (and orders the contacts report): 'Últimos Creados' or 'Últimos Activos'. */
function dateColumn(input: ConversationsFilterInput): 'c.createdAt' | 'c.lastUpdate' {
  return input.filterContactsBy === 'createdAt' ? 'c.createdAt' : 'c.lastUpdate';
}

/**
 * Channels the viewer's inbox lists: the selected space's, or (no space selected) every space of theirs — every
 * space of the company for admins. A subquery, so the list needs no extra round trip.
 */
function listedChannelIds(viewer: ListViewer) {
  const everySpace = viewer.roleName === ROLE_NAMES.admin || viewer.roleName === ROLE_NAMES.superadmin;
  let query = COMPILER.selectFrom('space_channels as sc')
    .innerJoin('spaces as s', 's.id', 'sc.spaceId')
    .select('sc.channelId')
    .where('s.companyId', '=', viewer.companyId);
  if (viewer.selectedSpaceId !== null) query = query.where('s.id', '=', viewer.selectedSpaceId);
  else if (!everySpace) {
    query = query.where('s.id', 'in', (eb) =>
      eb.selectFrom('user_spaces').select('spaceId').where('userId', '=', viewer.id),
    );
  }
  return query;
}

/**
 * 02 §2, §5, §6, §7: the filters the inbox list and the contacts report (panel and export) share, as one
 * where-clause over the conversation aliased `c`: the company, the viewer's space channels, what the viewer may
 * see, and the filter input's channels, tags (any one is enough, the rule the web list applies to live events),
 * agents, group, date range and keyword.
 */
function conversationFilter(viewer: ListViewer, input: ConversationsFilterInput): Expression<SqlBool> {
  const eb = expressionBuilder<ClientScope, 'c'>();
  const where: Array<Expression<SqlBool>> = [
    eb('c.companyId', '=', viewer.companyId),
    eb('c.channelId', 'in', listedChannelIds(viewer)),
  ];
  if (!seesWholeCompany(viewer)) {
    const visible = [eb('c.agentId', '=', viewer.id)];
    if (viewer.adminOf.length) visible.push(eb('c.agentId', '=', eb.fn.any(intArray(viewer.adminOf))));
    if (viewer.roleName === ROLE_NAMES.groupadmin) visible.push(eb('c.groupAdminId', '=', viewer.id));
    where.push(eb.or(visible));
  }
  if (input.channelsIds?.length) where.push(eb('c.channelId', '=', eb.fn.any(intArray(input.channelsIds))));
  if (input.tagsIds?.length) {
    const tagsIds = input.tagsIds;
    where.push(
      eb.exists(
        eb
          .selectFrom('client_tags as ct')
          .select(eb.lit(1).as('one'))
          .whereRef('ct.clientId', '=', 'c.id')
          .where('ct.tagId', '=', eb.fn.any(intArray(tagsIds))),
      ),
    );
  }
  if (input.agentId !== undefined && input.agentId !== null) where.push(eb('c.agentId', '=', input.agentId));
  if (input.agentIdIn?.length) where.push(eb('c.agentId', '=', eb.fn.any(intArray(input.agentIdIn))));
  if (input.groupAdminId) where.push(eb('c.groupAdminId', '=', input.groupAdminId));
  const date = dateColumn(input);
  if (input.createdAtFrom) where.push(eb(date, '>=', timestamptz(input.createdAtFrom)));
  if (input.createdAtTo) where.push(eb(date, '<=', timestamptz(input.createdAtTo)));
  const keyword = normalizeSearchKeyword(input.keyword);
  if (keyword) {
    const pattern = `%${keyword.replace(/[%_\\]/g, '\\$&')}%`;
    if (viewer.permissions?.canSeePhoneNumber === true) {
      where.push(eb.or([eb('c.cleanedName', 'like', pattern), eb('c.senderId', 'like', pattern)]));
    } else {
      // Issue 15 §3: phone digits find nobody for a user who may not see phones (no guessing a number's owner):
      // the name's part of cleanedName only (rules/search appends the sender id's digits).
      where.push(
        sql<SqlBool>`replace(${sql.ref('c.cleanedName')}, regexp_replace(${sql.ref('c.senderId')}, '[^0-9]', '', 'g'), '') like ${pattern}`,
      );
    }
  }
  return eb.and(where);
}

/** What only the inbox list filters on: SMS channels, the list type, conversations without messages. */
function inboxOnly(viewer: ListViewer, input: ConversationsFilterInput): Array<Expression<SqlBool>> {
  const eb = expressionBuilder<ListScope, 'c' | 'ch'>();
  const where = [listedInInbox()];
  const type = input.filterType ?? 'assigned';
  if (type === 'archived') {
    where.push(eb('c.isArchived', '=', eb.lit(true)), eb('c.isBroadcastMessage', '=', eb.lit(false)));
  } else if (type === 'archivedBroadcast') where.push(eb('c.isBroadcastMessage', '=', eb.lit(true)));
  else where.push(eb('c.isArchived', '=', eb.lit(false)), eb('c.isBroadcastMessage', '=', eb.lit(false)));
  if (type === 'assigned') where.push(eb('c.agentId', '=', viewer.id));
  if (type === 'others') where.push(eb('c.agentId', 'is distinct from', viewer.id));
  if (type === 'unanswered') where.push(eb('c.answered', '=', eb.lit(false)));
  if (type === 'unreadMessages') where.push(eb('c.unreadMessagesCount', '>', eb.lit(0)));
  if (type === 'valuable') where.push(eb('c.isConversationValuable', '=', eb.lit(true)));
  // 02 §5: conversations without a last message show only while searching.
  if (!normalizeSearchKeyword(input.keyword)) where.push(eb('c.lastMessageId', 'is not', null));
  return where;
}

/** The keyset condition after `after`: a row comparison the (…, date, id) indexes answer directly. */
function keyset(column: 'c.createdAt' | 'c.lastUpdate', after: string): RawBuilder<SqlBool> {
  const cursor = decodeListCursor(after);
  return sql<SqlBool>`(${sql.ref(column)}, c.id) < (${cursor.u}::timestamptz, ${cursor.i}::int)`;
}

/**
 * 02 §2, §5, §6, §7: the one statement behind a page of the conversation list — the page's ids by the filters,
 * newest activity first, then each one's view (channel, agent, category, tags). It asks for one row more than the
 * page to tell whether another page follows. A deep page (keyset cursor) costs what the first does.
 */
function conversationListStatement(viewer: ListViewer, input: ConversationsFilterInput) {
  const first = input.first ?? defaultConversationPageSize(false, input.keyword);
  const where = [conversationFilter(viewer, input), ...inboxOnly(viewer, input)];
  if (input.after) where.push(keyset('c.lastUpdate', input.after));
  let page = COMPILER.selectFrom('clients as c')
    .innerJoin('channels as ch', 'ch.id', 'c.channelId')
    .select('c.id')
    .where((eb) => eb.and(where))
    .orderBy('c.lastUpdate', 'desc')
    .orderBy('c.id', 'desc')
    .limit(first + 1);
  if (!input.after && input.skip) page = page.offset(input.skip);
  return sql<ConversationViewRecord>`WITH page AS ${page}
    SELECT ${VIEW_COLUMNS}
    FROM page JOIN clients c ON c.id = page.id JOIN channels ch ON ch.id = c."channelId"
    ORDER BY c."lastUpdate" DESC, c.id DESC`;
}

/** The list's statement as SQL text and parameters: what the inbox benchmark runs bare as its ceiling. */
export function conversationListQuery(
  viewer: ListViewer,
  input: ConversationsFilterInput,
): { text: string; values: readonly unknown[] } {
  const compiled = conversationListStatement(viewer, input).compile(COMPILER);
  return { text: compiled.sql, values: compiled.parameters };
}

/**
 * 02 §2 "Contacts panel" (`custom: true`) and its export: every contact the viewer can see in their space's
 * channels — archived ones and ones without messages included, since an imported or hand-made contact has none —
 * newest first by the chosen date, keyset-paginated on it, with what a report row shows.
 */
function contactsReportStatement(viewer: ListViewer, input: ConversationsFilterInput) {
  const first = input.first ?? PAGE_SIZES.report;
  const date = dateColumn(input);
  const where = [conversationFilter(viewer, input)];
  if (input.after) where.push(keyset(date, input.after));
  let page = COMPILER.selectFrom('clients as c')
    .select('c.id')
    .where((eb) => eb.and(where))
    .orderBy(date, 'desc')
    .orderBy('c.id', 'desc')
    .limit(first + 1);
  if (!input.after && input.skip) page = page.offset(input.skip);
  return sql<ContactReportRecord>`WITH page AS ${page}
    SELECT c.id, c.name, c."nameFromChannel", c."lastName", c."senderId", c."channelId",
      to_json(c."createdAt") AS "createdAt", to_json(c."lastUpdate") AS "lastUpdate",
      ch.name AS "channelName", ch.platform,
      (SELECT u.name FROM users u WHERE u.id = c."agentId") AS "agentName",
      coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name, t.id)
        FROM client_tags ct JOIN tags t ON t.id = ct."tagId" WHERE ct."clientId" = c.id), '[]'::json) AS tags,
      coalesce((SELECT json_agg(json_build_object('name', f.name, 'type', f.type, 'value', i.value)
          ORDER BY f."isDefault" DESC, f."createdAt", f.id)
        FROM client_infos i JOIN datasheet_fields f ON f.id = i."fieldId"
        WHERE i."clientId" = c.id AND i.value <> ''), '[]'::json) AS infos
    FROM page JOIN clients c ON c.id = page.id JOIN channels ch ON ch.id = c."channelId"
    ORDER BY ${sql.ref(date)} DESC, c.id DESC`;
}

/**
 * Agents who could take a new conversation of the channel now, when the company has automatic assignment on:
 * available users whose role carries the agent permission (admins and superadmins excepted: they supervise),
 * with a space holding the channel; their open conversations counted as their load.
 */
function candidatesStatement(companyId: number, channelId: number, automaticByDefault: boolean) {
  return sql<AssignmentCandidate>`${prepared('auto-assignment-candidates')}
    SELECT u.id,
           (SELECT count(*)::int FROM clients c
             WHERE c."companyId" = u."companyId" AND c."agentId" = u.id AND NOT c."isArchived" AND NOT c."isClosed") AS load,
           (SELECT json_build_object('timezone', w.timezone, 'isActive', w."isActive", 'days', w.days)
              FROM user_working_hours w WHERE w."userId" = u.id) AS "workingHours"
      FROM users u
      JOIN roles r ON r.id = u."roleId"
     WHERE u."companyId" = ${companyId} AND u."isAvailable" AND r.name <> ALL(${[ROLE_NAMES.admin, ROLE_NAMES.superadmin]})
       AND coalesce((SELECT (co.settings->>'automaticAssignment')::boolean FROM companies co WHERE co.id = ${companyId}),
                    ${automaticByDefault})
       AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp."permissionId"
                    WHERE rp."roleId" = r.id AND p.name = 'agent')
       AND EXISTS (SELECT 1 FROM user_spaces us JOIN space_channels sc ON sc."spaceId" = us."spaceId"
                    WHERE us."userId" = u.id AND sc."channelId" = ${channelId})`;
}

/**
 * The clients table (02 §3 Conversation): the inbox list and the contacts report (keyset-paginated), conversation
 * views, automatic and manual assignment, and the conversation actions' writes.
 */
@Injectable()
export class ConversationsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  findById(id: number): Promise<ClientRow | undefined> {
    return this.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The channels (not SMS) the viewer's inbox lists, by name. */
  listedChannels(viewer: ListViewer): Promise<ListedChannel[]> {
    return this.db
      .selectFrom('channels as ch')
      .select(['ch.id', 'ch.name', 'ch.platform'])
      .where('ch.companyId', '=', viewer.companyId)
      .where(listedInInbox())
      .where('ch.id', 'in', listedChannelIds(viewer))
      .orderBy('ch.name')
      .orderBy('ch.id')
      .execute();
  }

  /** A page of the inbox list plus one row (whether more follow), newest activity first. */
  async listPage(viewer: ListViewer, input: ConversationsFilterInput): Promise<ConversationViewRecord[]> {
    return (await conversationListStatement(viewer, input).execute(this.db)).rows;
  }

  /** How many of `ids` (no repetitions) are the company's rows in `table`. */
  async countOwned(
    table: 'channels' | 'tags' | 'users',
    companyId: number,
    ids: readonly number[],
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await this.db
      .selectFrom(table as 'channels')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('id', 'in', [...ids])
      .where('companyId', '=', companyId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** A page of the contacts report plus one row, newest first by the chosen date. */
  async reportPage(viewer: ListViewer, input: ConversationsFilterInput): Promise<ContactReportRecord[]> {
    return (await contactsReportStatement(viewer, input).execute(this.db)).rows;
  }

  /** These conversations with their view columns, in no particular order (ids that do not exist left out). */
  async views(ids: readonly number[]): Promise<ConversationViewRecord[]> {
    const { rows } = await sql<ConversationViewRecord>`
      SELECT ${VIEW_COLUMNS} FROM clients c JOIN channels ch ON ch.id = c."channelId" WHERE c.id = ANY(${ids})`.execute(
      this.db,
    );
    return rows;
  }

  async assignmentCandidates(
    companyId: number,
    channelId: number,
    automaticByDefault: boolean,
  ): Promise<AssignmentCandidate[]> {
    return (await candidatesStatement(companyId, channelId, automaticByDefault).execute(this.db)).rows;
  }

  /** Gives the conversation to the agent only if nobody assigned it meanwhile (an admin quicker keeps theirs). */
  async assignIfUnassigned(clientId: number, agentId: number, db: Executor = this.db): Promise<boolean> {
    const row = await db
      .updateTable('clients')
      .set({ agentId, updatedAt: sql`now()` })
      .where('id', '=', clientId)
      .where('agentId', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The agent a conversation of the channel would go to, with what 02 §4 reassignment checks of them. */
  async reassignTarget(
    agentId: number,
    channelId: number,
    onlyAvailableByDefault: boolean,
  ): Promise<ReassignTarget | undefined> {
    const { rows } = await sql<ReassignTarget>`
      SELECT u."companyId", r.name IN (${ROLE_NAMES.admin}, ${ROLE_NAMES.superadmin}) AS "everySpace", u."isAvailable",
        coalesce((SELECT (co.settings->>'forceActiveAgentsReassignation')::boolean
                    FROM companies co WHERE co.id = u."companyId"), ${onlyAvailableByDefault}) AS "onlyAvailable",
        EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp."permissionId"
          WHERE rp."roleId" = r.id AND p.name = 'agent') AS "isAgent",
        EXISTS (SELECT 1 FROM user_spaces us JOIN space_channels sc ON sc."spaceId" = us."spaceId"
          WHERE us."userId" = u.id AND sc."channelId" = ${channelId}) AS "inSpace"
      FROM users u JOIN roles r ON r.id = u."roleId" WHERE u.id = ${agentId}`.execute(this.db);
    return rows[0];
  }

  /** A user's company and role name (a group's leader is a user with the groupadmin role). */
  userRole(userId: number): Promise<{ companyId: number; roleName: string } | undefined> {
    return this.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.roleId')
      .select(['u.companyId', 'r.name as roleName'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * One transaction: the new owner (a group admin only when given), and the company's predefined tag (created
   * the first time) on the conversation.
   */
  async assign(
    clientId: number,
    owner: { agentId: number | null; groupAdminId?: number },
    tag: { companyId: number; name: string; color: string; key: string },
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('clients')
        .set({
          agentId: owner.agentId,
          ...(owner.groupAdminId !== undefined ? { groupAdminId: owner.groupAdminId } : {}),
          updatedAt: sql`now()`,
        })
        .where('id', '=', clientId)
        .execute();
      const { id: tagId } = await trx
        .insertInto('tags')
        .values({ ...tag, isDefault: true })
        .onConflict((oc) => oc.column('key').doUpdateSet({ isDefault: true }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.addTag(clientId, tagId, trx);
    });
  }

  async addTag(clientId: number, tagId: number, db: Executor = this.db): Promise<void> {
    await db
      .insertInto('client_tags')
      .values({ clientId, tagId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeTag(clientId: number, tagId: number): Promise<void> {
    await this.db
      .deleteFrom('client_tags')
      .where('clientId', '=', clientId)
      .where('tagId', '=', tagId)
      .execute();
  }

  async update(clientId: number, changes: ClientChanges): Promise<void> {
    await this.db
      .updateTable('clients')
      .set({ ...changes, updatedAt: sql`now()` })
      .where('id', '=', clientId)
      .execute();
  }

  /** Closed, and archived too when `archive` (an archived conversation stays archived). */
  async close(clientId: number, archive: boolean): Promise<void> {
    await this.db
      .updateTable('clients')
      .set({ isClosed: true, isArchived: sql<boolean>`"isArchived" OR ${archive}`, updatedAt: sql`now()` })
      .where('id', '=', clientId)
      .execute();
  }

  /** The company's conversations among `ids` deleted (messages, tags, follow-ups go by cascade); their ids. */
  async deleteMany(companyId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .deleteFrom('clients')
      .where((eb) => eb('id', '=', eb.fn.any(eb.val([...ids]))))
      .where('companyId', '=', companyId)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The conversation's data-sheet values by field name, as the CRM receives them. */
  crmInfo(clientId: number): Promise<Array<{ field: string; value: string }>> {
    return this.db
      .selectFrom('client_infos as i')
      .innerJoin('datasheet_fields as f', 'f.id', 'i.fieldId')
      .select(['f.name as field', 'i.value'])
      .where('i.clientId', '=', clientId)
      .orderBy('f.name')
      .execute();
  }
}

import { normalizeSearchKeyword, PAGE_SIZES, ROLE_NAMES } from '@crm/shared';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { seesWholeCompany } from './client-access';
import { channelJsonSql, conversationExtrasSql } from './conversation.view';
import type { ConversationsFilterInput } from './dto/conversations-filter.input';

/** Who asks, as the list needs it (read with the session: no query). */
export type ListViewer = Pick<AuthUser, 'id' | 'companyId' | 'roleName' | 'adminOf' | 'selectedSpaceId'>;

export interface ListCursor {
  /** The last row's lastUpdate exactly as PostgreSQL wrote it (microseconds: a JS Date would round them off). */
  u: string;
  i: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;

export function encodeListCursor(client: { lastUpdate: string; id: number }): string {
  return Buffer.from(JSON.stringify({ u: client.lastUpdate, i: client.id })).toString('base64url');
}

export function decodeListCursor(raw: string): ListCursor {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as ListCursor;
    if (!Number.isInteger(value.i) || typeof value.u !== 'string' || !TIMESTAMP.test(value.u))
      throw new Error();
    return value;
  } catch {
    throw AppException.validation('after', 'El cursor de paginación no es válido.');
  }
}

/** SQL with its positional parameters. */
export interface SqlStatement {
  text: string;
  values: unknown[];
}

/**
 * Channels the viewer's inbox lists: the selected space's, or (no space selected) every space of theirs — every
 * space of the company for admins. A subquery, so the list needs no extra round trip.
 */
function listedChannelsSql(viewer: ListViewer, p: (value: unknown) => string): string {
  const everySpace = viewer.roleName === ROLE_NAMES.admin || viewer.roleName === ROLE_NAMES.superadmin;
  const space = viewer.selectedSpaceId;
  const spaces =
    space !== null
      ? `s.id = ${p(space)}`
      : everySpace
        ? 'true'
        : `s.id IN (SELECT "spaceId" FROM user_spaces WHERE "userId" = ${p(viewer.id)})`;
  return `SELECT sc."channelId" FROM space_channels sc JOIN spaces s ON s.id = sc."spaceId"
      WHERE s."companyId" = ${p(viewer.companyId)} AND ${spaces}`;
}

/** The channels (not SMS) the viewer's inbox lists, by name. */
export function listedChannelsQuery(viewer: ListViewer): SqlStatement {
  const values: unknown[] = [];
  const p = (value: unknown) => `$${values.push(value)}`;
  return {
    text: `SELECT ch.id, ch.name, ch.platform FROM channels ch
      WHERE ch."companyId" = ${p(viewer.companyId)} AND ch.platform <> 'sms'
        AND ch.id IN (${listedChannelsSql(viewer, p)})
      ORDER BY ch.name, ch.id`,
    values,
  };
}

/**
 * 02 §2, §5, §6, §7: the one statement behind a page of the conversation list — the page's ids by the filters,
 * newest activity first, then each one's view (channel, agent, category, tags). It asks for one row more than the
 * page to tell whether another page follows. Built by hand rather than with TypeORM's query builder: it runs on
 * every scroll of every agent, and the builder cost more than the rest of the request's own work (bench/inbox-list).
 * The benchmark runs this same function for its bare-SQL ceiling.
 */
export function conversationListQuery(viewer: ListViewer, input: ConversationsFilterInput): SqlStatement {
  const values: unknown[] = [];
  const p = (value: unknown) => `$${values.push(value)}`;
  const first = input.first ?? PAGE_SIZES.list;
  const keyword = normalizeSearchKeyword(input.keyword);
  const type = input.filterType ?? 'assigned';
  const where = [
    `c."companyId" = ${p(viewer.companyId)}`,
    // 02 §5: SMS channels stay out of the normal lists.
    `ch.platform <> 'sms'`,
    `c."channelId" IN (${listedChannelsSql(viewer, p)})`,
  ];
  if (input.channelsIds?.length) where.push(`c."channelId" = ANY(${p(input.channelsIds)}::int[])`);
  // 02 §7 tagsIds: any one of the tags is enough (the same rule the web list applies to live events).
  if (input.tagsIds?.length) {
    where.push(
      `EXISTS (SELECT 1 FROM client_tags ct WHERE ct."clientId" = c.id AND ct."tagId" = ANY(${p(input.tagsIds)}::int[]))`,
    );
  }
  let meParam: string | undefined;
  const me = () => {
    meParam ??= p(viewer.id);
    return meParam;
  };
  if (!seesWholeCompany({ user: viewer, adminOf: viewer.adminOf })) {
    const ofGroup = viewer.roleName === ROLE_NAMES.groupadmin ? ` OR c."groupAdminId" = ${me()}` : '';
    const ofAgents = viewer.adminOf.length ? ` OR c."agentId" = ANY(${p(viewer.adminOf)}::int[])` : '';
    where.push(`(c."agentId" = ${me()}${ofAgents}${ofGroup})`);
  }
  if (type === 'archived') where.push('c."isArchived" = true AND c."isBroadcastMessage" = false');
  else if (type === 'archivedBroadcast') where.push('c."isBroadcastMessage" = true');
  else where.push('c."isArchived" = false AND c."isBroadcastMessage" = false');
  if (type === 'assigned') where.push(`c."agentId" = ${me()}`);
  if (type === 'others') where.push(`c."agentId" IS DISTINCT FROM ${me()}`);
  if (type === 'unanswered') where.push('c.answered = false');
  if (type === 'unreadMessages') where.push('c."unreadMessagesCount" > 0');
  if (type === 'valuable') where.push('c."isConversationValuable" = true');
  if (input.agentId !== undefined && input.agentId !== null) where.push(`c."agentId" = ${p(input.agentId)}`);
  if (input.agentIdIn?.length) where.push(`c."agentId" = ANY(${p(input.agentIdIn)}::int[])`);
  if (input.groupAdminId) where.push(`c."groupAdminId" = ${p(input.groupAdminId)}`);

  const dateColumn = input.filterContactsBy === 'createdAt' ? 'c."createdAt"' : 'c."lastUpdate"';
  if (input.createdAtFrom) where.push(`${dateColumn} >= ${p(input.createdAtFrom)}::timestamptz`);
  if (input.createdAtTo) where.push(`${dateColumn} <= ${p(input.createdAtTo)}::timestamptz`);

  if (keyword) {
    const pattern = p(`%${keyword.replace(/[%_\\]/g, '\\$&')}%`);
    where.push(`(c."cleanedName" LIKE ${pattern} OR c."senderId" LIKE ${pattern})`);
  } else {
    // 02 §5: conversations without a last message show only while searching.
    where.push('c."lastMessageId" IS NOT NULL');
  }

  let offset = '';
  if (input.after) {
    const cursor = decodeListCursor(input.after);
    // A row comparison the (…, "lastUpdate", id) indexes answer directly: a deep page costs what the first does.
    where.push(`(c."lastUpdate", c.id) < (${p(cursor.u)}::timestamptz, ${p(cursor.i)}::int)`);
  } else if (input.skip) {
    offset = ` OFFSET ${p(input.skip)}::int`;
  }
  const page = `SELECT c.id FROM clients c JOIN channels ch ON ch.id = c."channelId"
      WHERE ${where.join('\n        AND ')}
      ORDER BY c."lastUpdate" DESC, c.id DESC LIMIT ${p(first + 1)}::int${offset}`;
  return {
    text: `WITH page AS (${page})
      SELECT row_to_json(c) AS client, ${channelJsonSql('ch')}, ${conversationExtrasSql('c')}
      FROM page JOIN clients c ON c.id = page.id JOIN channels ch ON ch.id = c."channelId"
      ORDER BY c."lastUpdate" DESC, c.id DESC`,
    values,
  };
}

/** Which date orders (and filters) the contacts report: 'Últimos Creados' or 'Últimos Activos'. */
function reportDateColumn(input: ConversationsFilterInput): '"createdAt"' | '"lastUpdate"' {
  return input.filterContactsBy === 'createdAt' ? '"createdAt"' : '"lastUpdate"';
}

/**
 * 02 §2 "Contacts panel" (`custom: true`): every contact the viewer can see in their space's channels — archived
 * ones and ones without messages included, since an imported or hand-made contact has none — newest first by the
 * chosen date, keyset-paginated on it, with what a report row shows (agent, tags, data-sheet values).
 */
export function contactsReportQuery(viewer: ListViewer, input: ConversationsFilterInput): SqlStatement {
  const values: unknown[] = [];
  const p = (value: unknown) => `$${values.push(value)}`;
  const first = input.first ?? PAGE_SIZES.report;
  const date = `c.${reportDateColumn(input)}`;
  const keyword = normalizeSearchKeyword(input.keyword);
  const where = [
    `c."companyId" = ${p(viewer.companyId)}`,
    `c."channelId" IN (${listedChannelsSql(viewer, p)})`,
  ];
  if (!seesWholeCompany({ user: viewer, adminOf: viewer.adminOf })) {
    const me = p(viewer.id);
    const ofGroup = viewer.roleName === ROLE_NAMES.groupadmin ? ` OR c."groupAdminId" = ${me}` : '';
    const ofAgents = viewer.adminOf.length ? ` OR c."agentId" = ANY(${p(viewer.adminOf)}::int[])` : '';
    where.push(`(c."agentId" = ${me}${ofAgents}${ofGroup})`);
  }
  if (input.channelsIds?.length) where.push(`c."channelId" = ANY(${p(input.channelsIds)}::int[])`);
  if (input.tagsIds?.length) {
    where.push(
      `EXISTS (SELECT 1 FROM client_tags ct WHERE ct."clientId" = c.id AND ct."tagId" = ANY(${p(input.tagsIds)}::int[]))`,
    );
  }
  if (input.agentId !== undefined && input.agentId !== null) where.push(`c."agentId" = ${p(input.agentId)}`);
  if (input.agentIdIn?.length) where.push(`c."agentId" = ANY(${p(input.agentIdIn)}::int[])`);
  if (input.groupAdminId) where.push(`c."groupAdminId" = ${p(input.groupAdminId)}`);
  if (input.createdAtFrom) where.push(`${date} >= ${p(input.createdAtFrom)}::timestamptz`);
  if (input.createdAtTo) where.push(`${date} <= ${p(input.createdAtTo)}::timestamptz`);
  if (keyword) {
    const pattern = p(`%${keyword.replace(/[%_\\]/g, '\\$&')}%`);
    where.push(`(c."cleanedName" LIKE ${pattern} OR c."senderId" LIKE ${pattern})`);
  }
  let offset = '';
  if (input.after) {
    const cursor = decodeListCursor(input.after);
    where.push(`(${date}, c.id) < (${p(cursor.u)}::timestamptz, ${p(cursor.i)}::int)`);
  } else if (input.skip) {
    offset = ` OFFSET ${p(input.skip)}::int`;
  }
  const page = `SELECT c.id FROM clients c WHERE ${where.join('\n        AND ')}
      ORDER BY ${date} DESC, c.id DESC LIMIT ${p(first + 1)}::int${offset}`;
  return {
    text: `WITH page AS (${page})
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
      ORDER BY c.${reportDateColumn(input)} DESC, c.id DESC`,
    values,
  };
}

/** A contacts report row as the query above returns it. */
export interface ContactReportRecord {
  id: number;
  name: string | null;
  nameFromChannel: string | null;
  lastName: string | null;
  senderId: string;
  channelId: number;
  createdAt: string;
  lastUpdate: string;
  channelName: string;
  platform: string;
  agentName: string | null;
  tags: Array<{ id: number; name: string }>;
  infos: Array<{ name: string; type: string; value: string }>;
}

export function reportCursor(record: ContactReportRecord, input: ConversationsFilterInput): string {
  return encodeListCursor({
    lastUpdate: input.filterContactsBy === 'createdAt' ? record.createdAt : record.lastUpdate,
    id: record.id,
  });
}

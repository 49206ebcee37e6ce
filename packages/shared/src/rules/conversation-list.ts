import type {
  ArchivedPayload,
  ClientRenamedPayload,
  ConversationChangedPayload,
  ConversationRemovedPayload,
  ConversationValuablePayload,
  ConversationView,
  MessageStatusPayload,
  MessageView,
  NewMessagePayload,
  TagsUpdatePayload,
  UnassignClientPayload,
  UnreadCountPayload,
} from '../messaging';
import { ROLE_NAMES } from '../permissions';
import { isListedInInbox } from '../platforms';
import { normalizeSearchKeyword } from './search';

export const CONVERSATION_MESSAGES = {
  filterValue: 'Valor de filtro inválido',
  filterType: 'Tipo de filtro inválido',
  keywordTooLong: 'La búsqueda es demasiado larga',
  pageTooLarge: 'Se pueden pedir como máximo 5000 conversaciones',
  cursor: 'El cursor de paginación no es válido.',
  selectConversation: 'Selecciona al menos una conversación.',
  unarchiveDisabled: 'Tu empresa no permite desarchivar conversaciones.',
} as const;

/**
 * 02 §2: the inbox filter types. The API validates `filterType` against this list, so values and order must
 * stay as the API's conversations-filter input has them.
 */
export const CONVERSATION_FILTER_TYPES = [
  'assigned',
  'all',
  'unanswered',
  'unreadMessages',
  'archived',
  'archivedBroadcast',
  'valuable',
  'others',
] as const;

export type ConversationFilterType = (typeof CONVERSATION_FILTER_TYPES)[number];

/** Filter types read from a URL or local storage are untrusted until checked. */
export function isConversationFilterType(x: string): x is ConversationFilterType {
  return (CONVERSATION_FILTER_TYPES as readonly string[]).includes(x);
}

export interface ConversationListFilter {
  type: ConversationFilterType;
  /** Raw text from the search box; normalised here the same way the server does (02 §5). */
  keyword: string | null;
  /** Any one of these tags is enough. Empty: no tag condition. */
  tagsIds: number[];
  agentId: number | null;
  /** Empty: every channel of the space. */
  channelsIds: number[];
  /** ISO instants, both inclusive, compared against lastUpdate as the server compares timestamps. */
  dateFrom: string | null;
  dateTo: string | null;
}

/** 02 §2: the filter type defaults to assigned. */
export const DEFAULT_CONVERSATION_FILTER: ConversationListFilter = {
  type: 'assigned',
  keyword: null,
  tagsIds: [],
  agentId: null,
  channelsIds: [],
  dateFrom: null,
  dateTo: null,
};

/** Who is looking at the list: the same facts the API uses to scope its query (02 §6). */
export interface ConversationViewer {
  userId: number;
  roleName: string;
  /** Agents this user administers (isAdminOfIds). */
  adminOf: number[];
  /** Channels of the user's selected space: lists are per space (02 §4). */
  spaceChannelIds: number[];
}

// 02 §6: an admin with isAdminOfIds is narrowed to those agents, like any other administrator of agents.
export function seesWholeCompany(viewer: { roleName: string; adminOf: readonly number[] }): boolean {
  return (
    (viewer.roleName === ROLE_NAMES.admin || viewer.roleName === ROLE_NAMES.superadmin) &&
    viewer.adminOf.length === 0
  );
}

/**
 * The view the inbox opens on (issue 19). 02 §2 defaults to 'Asignadas', but a new customer's conversation lands
 * unassigned, so who may see unassigned conversations (admins and superadmins over the whole company) opens on
 * 'Todas' and finds it there; everybody else sees only their own anyway and keeps 'Asignadas'.
 */
export function defaultConversationFilterType(viewer: {
  roleName: string;
  adminOf: readonly number[];
}): ConversationFilterType {
  return seesWholeCompany(viewer) ? 'all' : DEFAULT_CONVERSATION_FILTER.type;
}

/**
 * 02 §6, the one visibility rule (the API's single-conversation check and its list SQL agree with it, row for row):
 * admins and superadmins see every conversation; users with isAdminOfIds see those of their agents; group admins
 * those whose groupAdminId is theirs or whose agent they administer; everybody else only the ones assigned to them.
 */
export function seesConversationOf(
  viewer: Pick<ConversationViewer, 'userId' | 'roleName' | 'adminOf'>,
  conversation: { agentId: number | null; groupAdminId: number | null },
): boolean {
  if (seesWholeCompany(viewer)) return true;
  const { agentId } = conversation;
  if (agentId === viewer.userId) return true;
  if (agentId !== null && viewer.adminOf.includes(agentId)) return true;
  return viewer.roleName === ROLE_NAMES.groupadmin && conversation.groupAdminId === viewer.userId;
}

/**
 * Whether a conversation belongs in the viewer's lists: the rule above, within the channels of the spaces the
 * list shows (the space restriction applies to every role, admins included), so a socket event cannot show a row
 * the next fetch would not return.
 */
export function canViewerSeeConversation(
  viewer: ConversationViewer,
  conversation: Pick<ConversationView, 'agentId' | 'groupAdminId' | 'channel'>,
): boolean {
  return viewer.spaceChannelIds.includes(conversation.channel.id) && seesConversationOf(viewer, conversation);
}

// 02 §2 / §5: archived and broadcast conversations live only in their own views.
function passesType(conversation: ConversationView, type: ConversationFilterType, userId: number): boolean {
  if (type === 'archived') return conversation.isArchived && !conversation.isBroadcastMessage;
  if (type === 'archivedBroadcast') return conversation.isBroadcastMessage;
  if (conversation.isArchived || conversation.isBroadcastMessage) return false;
  switch (type) {
    case 'assigned':
      return conversation.agentId === userId;
    case 'others':
      // Unassigned conversations count as someone else's, as SQL's IS DISTINCT FROM does on the server.
      return conversation.agentId !== userId;
    case 'unanswered':
      return !conversation.answered;
    case 'unreadMessages':
      return conversation.unreadMessages > 0;
    case 'valuable':
      return conversation.isConversationValuable;
    case 'all':
      return true;
  }
}

// An unparseable instant is treated as absent rather than hiding everything: the server rejects it anyway.
function instant(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

function passesDateRange(lastUpdate: string | null, from: string | null, to: string | null): boolean {
  const fromMs = instant(from);
  const toMs = instant(to);
  if (fromMs === null && toMs === null) return true;
  // In SQL a NULL lastUpdate fails any comparison, so a bounded range never lists it.
  const at = instant(lastUpdate);
  if (at === null) return false;
  return (fromMs === null || at >= fromMs) && (toMs === null || at <= toMs);
}

/**
 * Whether the API's list query (02 §2, §5, §6) would return this conversation for this filter. Live events are
 * judged with it so the list stays what a refetch would show.
 */
export function matchesConversationFilter(
  conversation: ConversationView,
  filter: ConversationListFilter,
  viewer: ConversationViewer,
): boolean {
  // 02 §5: SMS channels are excluded from normal lists.
  if (!isListedInInbox(conversation.channel.platform)) return false;
  if (!canViewerSeeConversation(viewer, conversation)) return false;
  if (!passesType(conversation, filter.type, viewer.userId)) return false;
  if (filter.tagsIds.length > 0 && !conversation.tags.some((tag) => filter.tagsIds.includes(tag.id))) {
    return false;
  }
  if (filter.agentId !== null && conversation.agentId !== filter.agentId) return false;
  if (filter.channelsIds.length > 0 && !filter.channelsIds.includes(conversation.channel.id)) return false;
  if (!passesDateRange(conversation.lastUpdate, filter.dateFrom, filter.dateTo)) return false;
  const keyword = normalizeSearchKeyword(filter.keyword);
  // 02 §5: a conversation without a last message is only reachable by searching for it.
  if (keyword === null) return conversation.lastMessageId !== null;
  // The server's LIKE is case-sensitive; cleanedName is already lowercase and accent-free (02 §3).
  return conversation.cleanedName.includes(keyword) || (conversation.senderId ?? '').includes(keyword);
}

/** The server's list order (lastUpdate DESC NULLS LAST, id DESC), so inserted rows land where a refetch puts them. */
export function compareConversations(
  a: Pick<ConversationView, 'id' | 'lastUpdate'>,
  b: Pick<ConversationView, 'id' | 'lastUpdate'>,
): number {
  const aAt = instant(a.lastUpdate);
  const bAt = instant(b.lastUpdate);
  if (aAt !== bAt) {
    if (aAt === null) return 1;
    if (bAt === null) return -1;
    return bAt - aAt;
  }
  return b.id - a.id;
}

export interface ConversationListState {
  items: ConversationView[];
  selectedId: number | null;
}

export const EMPTY_CONVERSATION_LIST: ConversationListState = { items: [], selectedId: null };

/** The real-time events (02 §7) that change the inbox list, named as on the wire so a handler can forward them. */
export type ConversationListEvent =
  | { kind: 'newMessage'; payload: NewMessagePayload }
  | { kind: 'newClient'; payload: NewMessagePayload }
  | { kind: 'openClient'; payload: ConversationChangedPayload }
  | { kind: 'archived'; payload: ArchivedPayload }
  | { kind: 'unassignClient'; payload: UnassignClientPayload }
  | { kind: 'tagsUpdate'; payload: TagsUpdatePayload }
  | { kind: 'conversationValuable'; payload: ConversationValuablePayload }
  | { kind: 'newUserName'; payload: ClientRenamedPayload }
  | { kind: 'messageStatus'; payload: MessageStatusPayload }
  | { kind: 'markAsRead'; payload: UnreadCountPayload }
  | { kind: 'markAsUnread'; payload: UnreadCountPayload }
  | { kind: 'deleteConversation'; payload: ConversationRemovedPayload };

export type ConversationListEventKind = ConversationListEvent['kind'];

/** Every event the list listens to, for subscribing in one loop. */
export const CONVERSATION_LIST_EVENT_KINDS = [
  'newMessage',
  'newClient',
  'openClient',
  'archived',
  'unassignClient',
  'tagsUpdate',
  'conversationValuable',
  'newUserName',
  'messageStatus',
  'markAsRead',
  'markAsUnread',
  'deleteConversation',
] as const satisfies readonly ConversationListEventKind[];

function indexOfConversation(items: readonly ConversationView[], id: number): number {
  return items.findIndex((item) => item.id === id);
}

function withoutIndex<T>(items: readonly T[], index: number): T[] {
  return [...items.slice(0, index), ...items.slice(index + 1)];
}

function insertInOrder(items: readonly ConversationView[], row: ConversationView): ConversationView[] {
  const index = items.findIndex((item) => compareConversations(row, item) < 0);
  if (index === -1) return [...items, row];
  return [...items.slice(0, index), row, ...items.slice(index)];
}

// Rows are plain JSON from the API, so a structural comparison tells a repeated event from a real change and
// lets the caller skip a re-render.
function sameJson(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = Object.keys(aRecord);
  if (keys.length !== Object.keys(bRecord).length) return false;
  return keys.every((key) => Object.hasOwn(bRecord, key) && sameJson(aRecord[key], bRecord[key]));
}

function updateRow(
  state: ConversationListState,
  id: number,
  change: (row: ConversationView) => ConversationView,
): ConversationListState {
  const index = indexOfConversation(state.items, id);
  if (index === -1) return state;
  const current = state.items[index];
  const next = change(current);
  if (next === current) return state;
  const items = state.items.slice();
  items[index] = next;
  return { ...state, items };
}

/** 02 §4: a conversation that leaves the list takes the selection with it. */
function removeConversation(state: ConversationListState, id: number): ConversationListState {
  const index = indexOfConversation(state.items, id);
  const wasSelected = state.selectedId === id;
  if (index === -1 && !wasSelected) return state;
  return {
    items: index === -1 ? state.items : withoutIndex(state.items, index),
    selectedId: wasSelected ? null : state.selectedId,
  };
}

/**
 * A conversation that fails the filters. If it was listed it goes (02 §4). An unlisted one may still be open
 * from its URL: that stays open unless the viewer lost access, since the API would refuse to load it.
 */
function dropConversation(
  state: ConversationListState,
  conversation: ConversationView,
  viewer: ConversationViewer,
): ConversationListState {
  if (indexOfConversation(state.items, conversation.id) !== -1) {
    return removeConversation(state, conversation.id);
  }
  if (state.selectedId === conversation.id && !canViewerSeeConversation(viewer, conversation)) {
    return { ...state, selectedId: null };
  }
  return state;
}

// 02 §4: the open conversation is being read, so it stays at 0. A client message adds one to what this list
// already shows (the server's count may lag the local reads); any other message brings the server's count.
function unreadAfterMessage(
  state: ConversationListState,
  listed: ConversationView | undefined,
  conversation: ConversationView,
  message: MessageView,
): number {
  if (state.selectedId === conversation.id) return 0;
  if (message.sender !== 'CLIENT') return conversation.unreadMessages;
  if (listed !== undefined) return listed.unreadMessages + 1;
  // 02 §4: a new unseen conversation shows at least one unread message.
  return Math.max(1, conversation.unreadMessages);
}

function applyIncomingMessage(
  state: ConversationListState,
  payload: NewMessagePayload,
  filter: ConversationListFilter,
  viewer: ConversationViewer,
): ConversationListState {
  const { client, message } = payload;
  const index = indexOfConversation(state.items, client.id);
  const listed = index === -1 ? undefined : state.items[index];
  // A re-delivered event, or a page fetched after the message was stored, already counts this message.
  if (listed !== undefined && listed.lastMessageId === message.id) return state;
  // Membership is judged on the server's row, so the list matches what a refetch would return.
  if (!matchesConversationFilter(client, filter, viewer)) return dropConversation(state, client, viewer);
  const row: ConversationView = {
    ...client,
    unreadMessages: unreadAfterMessage(state, listed, client, message),
  };
  const rest = index === -1 ? state.items : withoutIndex(state.items, index);
  // 02 §4: new activity goes to the top, listed or not.
  return { ...state, items: [row, ...rest] };
}

function applyConversationChange(
  state: ConversationListState,
  client: ConversationView,
  filter: ConversationListFilter,
  viewer: ConversationViewer,
): ConversationListState {
  if (!matchesConversationFilter(client, filter, viewer)) return dropConversation(state, client, viewer);
  const row: ConversationView = state.selectedId === client.id ? { ...client, unreadMessages: 0 } : client;
  const index = indexOfConversation(state.items, client.id);
  if (index === -1) return { ...state, items: insertInOrder(state.items, row) };
  const listed = state.items[index];
  // A tag, name or flag change must not make rows jump; only a new sort key moves the row.
  if (compareConversations(listed, row) === 0) {
    if (sameJson(listed, row)) return state;
    const items = state.items.slice();
    items[index] = row;
    return { ...state, items };
  }
  return { ...state, items: insertInOrder(withoutIndex(state.items, index), row) };
}

/**
 * The inbox list's reducer for real-time events (02 §4 "Conversation list"). Pure: it returns the same state
 * object when the event changes nothing, so a React store can skip the render.
 */
export function applyConversationEvent(
  state: ConversationListState,
  event: ConversationListEvent,
  filter: ConversationListFilter,
  viewer: ConversationViewer,
): ConversationListState {
  switch (event.kind) {
    case 'newMessage':
    case 'newClient':
      return applyIncomingMessage(state, event.payload, filter, viewer);
    case 'openClient':
    case 'archived':
    case 'unassignClient':
    case 'tagsUpdate':
    case 'conversationValuable':
    case 'newUserName':
      return applyConversationChange(state, event.payload.client, filter, viewer);
    case 'messageStatus': {
      // The server already applied the rank rule (02 §4); without a conversation status there is nothing to show.
      const status = event.payload.lastMessageStatus;
      if (!status) return state;
      return updateRow(state, event.payload.clientId, (row) =>
        row.lastMessageStatus === status ? row : { ...row, lastMessageStatus: status },
      );
    }
    case 'markAsRead':
    case 'markAsUnread': {
      // Only the count changes: a conversation being read must not vanish under the cursor of the unread view.
      const unread = event.payload.unreadMessages;
      return updateRow(state, event.payload.clientId, (row) =>
        row.unreadMessages === unread ? row : { ...row, unreadMessages: unread },
      );
    }
    case 'deleteConversation':
      return removeConversation(state, event.payload.clientId);
  }
}

/** 02 §4: a selected conversation is marked selected and read; null closes it. */
export function selectConversation(state: ConversationListState, id: number | null): ConversationListState {
  const index = id === null ? -1 : indexOfConversation(state.items, id);
  const row = index === -1 ? undefined : state.items[index];
  const clearsUnread = row !== undefined && row.unreadMessages !== 0;
  if (state.selectedId === id && !clearsUnread) return state;
  let items = state.items;
  if (row !== undefined && clearsUnread) {
    items = state.items.slice();
    items[index] = { ...row, unreadMessages: 0 };
  }
  return { items, selectedId: id };
}

/**
 * Appends a fetched page. Rows already listed keep their place and data: a live event may have moved or updated
 * them after the page was read, and an offset page can overlap the previous one after new arrivals.
 */
export function mergePage(
  state: ConversationListState,
  page: readonly ConversationView[],
): ConversationListState {
  const seen = new Set(state.items.map((item) => item.id));
  const added: ConversationView[] = [];
  for (const row of page) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    // 02 §4: the open conversation stays read.
    added.push(row.id === state.selectedId && row.unreadMessages !== 0 ? { ...row, unreadMessages: 0 } : row);
  }
  if (added.length === 0) return state;
  return { ...state, items: [...state.items, ...added] };
}

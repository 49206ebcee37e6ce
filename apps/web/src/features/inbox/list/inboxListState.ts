import {
  applyConversationEvent,
  type ConversationListEvent,
  type ConversationListFilter,
  type ConversationListState,
  type ConversationView,
  type ConversationViewer,
  canViewerSeeConversation,
  EMPTY_CONVERSATION_LIST,
  mergePage,
  selectConversation,
} from '@crm/shared';
import type { ConversationPage } from './api/conversations.rest';

/** 02 §4: list states fetching, fetched, error. */
export type ListStatus = 'fetching' | 'fetched' | 'error';

export interface InboxListState {
  /** Bumped on every reload; page answers of an older one are dropped. */
  generation: number;
  /** The filter and viewer the loaded rows were fetched with: live events are judged against them. */
  filter: ConversationListFilter;
  viewer: ConversationViewer;
  list: ConversationListState;
  status: ListStatus;
  /** The server's Spanish text when the first page failed. */
  errorMessage: string | null;
  /** 02 §9: the first page after a space switch is smaller. */
  afterSpaceSwitch: boolean;
  hasMore: boolean;
  /** Keyset cursor of the last page, sent back as `after`. */
  cursor: string | null;
  loadingMore: boolean;
  /** The next page failed: no automatic retry (it would loop), the user asks for it. */
  loadMoreFailed: boolean;
  /**
   * The open conversation while it is not a row of the list (opened from its URL, on a page not loaded yet,
   * or outside the current filter). Kept current by the same events as the rows.
   */
  detached: ConversationView | null;
  /** Id of the open conversation that an event or a failed load closed: the page goes back to /chat. */
  closedId: number | null;
}

export type InboxListAction =
  | { type: 'reset'; filter: ConversationListFilter; viewer: ConversationViewer; afterSpaceSwitch?: boolean }
  | { type: 'loadingMore' }
  | { type: 'pageLoaded'; generation: number; page: ConversationPage }
  | { type: 'pageFailed'; generation: number; append: boolean; message: string }
  | { type: 'event'; event: ConversationListEvent }
  | { type: 'select'; id: number | null }
  | { type: 'opened'; conversation: ConversationView }
  | { type: 'openFailed'; id: number };

export function initialInboxListState(
  filter: ConversationListFilter,
  viewer: ConversationViewer,
): InboxListState {
  return {
    generation: 0,
    filter,
    viewer,
    list: EMPTY_CONVERSATION_LIST,
    status: 'fetching',
    errorMessage: null,
    afterSpaceSwitch: false,
    hasMore: true,
    cursor: null,
    loadingMore: false,
    loadMoreFailed: false,
    detached: null,
    closedId: null,
  };
}

/** The open conversation as the window and the info panel should show it: its row first, else the loaded one. */
export function selectedConversation(state: InboxListState): ConversationView | null {
  const id = state.list.selectedId;
  if (id === null) return null;
  const row = state.list.items.find((item) => item.id === id);
  if (row) return row;
  return state.detached?.id === id ? state.detached : null;
}

// 02 §4: the open conversation is being read, so it shows no unread count.
function asOpen(conversation: ConversationView): ConversationView {
  return conversation.unreadMessages === 0 ? conversation : { ...conversation, unreadMessages: 0 };
}

function eventConversationId(event: ConversationListEvent): number {
  switch (event.kind) {
    case 'newMessage':
    case 'newClient':
    case 'openClient':
      return event.payload.client.id;
    default:
      return event.payload.clientId;
  }
}

/** The detached conversation after an event: the same facts the row would get, read state kept. */
function detachedAfter(
  detached: ConversationView,
  event: ConversationListEvent,
  selectedId: number | null,
): ConversationView | null {
  if (selectedId !== detached.id) return null;
  if (eventConversationId(event) !== detached.id) return detached;
  switch (event.kind) {
    case 'messageStatus': {
      const status = event.payload.lastMessageStatus;
      return status && status !== detached.lastMessageStatus
        ? { ...detached, lastMessageStatus: status }
        : detached;
    }
    case 'markAsRead':
    case 'markAsUnread':
      return detached.unreadMessages === event.payload.unreadMessages
        ? detached
        : { ...detached, unreadMessages: event.payload.unreadMessages };
    case 'deleteConversation':
      return null;
    default:
      return asOpen(event.payload.client);
  }
}

/**
 * A row the event added below the last loaded one belongs to a page not fetched yet: the keyset cursor would
 * bring it again after rows that sort before it. Leaving it out keeps the list in the server's order.
 */
function withoutRowBeyondCursor(
  before: ConversationListState,
  after: ConversationListState,
  hasMore: boolean,
): ConversationListState {
  if (!hasMore || before.items.length === 0 || after.items.length <= before.items.length) return after;
  const last = after.items[after.items.length - 1];
  if (!last || before.items.some((item) => item.id === last.id)) return after;
  return { ...after, items: after.items.slice(0, -1) };
}

function applyEvent(state: InboxListState, event: ConversationListEvent): InboxListState {
  const before = state.list;
  const applied = applyConversationEvent(before, event, state.filter, state.viewer);
  const list = withoutRowBeyondCursor(before, applied, state.hasMore);
  const detached = state.detached && detachedAfter(state.detached, event, list.selectedId);
  if (list === before && detached === state.detached) return state;
  // 02 §4: a selected conversation that leaves (filters, access, deletion) takes the selection with it.
  const closedId =
    before.selectedId !== null && list.selectedId === null ? before.selectedId : state.closedId;
  return { ...state, list, detached, closedId };
}

export function inboxListReducer(state: InboxListState, action: InboxListAction): InboxListState {
  switch (action.type) {
    case 'reset': {
      const open = selectedConversation(state);
      const selectedId = state.list.selectedId;
      // The open conversation stays open while the list reloads, unless the new viewer may not see it.
      const keepOpen = open !== null && canViewerSeeConversation(action.viewer, open);
      return {
        ...initialInboxListState(action.filter, action.viewer),
        generation: state.generation + 1,
        afterSpaceSwitch: action.afterSpaceSwitch === true,
        list: { items: [], selectedId: keepOpen || open === null ? selectedId : null },
        detached: keepOpen ? open : null,
        closedId: open !== null && !keepOpen ? open.id : state.closedId,
      };
    }
    case 'loadingMore':
      return { ...state, loadingMore: true, loadMoreFailed: false };
    case 'pageLoaded': {
      if (action.generation !== state.generation) return state;
      const { clients, hasMore, cursor } = action.page;
      return {
        ...state,
        list: mergePage(state.list, clients),
        status: 'fetched',
        // 02 §4: hasMore becomes false when a page returns nothing.
        hasMore: hasMore && clients.length > 0,
        cursor: cursor ?? state.cursor,
        loadingMore: false,
        loadMoreFailed: false,
      };
    }
    case 'pageFailed':
      if (action.generation !== state.generation) return state;
      if (action.append) return { ...state, loadingMore: false, loadMoreFailed: true };
      // 02 §4: a load error gives the error state with nothing listed.
      return {
        ...state,
        status: 'error',
        errorMessage: action.message,
        list: { ...state.list, items: [] },
        loadingMore: false,
      };
    case 'event':
      return applyEvent(state, action.event);
    case 'select': {
      const list = selectConversation(state.list, action.id);
      const detached = state.detached?.id === action.id ? state.detached : null;
      if (list === state.list && detached === state.detached && state.closedId === null) return state;
      return { ...state, list, detached, closedId: null };
    }
    case 'opened':
      // A late answer for a conversation that is no longer open is dropped.
      if (state.list.selectedId !== action.conversation.id) return state;
      return { ...state, detached: asOpen(action.conversation) };
    case 'openFailed':
      if (state.list.selectedId !== action.id) return state;
      return {
        ...state,
        list: selectConversation(state.list, null),
        detached: null,
        closedId: action.id,
      };
  }
}

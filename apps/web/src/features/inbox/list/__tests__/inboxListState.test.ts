import {
  type ConversationListFilter,
  type ConversationView,
  type ConversationViewer,
  DEFAULT_CONVERSATION_FILTER,
} from '@crm/shared';
import { describe, expect, it } from 'vitest';
import type { ConversationPage } from '../api/conversations.rest';
import {
  type InboxListAction,
  type InboxListState,
  inboxListReducer,
  initialInboxListState,
  selectedConversation,
} from '../inboxListState';
import { makeConversation, makeIncoming } from '../testConversation';

const ADMIN: ConversationViewer = { userId: 1, roleName: 'admin', adminOf: [], spaceChannelIds: [3] };
const AGENT: ConversationViewer = { userId: 7, roleName: 'agente', adminOf: [], spaceChannelIds: [3] };
const ALL: ConversationListFilter = { ...DEFAULT_CONVERSATION_FILTER, type: 'all' };

function run(state: InboxListState, ...actions: InboxListAction[]): InboxListState {
  return actions.reduce(inboxListReducer, state);
}

function page(clients: ConversationView[], hasMore = false, cursor: string | null = 'c1'): ConversationPage {
  return { clients, hasMore, cursor };
}

function loaded(clients: ConversationView[], viewer = ADMIN, filter = ALL, hasMore = false): InboxListState {
  return run(
    initialInboxListState(filter, viewer),
    { type: 'reset', filter, viewer },
    { type: 'pageLoaded', generation: 1, page: page(clients, hasMore) },
  );
}

const ids = (state: InboxListState) => state.list.items.map((item) => item.id);

describe('inbox list state', () => {
  it('lists the first page and knows whether there is more', () => {
    const state = loaded([makeConversation({ id: 1 }), makeConversation({ id: 2 })], ADMIN, ALL, true);
    expect(state.status).toBe('fetched');
    expect(ids(state)).toEqual([1, 2]);
    expect(state.hasMore).toBe(true);
    expect(state.cursor).toBe('c1');
  });

  it('stops paging when a page comes back empty, even if the server said there was more', () => {
    const state = run(loaded([makeConversation({ id: 1 })], ADMIN, ALL, true), {
      type: 'pageLoaded',
      generation: 1,
      page: page([], true, null),
    });
    expect(state.hasMore).toBe(false);
  });

  it('drops the answer of a page asked for under the previous filter', () => {
    const state = run(
      loaded([makeConversation({ id: 1 })]),
      { type: 'reset', filter: { ...ALL, type: 'archived' }, viewer: ADMIN },
      { type: 'pageLoaded', generation: 1, page: page([makeConversation({ id: 99 })]) },
    );
    expect(state.status).toBe('fetching');
    expect(ids(state)).toEqual([]);
  });

  it("shows the server's message and lists nothing when the first page fails", () => {
    const state = run(
      initialInboxListState(ALL, ADMIN),
      { type: 'reset', filter: ALL, viewer: ADMIN },
      {
        type: 'pageFailed',
        generation: 1,
        append: false,
        message: 'Ha ocurrido un error',
      },
    );
    expect(state.status).toBe('error');
    expect(state.errorMessage).toBe('Ha ocurrido un error');
  });

  it('keeps the rows when a further page fails, and waits for a retry', () => {
    const state = run(
      loaded([makeConversation({ id: 1 })], ADMIN, ALL, true),
      { type: 'loadingMore' },
      { type: 'pageFailed', generation: 1, append: true, message: 'Ha ocurrido un error' },
    );
    expect(ids(state)).toEqual([1]);
    expect(state.loadMoreFailed).toBe(true);
    expect(state.loadingMore).toBe(false);
  });

  it('puts a conversation with a new message at the top', () => {
    const second = makeConversation({ id: 2, lastUpdate: '2026-01-15T10:00:00.000Z' });
    const state = loaded([makeConversation({ id: 1 }), second]);
    const moved = {
      ...second,
      lastMessageId: 999,
      lastMessage: 'Nuevo',
      lastUpdate: '2026-01-15T17:00:00.000Z',
    };
    const next = run(state, {
      type: 'event',
      event: { kind: 'newMessage', payload: { client: moved, message: makeIncoming(moved) } },
    });
    expect(ids(next)).toEqual([2, 1]);
    expect(next.list.items[0]?.unreadMessages).toBe(1);
  });

  it('leaves out a row an event would add below the last loaded one while more pages remain', () => {
    const state = loaded(
      [
        makeConversation({ id: 5, lastUpdate: '2026-01-15T12:00:00.000Z' }),
        makeConversation({ id: 4, lastUpdate: '2026-01-15T11:00:00.000Z' }),
      ],
      ADMIN,
      ALL,
      true,
    );
    const old = makeConversation({ id: 1, lastUpdate: '2026-01-10T11:00:00.000Z' });
    const tagged = { ...old, tags: [{ id: 9, name: 'VIP', color: '#faad14' }] };
    const next = run(state, {
      type: 'event',
      event: { kind: 'tagsUpdate', payload: { clientId: 1, tags: tagged.tags, client: tagged } },
    });
    expect(ids(next)).toEqual([5, 4]);
    // Once every page is loaded the same event adds it in its place.
    const complete = run(
      { ...state, hasMore: false },
      {
        type: 'event',
        event: { kind: 'tagsUpdate', payload: { clientId: 1, tags: tagged.tags, client: tagged } },
      },
    );
    expect(ids(complete)).toEqual([5, 4, 1]);
  });

  it('closes the open conversation when a reassignment takes it from an agent', () => {
    const mine = makeConversation({ id: 3, agentId: 7, agent: { id: 7, name: 'Ana', imageUrl: null } });
    const state = run(loaded([mine], AGENT, DEFAULT_CONVERSATION_FILTER), { type: 'select', id: 3 });
    expect(selectedConversation(state)?.id).toBe(3);
    const theirs = { ...mine, agentId: 8, agent: { id: 8, name: 'Otro', imageUrl: null } };
    const next = run(state, {
      type: 'event',
      event: { kind: 'unassignClient', payload: { clientId: 3, agentId: 7, client: theirs } },
    });
    expect(ids(next)).toEqual([]);
    expect(next.list.selectedId).toBeNull();
    expect(next.closedId).toBe(3);
    expect(selectedConversation(next)).toBeNull();
  });

  it('keeps a conversation opened from its URL current with the events, read', () => {
    const outside = makeConversation({ id: 50, isArchived: true, unreadMessages: 2 });
    const state = run(
      loaded([makeConversation({ id: 1 })]),
      { type: 'select', id: 50 },
      {
        type: 'opened',
        conversation: outside,
      },
    );
    expect(selectedConversation(state)).toMatchObject({ id: 50, unreadMessages: 0 });
    const renamed = { ...outside, name: 'Nombre nuevo' };
    const next = run(
      state,
      {
        type: 'event',
        event: { kind: 'newUserName', payload: { clientId: 50, name: 'Nombre nuevo', client: renamed } },
      },
      {
        type: 'event',
        event: {
          kind: 'messageStatus',
          payload: {
            messageId: 1,
            clientId: 50,
            messageStatus: 'delivered',
            errorCode: null,
            errorInfo: null,
            lastMessageStatus: 'delivered',
          },
        },
      },
    );
    // Archived, so not listed under 'all', but still open and up to date.
    expect(ids(next)).toEqual([1]);
    expect(selectedConversation(next)).toMatchObject({
      id: 50,
      name: 'Nombre nuevo',
      lastMessageStatus: 'delivered',
      unreadMessages: 0,
    });
    expect(next.closedId).toBeNull();
  });

  it('closes a conversation opened from its URL when it is deleted', () => {
    const state = run(
      loaded([]),
      { type: 'select', id: 50 },
      {
        type: 'opened',
        conversation: makeConversation({ id: 50 }),
      },
    );
    const next = run(state, {
      type: 'event',
      event: { kind: 'deleteConversation', payload: { clientId: 50 } },
    });
    expect(next.closedId).toBe(50);
    expect(selectedConversation(next)).toBeNull();
  });

  it('closes the open conversation when loading it fails', () => {
    const next = run(loaded([]), { type: 'select', id: 77 }, { type: 'openFailed', id: 77 });
    expect(next.list.selectedId).toBeNull();
    expect(next.closedId).toBe(77);
  });

  it('drops the late answer of a conversation that is no longer open', () => {
    const next = run(
      loaded([]),
      { type: 'select', id: 77 },
      { type: 'select', id: null },
      {
        type: 'opened',
        conversation: makeConversation({ id: 77 }),
      },
    );
    expect(selectedConversation(next)).toBeNull();
  });

  it('keeps the open conversation while the list reloads for a new filter', () => {
    const state = run(loaded([makeConversation({ id: 1 }), makeConversation({ id: 2 })]), {
      type: 'select',
      id: 2,
    });
    const next = run(state, { type: 'reset', filter: { ...ALL, type: 'valuable' }, viewer: ADMIN });
    expect(ids(next)).toEqual([]);
    expect(next.status).toBe('fetching');
    expect(selectedConversation(next)?.id).toBe(2);
  });

  it('closes the open conversation when the new space does not have its channel', () => {
    const state = run(loaded([makeConversation({ id: 1 })]), { type: 'select', id: 1 });
    const next = run(state, {
      type: 'reset',
      filter: ALL,
      viewer: { ...ADMIN, spaceChannelIds: [4] },
      afterSpaceSwitch: true,
    });
    expect(next.afterSpaceSwitch).toBe(true);
    expect(next.list.selectedId).toBeNull();
    expect(next.closedId).toBe(1);
  });

  it('clears the unread count of the conversation being opened', () => {
    const state = loaded([makeConversation({ id: 1, unreadMessages: 4 })]);
    const next = run(state, { type: 'select', id: 1 });
    expect(next.list.items[0]?.unreadMessages).toBe(0);
  });
});

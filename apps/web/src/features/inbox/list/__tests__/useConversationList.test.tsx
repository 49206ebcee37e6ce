import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import {
  type ConversationListFilter,
  type ConversationView,
  type ConversationViewer,
  DEFAULT_CONVERSATION_FILTER,
} from '@crm/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { FormattedExecutionResult } from 'graphql';
import type { ReactNode } from 'react';
import { of } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../../../test/socketStub';
import { type RecordedCall, stubServer } from '../../../../test/stubServer';
import { type ConversationListOptions, useConversationList } from '../hooks/useConversationList';
import { makeConversation, makeIncoming } from '../testConversation';

vi.mock('../../../../lib/socket', async () => (await import('../../../../test/socketStub')).socketModule);

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../../../../lib/toast', () => ({
  toast: {
    error: (text: string) => toasts.push(text),
    success: () => undefined,
    warning: () => undefined,
    info: () => undefined,
    close: () => undefined,
  },
}));

interface GraphqlCall {
  operationName: string | undefined;
  variables: Record<string, unknown>;
}

type GraphqlReply = FormattedExecutionResult<Record<string, unknown>>;

/** An Apollo client whose server answers by operation name (one reply each) and records what it was asked. */
function fakeApollo(replies: Record<string, GraphqlReply>) {
  const calls: GraphqlCall[] = [];
  const link = new ApolloLink((operation) => {
    calls.push({ operationName: operation.operationName, variables: operation.variables });
    const reply = replies[operation.operationName ?? ''];
    return of(reply ?? { errors: [{ message: 'unexpected' }] });
  });
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  return { client, calls };
}

const ADMIN: ConversationViewer = { userId: 1, roleName: 'admin', adminOf: [], spaceChannelIds: [3] };
const AGENT: ConversationViewer = { userId: 7, roleName: 'agente', adminOf: [], spaceChannelIds: [3] };
const ALL: ConversationListFilter = { ...DEFAULT_CONVERSATION_FILTER, type: 'all' };

function pageReply(clients: ConversationView[], hasMore = false, cursor: string | null = null) {
  return { status: 200, body: { clients, hasMore, cursor } };
}

const MARK_READ_REPLY: GraphqlReply = { data: { markConversationRead: 0 } };

function renderList(
  initial: Partial<ConversationListOptions>,
  apollo: ReturnType<typeof fakeApollo> = fakeApollo({ InboxMarkConversationRead: MARK_READ_REPLY }),
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={apollo.client}>{children}</ApolloProvider>
  );
  const options: ConversationListOptions = {
    filter: ALL,
    viewer: ADMIN,
    spaceId: 1,
    selectedId: null,
    ...initial,
  };
  return renderHook((props: ConversationListOptions) => useConversationList(props), {
    wrapper,
    initialProps: options,
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/api/conversations_by_filter');
const ids = (items: ConversationView[]) => items.map((item) => item.id);

describe('useConversationList', () => {
  beforeEach(() => {
    toasts.length = 0;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads the first page with every filter the API takes', async () => {
    const calls = stubServer({ '/api/conversations_by_filter': pageReply([makeConversation({ id: 1 })]) });
    const filter: ConversationListFilter = {
      ...DEFAULT_CONVERSATION_FILTER,
      keyword: 'José ',
      tagsIds: [4],
      agentId: 7,
      dateFrom: '2026-01-01T06:00:00.000Z',
      dateTo: '2026-01-08T05:59:59.999Z',
    };
    const { result } = renderList({ filter });
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    expect(ids(result.current.state.list.items)).toEqual([1]);
    expect(listCalls(calls)[0]?.body).toEqual({
      filterType: 'assigned',
      keyword: 'José',
      tagsIds: [4],
      agentId: 7,
      channelsIds: [],
      createdAtFrom: '2026-01-01T06:00:00.000Z',
      createdAtTo: '2026-01-08T05:59:59.999Z',
      // 02 §9: a search asks for 100 at a time.
      first: 100,
    });
  });

  it('fetches the next page with the cursor, and no more once the server has none', async () => {
    const calls = stubServer({
      '/api/conversations_by_filter': [
        pageReply([makeConversation({ id: 3 }), makeConversation({ id: 2 })], true, 'cursor-2'),
        pageReply([makeConversation({ id: 1 })], false, 'cursor-1'),
      ],
    });
    const { result } = renderList({});
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    expect(listCalls(calls)[0]?.body).toMatchObject({ filterType: 'all', first: 20 });
    act(() => result.current.loadMore());
    await waitFor(() => expect(ids(result.current.state.list.items)).toEqual([3, 2, 1]));
    expect(listCalls(calls)[1]?.body).toMatchObject({ after: 'cursor-2', first: 20 });
    expect(result.current.state.hasMore).toBe(false);
    act(() => result.current.loadMore());
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('asks for 50 at a time in the broadcast view (02 §9)', async () => {
    const calls = stubServer({ '/api/conversations_by_filter': pageReply([makeConversation({ id: 1 })]) });
    const { result } = renderList({ filter: { ...ALL, type: 'archivedBroadcast' } });
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    expect(listCalls(calls)[0]?.body).toMatchObject({ filterType: 'archivedBroadcast', first: 50 });
  });

  it('puts a new conversation at the top as its first message arrives', async () => {
    stubServer({ '/api/conversations_by_filter': pageReply([makeConversation({ id: 1 })]) });
    const { result } = renderList({});
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    const fresh = makeConversation({ id: 9, name: 'Nuevo cliente', lastUpdate: '2026-01-15T17:00:00.000Z' });
    emit('newClient', { client: fresh, message: makeIncoming(fresh) });
    expect(ids(result.current.state.list.items)).toEqual([9, 1]);
    expect(result.current.state.list.items[0]?.unreadMessages).toBe(1);
  });

  it("removes an agent's conversation, and closes it, when it is reassigned to someone else", async () => {
    const mine = makeConversation({ id: 5, agentId: 7, agent: { id: 7, name: 'Ana', imageUrl: null } });
    stubServer({ '/api/conversations_by_filter': pageReply([mine]) });
    // Opened from its URL: loaded by id while the first page is on its way.
    const apollo = fakeApollo({ InboxConversation: { data: { conversation: mine } } });
    const { result } = renderList(
      { viewer: AGENT, filter: DEFAULT_CONVERSATION_FILTER, selectedId: 5 },
      apollo,
    );
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    await waitFor(() => expect(result.current.selected?.id).toBe(5));
    const theirs = { ...mine, agentId: 8, agent: { id: 8, name: 'Otro', imageUrl: null } };
    emit('unassignClient', { clientId: 5, agentId: 7, client: theirs });
    expect(result.current.state.list.items).toEqual([]);
    expect(result.current.state.closedId).toBe(5);
    expect(result.current.selected).toBeNull();
  });

  it('marks a conversation read when it is opened with unread messages', async () => {
    stubServer({
      '/api/conversations_by_filter': pageReply([makeConversation({ id: 4, unreadMessages: 2 })]),
    });
    const apollo = fakeApollo({ InboxMarkConversationRead: MARK_READ_REPLY });
    const { result, rerender } = renderList({}, apollo);
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    rerender({ filter: ALL, viewer: ADMIN, spaceId: 1, selectedId: 4 });
    expect(result.current.selected).toMatchObject({ id: 4, unreadMessages: 0 });
    await waitFor(() =>
      expect(apollo.calls).toContainEqual({
        operationName: 'InboxMarkConversationRead',
        variables: { clientId: 4 },
      }),
    );
    // The server's markAsRead echo changes nothing.
    emit('markAsRead', { clientId: 4, unreadMessages: 0 });
    expect(result.current.state.list.items[0]?.unreadMessages).toBe(0);
  });

  it('loads a conversation opened from its URL that the list does not have, and keeps it live', async () => {
    stubServer({ '/api/conversations_by_filter': pageReply([makeConversation({ id: 1 })]) });
    const archived = makeConversation({ id: 60, name: 'Archivada', isArchived: true, unreadMessages: 1 });
    const apollo = fakeApollo({
      InboxConversation: { data: { conversation: { __typename: 'Conversation', ...archived } } },
      InboxMarkConversationRead: MARK_READ_REPLY,
    });
    const { result } = renderList({ selectedId: 60 }, apollo);
    expect(result.current.opening).toBe(true);
    await waitFor(() => expect(result.current.selected?.name).toBe('Archivada'));
    expect(result.current.opening).toBe(false);
    expect(result.current.selected).not.toHaveProperty('__typename');
    expect(result.current.selected?.unreadMessages).toBe(0);
    await waitFor(() =>
      expect(apollo.calls).toContainEqual({
        operationName: 'InboxMarkConversationRead',
        variables: { clientId: 60 },
      }),
    );
    const valuable = { ...archived, isConversationValuable: true };
    emit('conversationValuable', { clientId: 60, isConversationValuable: true, client: valuable });
    expect(result.current.selected?.isConversationValuable).toBe(true);
    expect(ids(result.current.state.list.items)).toEqual([1]);
  });

  it("shows the API's message and closes a conversation that cannot be opened", async () => {
    stubServer({ '/api/conversations_by_filter': pageReply([]) });
    const apollo = fakeApollo({
      InboxConversation: {
        errors: [
          {
            message: 'Conversation not visible to the user',
            extensions: { code: 'FORBIDDEN', userMessage: 'No tienes permiso para realizar esta acción.' },
          },
        ],
      },
    });
    const { result } = renderList({ selectedId: 61 }, apollo);
    await waitFor(() => expect(result.current.state.closedId).toBe(61));
    expect(toasts).toEqual(['No tienes permiso para realizar esta acción.']);
    expect(result.current.selected).toBeNull();
  });

  it('reloads from a smaller first page when the space changes', async () => {
    const calls = stubServer({
      '/api/conversations_by_filter': [
        pageReply([makeConversation({ id: 1 })]),
        pageReply([
          makeConversation({ id: 30, channel: { id: 4, name: 'Otro', platform: 'sandbox', phone: null } }),
        ]),
      ],
    });
    const { result, rerender } = renderList({});
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    rerender({ filter: ALL, viewer: { ...ADMIN, spaceChannelIds: [4] }, spaceId: 2, selectedId: null });
    await waitFor(() => expect(ids(result.current.state.list.items)).toEqual([30]));
    expect(listCalls(calls)[1]?.body).toMatchObject({ first: 10 });
  });

  it('does not ask again when the keyword only changes in what the server ignores', async () => {
    const calls = stubServer({ '/api/conversations_by_filter': pageReply([]) });
    const { result, rerender } = renderList({ filter: { ...ALL, keyword: 'jose' } });
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    rerender({ filter: { ...ALL, keyword: ' José ' }, viewer: ADMIN, spaceId: 1, selectedId: null });
    rerender({ filter: { ...ALL, keyword: ' José ' }, viewer: { ...ADMIN }, spaceId: 1, selectedId: null });
    expect(listCalls(calls)).toHaveLength(1);
  });

  it("shows the error state with the server's message when the list cannot be loaded", async () => {
    stubServer({
      '/api/conversations_by_filter': {
        status: 400,
        body: { code: 'VALIDATION_ERROR', userMessage: 'Fecha inválida', field: 'createdAtFrom' },
      },
    });
    const { result } = renderList({});
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    expect(result.current.state.errorMessage).toBe('Fecha inválida');
  });

  it('marks a new client message read while its conversation is open', async () => {
    const open = makeConversation({ id: 4 });
    stubServer({ '/api/conversations_by_filter': pageReply([open]) });
    const apollo = fakeApollo({
      InboxConversation: { data: { conversation: open } },
      InboxMarkConversationRead: MARK_READ_REPLY,
    });
    const { result } = renderList({ selectedId: 4 }, apollo);
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    expect(apollo.calls.some((call) => call.operationName === 'InboxMarkConversationRead')).toBe(false);
    const next = { ...open, lastMessageId: 5000, lastMessage: 'Otra pregunta', unreadMessages: 1 };
    emit('newMessage', { client: next, message: makeIncoming(next) });
    expect(result.current.selected).toMatchObject({ lastMessage: 'Otra pregunta', unreadMessages: 0 });
    await waitFor(() =>
      expect(apollo.calls).toContainEqual({
        operationName: 'InboxMarkConversationRead',
        variables: { clientId: 4 },
      }),
    );
  });
});

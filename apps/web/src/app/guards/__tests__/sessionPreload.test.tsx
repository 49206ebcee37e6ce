import { ApolloProvider } from '@apollo/client/react';
import { type ConversationViewer, DEFAULT_CONVERSATION_FILTER } from '@crm/shared';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConversationList } from '../../../features/inbox/list/hooks/useConversationList';
import { makeConversation } from '../../../features/inbox/list/testConversation';
import { createApolloClient } from '../../../lib/apollo';
import { endSession } from '../../../lib/session';
import { makeMe } from '../../../test/fixtures';
import { type RecordedCall, stubServer } from '../../../test/stubServer';
import { RequireAuth } from '../RequireAuth';
import { preloadSession } from '../sessionPreload';

// No socket server in unit tests: the realtime bridge and the list's subscriptions get an inert client.
vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

const ROWS = {
  clients: [makeConversation({ id: 41, name: 'Cliente precargado' })],
  hasMore: false,
  cursor: null,
};
const ADMIN: ConversationViewer = { userId: 1, roleName: 'admin', adminOf: [], spaceChannelIds: [1, 2, 3] };

const meCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path === '/graphql' && (c.body as { operationName?: string }).operationName === 'Me');
const pageCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/api/conversations_by_filter');

function renderShell(client = createApolloClient()) {
  render(
    <ApolloProvider client={client}>
      <MemoryRouter initialEntries={['/chat']}>
        <Routes>
          <Route element={<RequireAuth />}>
            <Route path="/chat" element={<p>Bandeja</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </ApolloProvider>,
  );
}

function renderList() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={createApolloClient()}>{children}</ApolloProvider>
  );
  const filter = { ...DEFAULT_CONVERSATION_FILTER, type: 'all' as const };
  return renderHook(() => useConversationList({ filter, viewer: ADMIN, spaceId: 1, selectedId: null }), {
    wrapper,
  });
}

describe('the session preloaded at start (issue 22)', () => {
  afterEach(() => {
    endSession();
    vi.unstubAllGlobals();
  });

  it("asks for me, then the first page of the view the user's role opens on", async () => {
    const calls = stubServer({
      '/graphql': { status: 200, body: { data: { me: makeMe('agente') } } },
      '/api/conversations_by_filter': { status: 200, body: ROWS },
    });
    localStorage.setItem('token', 'valid');
    preloadSession('/chat/12');
    await waitFor(() => expect(pageCalls(calls)).toHaveLength(1));
    expect(meCalls(calls)).toHaveLength(1);
    // 02 §2 / issue 19: an agent opens on 'Asignadas', 20 rows.
    expect(pageCalls(calls)[0]?.body).toMatchObject({ filterType: 'assigned', first: 20, keyword: null });
  });

  it('asks for no conversations away from the inbox, and for nothing without a token', async () => {
    const calls = stubServer({ '/graphql': { status: 200, body: { data: { me: makeMe('admin') } } } });
    preloadSession('/chat');
    expect(calls).toHaveLength(0);
    localStorage.setItem('token', 'valid');
    preloadSession('/contacts');
    await waitFor(() => expect(meCalls(calls)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pageCalls(calls)).toHaveLength(0);
  });

  it('gives the session its me: the shell shows without asking the server again', async () => {
    const calls = stubServer({ '/graphql': { status: 200, body: { data: { me: makeMe('admin') } } } });
    localStorage.setItem('token', 'valid');
    preloadSession('/users');
    renderShell();
    expect(await screen.findByText('Bandeja')).toBeDefined();
    expect(screen.getByTestId('top-bar')).toBeDefined();
    expect(meCalls(calls)).toHaveLength(1);
  });

  it('is not used by another token: the session asks for its own me', async () => {
    const calls = stubServer({
      '/graphql': [
        { status: 200, body: { data: { me: makeMe('admin') } } },
        { status: 200, body: { data: { me: makeMe('agente', { name: 'Otra Persona' }) } } },
      ],
    });
    localStorage.setItem('token', 'first');
    preloadSession('/users');
    localStorage.setItem('token', 'second');
    renderShell();
    expect(await screen.findByText('Bandeja')).toBeDefined();
    expect(meCalls(calls)).toHaveLength(2);
  });

  it('falls back to an ordinary load when the preload failed', async () => {
    const calls = stubServer({
      '/graphql': [
        { status: 503, body: { code: 'SERVICE_UNAVAILABLE' } },
        { status: 200, body: { data: { me: makeMe('admin') } } },
      ],
    });
    localStorage.setItem('token', 'valid');
    preloadSession('/users');
    renderShell();
    expect(await screen.findByText('Bandeja')).toBeDefined();
    expect(meCalls(calls)).toHaveLength(2);
  });

  it('gives the list its first page once; a reload asks the server', async () => {
    const calls = stubServer({
      '/graphql': { status: 200, body: { data: { me: makeMe('admin') } } },
      '/api/conversations_by_filter': { status: 200, body: ROWS },
    });
    localStorage.setItem('token', 'valid');
    preloadSession('/chat');
    await waitFor(() => expect(pageCalls(calls)).toHaveLength(1));
    const { result } = renderList();
    await waitFor(() => expect(result.current.state.list.items.map((c) => c.id)).toEqual([41]));
    expect(pageCalls(calls)).toHaveLength(1);
    result.current.reload();
    await waitFor(() => expect(pageCalls(calls)).toHaveLength(2));
  });

  it("leaves a page asked for another view to the list's own request", async () => {
    const calls = stubServer({
      // An agent's preload asks for 'assigned'; the list here shows 'all'.
      '/graphql': { status: 200, body: { data: { me: makeMe('agente') } } },
      '/api/conversations_by_filter': { status: 200, body: ROWS },
    });
    localStorage.setItem('token', 'valid');
    preloadSession('/chat');
    await waitFor(() => expect(pageCalls(calls)).toHaveLength(1));
    const { result } = renderList();
    await waitFor(() => expect(result.current.state.status).toBe('fetched'));
    expect(pageCalls(calls).map((c) => (c.body as { filterType: string }).filterType)).toEqual([
      'assigned',
      'all',
    ]);
  });
});

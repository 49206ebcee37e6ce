import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ConversationView, RoleName } from '@crm/shared';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { FormattedExecutionResult } from 'graphql';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { of } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatPage } from '../../../../pages/ChatPage';
import { makeMe } from '../../../../test/fixtures';
import { type RecordedCall, stubServer } from '../../../../test/stubServer';
import { SessionContext } from '../../../session/SessionContext';
import { makeConversation } from '../testConversation';

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

// The window and the info panel have their own tests: here they only show which conversation they were given.
vi.mock('../../window/ConversationWindow', () => ({
  ConversationWindow: ({ conversation }: { conversation: ConversationView }) => (
    <div data-testid="window">{`Ventana de ${conversation.name}`}</div>
  ),
}));
vi.mock('../../panel/ClientInfoPanel', () => ({
  ClientInfoPanel: ({ conversation }: { conversation: ConversationView }) => (
    <div data-testid="info">{`Información de ${conversation.name}`}</div>
  ),
}));

const TAGS = [
  { id: 1, name: 'VIP', color: '#faad14' },
  { id: 2, name: 'Interesado', color: '#52c41a' },
];
const AGENTS = [
  { id: 1, name: 'Andrea Admin' },
  { id: 7, name: 'Ana Agente' },
];

type Reply = FormattedExecutionResult<Record<string, unknown>>;

function fakeApollo(extra: Record<string, Reply> = {}) {
  const operations: string[] = [];
  const replies: Record<string, Reply> = {
    InboxFilterTags: { data: { tags: TAGS } },
    InboxFilterAgents: { data: { agents: AGENTS } },
    InboxFilterChannels: {
      data: {
        inboxChannels: [
          { __typename: 'InboxChannel', id: 1, name: 'WhatsApp Demo', platform: 'whatsapp_cloud' },
          { __typename: 'InboxChannel', id: 3, name: 'Canal de prueba', platform: 'sandbox' },
        ],
      },
    },
    InboxMarkConversationRead: { data: { markConversationRead: 0 } },
    ...extra,
  };
  const link = new ApolloLink((operation) => {
    operations.push(operation.operationName ?? '');
    const reply = replies[operation.operationName ?? ''];
    return of(reply ?? { errors: [{ message: 'unexpected' }] });
  });
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), operations };
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderChat(path: string, role: RoleName = 'admin', apollo = fakeApollo()) {
  localStorage.setItem('token', 'valid');
  const me = makeMe(role, { id: role === 'agente' ? 7 : 1 });
  render(
    <ApolloProvider client={apollo.client}>
      <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/chat" element={<ChatPage />} />
            <Route path="/chat/:chatId" element={<ChatPage />} />
          </Routes>
          <Location />
        </MemoryRouter>
      </SessionContext.Provider>
    </ApolloProvider>,
  );
  return apollo;
}

const listCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path === '/api/conversations_by_filter');

function page(clients: ConversationView[]) {
  return { status: 200, body: { clients, hasMore: false, cursor: null } };
}

/** An open antd Select's option, found by its title once the popup has rendered. */
async function findOption(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${title}"]`);
    if (!option) throw new Error(`No option ${title}`);
    return option;
  });
}

async function chooseFilterType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de conversaciones' }));
  fireEvent.click(await findOption(label));
}

describe('inbox page', () => {
  beforeEach(() => {
    toasts.length = 0;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the conversations and asks to pick one', async () => {
    stubServer({
      '/api/conversations_by_filter': page([makeConversation({ id: 1, name: 'María García', agentId: 1 })]),
    });
    renderChat('/chat');
    const list = await screen.findByTestId('conversation-list');
    await within(list).findByText('María García');
    expect(screen.getByRole('heading', { name: 'Bandeja de entrada' })).toBeDefined();
    expect(screen.getByText('Selecciona una conversación')).toBeDefined();
    expect(screen.queryByTestId('window')).toBeNull();
  });

  it('opens a conversation from its row in the window and the info panel', async () => {
    stubServer({
      '/api/conversations_by_filter': page([
        makeConversation({ id: 1, name: 'María García' }),
        makeConversation({ id: 2, name: 'Lucía Ramírez', unreadMessages: 1 }),
      ]),
    });
    const apollo = renderChat('/chat');
    fireEvent.click(await screen.findByText('Lucía Ramírez'));
    expect(screen.getByTestId('location').textContent).toBe('/chat/2');
    expect(await screen.findByText('Ventana de Lucía Ramírez')).toBeDefined();
    expect(screen.getByText('Información de Lucía Ramírez')).toBeDefined();
    const row = screen.getAllByTestId('conversation-row').find((item) => item.dataset.clientId === '2');
    expect(row?.getAttribute('aria-current')).toBe('page');
    expect(within(row as HTMLElement).queryByTestId('conversation-unread')).toBeNull();
    await waitFor(() => expect(apollo.operations).toContain('InboxMarkConversationRead'));
  });

  it('says so when no conversation matches', async () => {
    stubServer({ '/api/conversations_by_filter': page([]) });
    renderChat('/chat');
    expect(await screen.findByText('No hay conversaciones')).toBeDefined();
  });

  it('opens an admin on Todas and an agent on Asignadas (issue 19)', async () => {
    const calls = stubServer({ '/api/conversations_by_filter': page([]) });
    renderChat('/chat', 'admin');
    await screen.findByText('No hay conversaciones');
    expect(listCalls(calls)[0]?.body).toMatchObject({ filterType: 'all' });
    expect(
      screen.getByRole('combobox', { name: 'Tipo de conversaciones' }).closest('.ant-select')?.textContent,
    ).toContain('Todas');
  });

  it('keeps an agent on Asignadas, and offers no simulator to who may not use it', async () => {
    const calls = stubServer({ '/api/conversations_by_filter': page([]) });
    renderChat('/chat', 'agente');
    await screen.findByText('No hay conversaciones');
    expect(listCalls(calls)[0]?.body).toMatchObject({ filterType: 'assigned' });
    expect(screen.queryByTestId('empty-inbox-simulator')).toBeNull();
  });

  it('leads from an empty inbox to the simulator (issue 19)', async () => {
    stubServer({ '/api/conversations_by_filter': page([]) });
    renderChat('/chat', 'admin');
    fireEvent.click(await screen.findByRole('button', { name: /Abrir el simulador/ }));
    expect(screen.getByTestId('location').textContent).toBe('/simulador');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const calls = stubServer({
      '/api/conversations_by_filter': [
        { status: 500, body: { code: 'INTERNAL', userMessage: 'Ha ocurrido un error' } },
        page([makeConversation({ id: 1, name: 'María García' })]),
      ],
    });
    renderChat('/chat');
    expect(await screen.findByText('Ha ocurrido un error')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: /Reintentar/ }));
    expect(await screen.findByText('María García')).toBeDefined();
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('searches once the typing stops, and changes the filter type', async () => {
    const calls = stubServer({ '/api/conversations_by_filter': page([]) });
    renderChat('/chat');
    await screen.findByText('No hay conversaciones');
    // Issue 19: an admin opens on 'Todas', where new (unassigned) conversations are.
    expect(listCalls(calls)[0]?.body).toMatchObject({ filterType: 'all', keyword: null, first: 20 });

    const search = screen.getByLabelText('Buscar conversaciones');
    fireEvent.change(search, { target: { value: 'jose' } });
    fireEvent.change(search, { target: { value: 'jose hernandez' } });
    expect(listCalls(calls)).toHaveLength(1);
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1]?.body).toMatchObject({ keyword: 'jose hernandez', first: 100 });

    await chooseFilterType('Archivadas');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(3));
    expect(listCalls(calls)[2]?.body).toMatchObject({ filterType: 'archived', keyword: 'jose hernandez' });
  });

  it('names every filter type in Spanish', async () => {
    stubServer({ '/api/conversations_by_filter': page([]) });
    renderChat('/chat');
    await screen.findByText('No hay conversaciones');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de conversaciones' }));
    const labels = (await screen.findAllByRole('option', { hidden: true })).map((option) =>
      option.getAttribute('title'),
    );
    expect(labels.filter((label) => label !== null)).toEqual([
      'Asignadas',
      'Todas',
      'Sin responder',
      'No leídas',
      'Archivadas',
      'Difusión archivada',
      'Valiosas',
      'Otras',
    ]);
  });

  it('filters by tag, and offers the agent picker only to who may read users', async () => {
    const calls = stubServer({ '/api/conversations_by_filter': page([]) });
    renderChat('/chat');
    await screen.findByText('No hay conversaciones');
    fireEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    expect(screen.getByRole('combobox', { name: 'Agente' })).toBeDefined();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Etiquetas' }));
    fireEvent.click(await findOption('VIP'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.body).toMatchObject({ tagsIds: [1] }));
  });

  it('has no agent picker for an agent', async () => {
    stubServer({ '/api/conversations_by_filter': page([]) });
    const apollo = renderChat('/chat', 'agente');
    await screen.findByText('No hay conversaciones');
    fireEvent.click(screen.getByRole('button', { name: /Filtros/ }));
    expect(screen.getByRole('combobox', { name: 'Etiquetas' })).toBeDefined();
    expect(screen.queryByRole('combobox', { name: 'Agente' })).toBeNull();
    // Two channels in the space: the channel filter is offered.
    expect(await screen.findByRole('combobox', { name: 'Canales' })).toBeDefined();
    expect(apollo.operations).not.toContain('InboxFilterAgents');
  });

  it('opens /chat/{id} of a conversation the list does not have', async () => {
    stubServer({ '/api/conversations_by_filter': page([makeConversation({ id: 1, name: 'María García' })]) });
    const archived = makeConversation({ id: 80, name: 'Cliente archivado', isArchived: true });
    renderChat('/chat/80', 'admin', fakeApollo({ InboxConversation: { data: { conversation: archived } } }));
    expect(await screen.findByText('Ventana de Cliente archivado')).toBeDefined();
    expect(screen.getByText('Información de Cliente archivado')).toBeDefined();
    expect(screen.getByTestId('location').textContent).toBe('/chat/80');
  });

  it("goes back to /chat with the API's message when the conversation cannot be opened", async () => {
    stubServer({ '/api/conversations_by_filter': page([]) });
    renderChat(
      '/chat/81',
      'agente',
      fakeApollo({
        InboxConversation: {
          errors: [
            {
              message: 'not found',
              extensions: { code: 'CONVERSATION_NOT_FOUND', userMessage: 'No se encontró la conversación.' },
            },
          ],
        },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat'));
    expect(toasts).toEqual(['No se encontró la conversación.']);
    expect(screen.getByText('Selecciona una conversación')).toBeDefined();
  });

  it('goes back to /chat from an id that is not a number', async () => {
    stubServer({ '/api/conversations_by_filter': page([]) });
    renderChat('/chat/abc');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat'));
    expect(toasts).toEqual(['No se encontró la conversación.']);
    await act(async () => undefined);
  });
});

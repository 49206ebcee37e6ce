import { ApolloProvider } from '@apollo/client/react';
import type { ConversationView, RoleName } from '@crm/shared';
import { conversationView, SANDBOX_CHANNEL } from '@crm/shared/test';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createApolloClient } from '../../../../lib/apollo';
import { makeMe } from '../../../../test/fixtures';
import { rootField } from '../../../../test/graphqlRootField';
import type { Me } from '../../../session/api/me.graphql';
import { SessionContext } from '../../../session/SessionContext';
import { ClientInfoPanel } from '../ClientInfoPanel';

/** A conversation as the list hands it to the panel: María's, answered, tagged and assigned to Ana. */
export function makeConversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return conversationView({
    id: 10,
    key: '3-5215511112222',
    senderId: '5215511112222@c.us',
    name: 'María García',
    nameFromChannel: 'María',
    cleanedName: 'mariagarcia5215511112222',
    priority: 0.5,
    answered: true,
    agentId: 1,
    agent: { id: 1, name: 'Ana Pérez', imageUrl: null },
    tags: [{ id: 1, name: 'Cliente nuevo', color: '#1677ff' }],
    lastMessageId: 5,
    lastUpdate: '2026-01-15T15:05:00.000Z',
    createdAt: '2026-01-15T15:00:00.000Z',
    windowRemainingTime: 600,
    windowExpiresAt: new Date(Date.now() + 10 * 3_600_000).toISOString(),
    channel: SANDBOX_CHANNEL,
    ...overrides,
  });
}

export const FIELDS = [
  { id: 11, name: 'Correo', type: 'email', options: [], isDefault: false },
  { id: 12, name: 'Presupuesto', type: 'number', options: [], isDefault: false },
  { id: 13, name: 'Celular', type: 'phone', options: [], isDefault: false },
  { id: 14, name: 'Ciudad', type: 'list', options: ['CDMX', 'Monterrey'], isDefault: false },
  { id: 15, name: 'Acepta promociones', type: 'boolean', options: [], isDefault: false },
  { id: 16, name: 'Fecha de visita', type: 'date', options: [], isDefault: false },
  { id: 17, name: 'Notas', type: 'string', options: [], isDefault: false },
];

export const TEMPLATES = [
  {
    id: 21,
    name: 'seguimiento_pedido',
    variables: 2,
    components: [{ type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} ya va en camino.' }],
  },
];

type GraphQLReply = { data: unknown } | { errors: unknown[] };
type Resolver = (variables: Record<string, unknown>) => GraphQLReply;

export interface PanelCall {
  /** The GraphQL root field asked for (tags, renameConversation…), or the REST path. */
  name: string;
  variables: Record<string, unknown>;
}

/** Default answers for everything the panel asks on load, by root field. */
export function defaultOperations(): Record<string, Resolver> {
  return {
    tags: () => ({
      data: {
        tags: [
          { __typename: 'Tag', id: 1, name: 'Cliente nuevo', color: '#1677ff' },
          { __typename: 'Tag', id: 3, name: 'VIP', color: '#faad14' },
        ],
      },
    }),
    agents: () => ({
      data: {
        agents: [
          {
            __typename: 'Agent',
            id: 1,
            name: 'Ana Pérez',
            isAvailable: true,
            roleName: 'agente',
            isAgent: true,
          },
          {
            __typename: 'Agent',
            id: 2,
            name: 'Juan López',
            isAvailable: false,
            roleName: 'agente',
            isAgent: true,
          },
          {
            __typename: 'Agent',
            id: 3,
            name: 'Gabriel Supervisor',
            isAvailable: true,
            roleName: 'groupadmin',
            isAgent: true,
          },
          // A role without the agent permission (02 §6): listed for the filters, never offered for reassignment.
          {
            __typename: 'Agent',
            id: 4,
            name: 'Sara Supervisión',
            isAvailable: true,
            roleName: 'Supervisión',
            isAgent: false,
          },
        ],
      },
    }),
    reassignSettings: () => ({
      data: {
        reassignSettings: {
          __typename: 'ReassignSettings',
          showAvailability: false,
          onlyAvailable: false,
          showGroups: false,
        },
      },
    }),
    categories: () => ({
      data: { categories: [{ __typename: 'Category', id: 1, name: 'Ventas' }] },
    }),
    datasheetFields: () => ({
      data: { datasheetFields: FIELDS.map((f) => ({ __typename: 'DatasheetField', ...f })) },
    }),
    clientInfos: () => ({ data: { clientInfos: [] } }),
    followUpMessages: () => ({ data: { followUpMessages: [] } }),
    whatsappTemplates: () => ({
      data: { whatsappTemplates: TEMPLATES.map((t) => ({ __typename: 'WhatsappTemplate', ...t })) },
    }),
  };
}

export function graphqlError(code: string, userMessage: string, field?: string): GraphQLReply {
  return { errors: [{ message: code, extensions: { code, userMessage, field } }] };
}

/**
 * Replaces fetch: GraphQL answered by root field, REST by path (status and body). Records every call so
 * a test can check what was sent.
 */
export function stubPanelServer(
  operations: Record<string, Resolver> = {},
  rest: Record<string, { status: number; body: unknown }> = {},
): PanelCall[] {
  const calls: PanelCall[] = [];
  const resolvers = { ...defaultOperations(), ...operations };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const json = (status: number, payload: unknown) =>
        new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
      if (path.startsWith('/graphql')) {
        const name = rootField(String(body.query));
        const variables = (body.variables ?? {}) as Record<string, unknown>;
        calls.push({ name, variables });
        const resolver = resolvers[name];
        return json(
          200,
          resolver ? resolver(variables) : graphqlError('NOT_STUBBED', `Sin respuesta: ${name}`),
        );
      }
      const route = path.replace(/^\/api/, '');
      calls.push({ name: route, variables: body });
      const reply = rest[route] ?? { status: 404, body: { code: 'NOT_FOUND' } };
      return json(reply.status, reply.body);
    }),
  );
  return calls;
}

/** A role's seed permissions, with some taken away or added. */
export function meWith(role: RoleName, change: { remove?: string[]; add?: string[] } = {}): Me {
  const me = makeMe(role);
  const permissions = { ...(me.permissions ?? {}) };
  for (const name of change.remove ?? []) delete permissions[name];
  for (const name of change.add ?? []) permissions[name] = true;
  return { ...me, permissions };
}

export function renderPanel(conversation: ConversationView = makeConversation(), me: Me = makeMe('admin')) {
  localStorage.setItem('token', 'valid');
  const client = createApolloClient();
  const ui = (view: ConversationView) => (
    <ApolloProvider client={client}>
      <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
        <ClientInfoPanel conversation={view} />
      </SessionContext.Provider>
    </ApolloProvider>
  );
  const result = render(ui(conversation));
  return { ...result, rerenderWith: (view: ConversationView) => result.rerender(ui(view)) };
}

export function callsNamed(calls: PanelCall[], name: string): PanelCall[] {
  return calls.filter((call) => call.name === name);
}

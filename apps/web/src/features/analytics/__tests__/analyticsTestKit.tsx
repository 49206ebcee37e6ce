import { ApolloProvider } from '@apollo/client/react';
import type { AnalyticsFigures, AnalyticsResponse, PanelOverview } from '@crm/shared';
import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { makeMe } from '../../../test/fixtures';
import { rootField } from '../../../test/graphqlRootField';
import type { Me } from '../../session/api/me.graphql';
import { SessionContext } from '../../session/SessionContext';

export const CHANNELS = [
  { __typename: 'Channel', id: 7, name: 'WhatsApp Ventas', platform: 'whatsapp_cloud' },
  { __typename: 'Channel', id: 8, name: 'Messenger Tienda', platform: 'messenger' },
];

export function figures(overrides: Partial<AnalyticsFigures> = {}): AnalyticsFigures {
  return {
    total: 120,
    totalActive: 9,
    whatsapp: 100,
    messenger: 20,
    sms: 0,
    totalFromAds: 6,
    totalAnswered: 90,
    totalUnanswered: 30,
    totalMessages: 800,
    timeWithMoreMessages: 14,
    responseMinutes: 4.5,
    botStats: null,
    ...overrides,
  };
}

export function analyticsAnswer(overrides: Partial<AnalyticsResponse> = {}): AnalyticsResponse {
  return {
    ...figures(),
    range: {
      startDate: '2026-11-20T06:00:00.000Z',
      endDate: '2026-11-27T05:59:59.999Z',
      timezone: 'x',
      days: 7,
    },
    previous: figures({ total: 100, totalActive: 12, messenger: 0, totalAnswered: 90, totalUnanswered: 10 }),
    scope: 'company',
    usesBots: false,
    agents: [
      agentRow({ agentId: 3, name: 'Bruno', total: 40, answered: 38, unanswered: 2, responseMinutes: 2.5 }),
      agentRow({ agentId: 4, name: 'Carla', total: 70, answered: 50, unanswered: 20, responseMinutes: null }),
      agentRow({ agentId: 5, name: 'Ana', total: 10, answered: 2, unanswered: 8, responseMinutes: 12 }),
    ],
    clients: [
      {
        clientId: 11,
        name: 'Lucía Gómez',
        phone: '+525512340001',
        channelId: 7,
        channelName: 'WhatsApp Ventas',
        platform: 'whatsapp_cloud',
        agentName: 'Bruno',
        startedAt: '2026-11-25T16:30:00.000Z',
        lastMessageAt: '2026-11-25T17:00:00.000Z',
        answered: true,
        answeredBy: 'AGENT',
        responseMinutes: 3,
        fromAd: false,
        messages: 12,
        rating: 5,
      },
    ],
    clientsTotal: 1,
    rowCap: 500,
    rowCapExceeded: false,
    perDay: [
      { date: '2026-11-25', conversations: 30, answered: 20 },
      { date: '2026-11-26', conversations: 12, answered: 10 },
    ],
    heatmap: [
      { weekday: 0, hour: 9, messages: 14 },
      { weekday: 6, hour: 23, messages: 2 },
    ],
    byChannel: [
      { channelId: 7, name: 'WhatsApp Ventas', platform: 'whatsapp_cloud', conversations: 100 },
      { channelId: 8, name: 'Messenger Tienda', platform: 'messenger', conversations: 20 },
    ],
    responseTimes: [
      { key: 'lt1m', count: 5 },
      { key: '5to15m', count: 7 },
    ],
    ...overrides,
  };
}

export function agentRow(overrides: Partial<AnalyticsResponse['agents'][number]>) {
  return {
    agentId: 1,
    name: 'Agente',
    total: 0,
    answered: 0,
    unanswered: 0,
    responseMinutes: null,
    rating: null,
    ratingsCount: 0,
    messages: 0,
    responseAfterAssignmentMinutes: 1.5,
    botAnswered: 4,
    avgDurationHours: 2.25,
    ...overrides,
  };
}

export const PANEL: PanelOverview = {
  today: figures({ total: 17, totalAnswered: 15, totalUnanswered: 2 }),
  unansweredNow: 3,
  agentsAvailable: 4,
  agentsTotal: 6,
  plan: {
    name: 'PRO',
    conversationsUsed: 150,
    conversationsLimit: 600,
    seatsUsed: 6,
    seatsLimit: null,
    periodStart: '2026-11-01T06:00:00.000Z',
  },
};

export interface Call {
  /** GraphQL root field, or 'METHOD /path' for REST (without /api and the query string). */
  name: string;
  query: string;
  body: unknown;
  variables: Record<string, unknown>;
}

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Answer = Reply | ((call: Call) => Reply);

/**
 * Replaces fetch: GraphQL by root field (the `inboxChannels` list by default), REST by 'METHOD /path'. Every call is
 * recorded with its query string and body.
 */
export function stubAnalyticsServer(
  rest: Record<string, Answer>,
  graphql: Record<string, (call: Call) => unknown> = {},
): Call[] {
  const calls: Call[] = [];
  const resolvers: Record<string, (call: Call) => unknown> = {
    inboxChannels: () => ({ data: { inboxChannels: CHANNELS } }),
    ...graphql,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const [path = '', query = ''] = url.split('?', 2);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const json = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(payload), {
          status,
          headers: { 'Content-Type': 'application/json', ...headers },
        });
      if (path.startsWith('/graphql')) {
        const document = body as { query: string; variables?: Record<string, unknown> };
        const call: Call = {
          name: rootField(document.query),
          query,
          body,
          variables: document.variables ?? {},
        };
        calls.push(call);
        const resolver = resolvers[call.name];
        return json(200, resolver ? resolver(call) : { errors: [{ message: `No stub for ${call.name}` }] });
      }
      const call: Call = {
        name: `${init?.method ?? 'GET'} ${path.replace(/^\/api/, '')}`,
        query,
        body,
        variables: {},
      };
      calls.push(call);
      const answer = rest[call.name];
      if (!answer) return json(404, { code: 'NOT_FOUND' });
      const reply = typeof answer === 'function' ? answer(call) : answer;
      return json(reply.status, reply.body, reply.headers);
    }),
  );
  return calls;
}

export const callsNamed = (calls: readonly Call[], name: string): Call[] =>
  calls.filter((c) => c.name === name);

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

export const location = (): string => screen.getByTestId('location').textContent ?? '';

export const ADMIN = makeMe('admin');
export const AGENT = makeMe('agente');

/** A page at `path` (and `otherRoutes`) inside a signed-in session, with the app's Apollo client and a router. */
export function renderPage(
  path: string,
  element: ReactElement,
  me: Me = ADMIN,
  otherRoutes: Record<string, ReactElement> = {},
) {
  localStorage.setItem('token', 'valid');
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <ApolloProvider client={createApolloClient()}>
        <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={path} element={element} />
              {Object.entries(otherRoutes).map(([other, page]) => (
                <Route key={other} path={other} element={page} />
              ))}
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </SessionContext.Provider>
      </ApolloProvider>
    </ConfigProvider>,
  );
}

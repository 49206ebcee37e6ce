import { ApolloProvider } from '@apollo/client/react';
import { type RenderResult, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { BroadcastPage } from '../../../pages/BroadcastPage';
import { makeMe } from '../../../test/fixtures';
import { rootField } from '../../../test/graphqlRootField';
import type { Me } from '../../session/api/me.graphql';
import { SessionContext } from '../../session/SessionContext';
import type { AccountStatus, BroadcastTag, CampaignView } from '../api/campaigns.rest';
import { type CampaignDraft, draftStorageKey, EMPTY_CAMPAIGN_DRAFT } from '../campaignDraft';
import { forgetLoadedCampaignDrafts } from '../hooks/useCampaignDraft';

export const CHANNELS = [
  {
    __typename: 'Channel',
    id: 7,
    name: 'WhatsApp Ventas',
    platform: 'whatsapp_cloud',
    isActive: true,
    qualityRating: 'HIGH',
    currentLimit: 'TIER_1K',
  },
  {
    __typename: 'Channel',
    id: 8,
    name: 'Messenger Tienda',
    platform: 'messenger',
    isActive: true,
    qualityRating: 'NA',
    currentLimit: null,
  },
];

const LONG_TEXT =
  'Estimado cliente, le recordamos que su suscripción mensual vence pronto y puede renovarla desde la aplicación en cualquier momento.';

function template(
  id: number,
  name: string,
  category: 'marketing' | 'utility',
  components: unknown[],
  status = 'accepted',
) {
  return {
    __typename: 'WhatsappTemplate',
    id,
    name,
    language: 'es_MX',
    status,
    category,
    channelId: 7,
    components,
  };
}

export const HEADER_URL = 'https://cdn.test/plantillas/encabezado.jpg';

export const TEMPLATES = [
  template(31, 'promo_marzo', 'marketing', [
    { type: 'BODY', text: '*Hola* _amigos_, ~antes~ ahora con descuento.' },
  ]),
  template(32, 'aviso_envío', 'utility', [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: [HEADER_URL] } },
    { type: 'BODY', text: 'Tu pedido ya va en camino.' },
  ]),
  template(33, 'saludo_variable', 'marketing', [
    { type: 'BODY', text: 'Hola {{1}}', example: { body_text: [['Ana']] } },
  ]),
  template(34, 'recordatorio_pago', 'utility', [{ type: 'BODY', text: LONG_TEXT }]),
  template(35, 'en_revision', 'marketing', [{ type: 'BODY', text: 'Pendiente de revisión' }], 'submitted'),
];

export const TAGS: BroadcastTag[] = [
  { id: 1, name: 'Clientes VIP', color: '#1677ff', createdAt: '2026-01-10T16:00:00.000Z', contacts: 120 },
  { id: 2, name: 'Mayoreo', color: '#52c41a', createdAt: '2026-02-10T16:00:00.000Z', contacts: 300 },
  { id: 3, name: 'Nuevos', color: '#faad14', createdAt: '2026-03-10T16:00:00.000Z', contacts: 40 },
];

export function campaignView(overrides: Partial<CampaignView> = {}): CampaignView {
  return {
    id: 50,
    name: 'Promoción de marzo',
    channelId: 7,
    companyId: 1,
    status: 'SCHEDULED',
    statusLabel: 'Programada',
    selectedTags: [{ id: 1, name: 'Clientes VIP', color: '#1677ff' }],
    conjunction: null,
    templateId: 31,
    templateName: 'promo_marzo',
    fileUrl: null,
    sendAt: '2030-03-15T16:00:00.000Z',
    createdAt: '2026-03-01T16:00:00.000Z',
    lastSendAt: null,
    total: 120,
    sent: 0,
    failed: 0,
    totalCost: 2.8,
    ...overrides,
  };
}

function accountStatus(overrides: Partial<AccountStatus> = {}): AccountStatus {
  return {
    current_limit: 'TIER_1K',
    current_quality_rating: 'HIGH',
    dailyLimit: 1000,
    messagesPerSecond: 80,
    ...overrides,
  };
}

export interface Call {
  /** GraphQL root field, or 'METHOD /path' for REST (without /api and the query string). */
  name: string;
  query: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface Reply {
  status: number;
  body: unknown;
}

export type RestAnswer = Reply | ((call: Call) => Reply | Promise<Reply>);

/** What a test changes in the stubbed server; the rest answers as the defaults below. */
export interface ServerOptions {
  graphql?: Record<string, () => unknown>;
  /** By 'METHOD /path'; wins over the shortcuts below. */
  rest?: Record<string, RestAnswer>;
  /** The channels the GraphQL `channels` query lists (CHANNELS by default). */
  channels?: unknown[];
  /** Changes to the account status of the channel's number (GET /broadcast/get360Status). */
  account?: Partial<AccountStatus>;
  /** How many recipients POST /broadcast/audience counts (150 by default). */
  audience?: number;
}

function defaultRest(options: ServerOptions): Record<string, RestAnswer> {
  return {
    'GET /campaigns': { status: 200, body: [campaignView()] },
    'GET /broadcast/tags': { status: 200, body: TAGS },
    'GET /broadcast/get360Status': { status: 200, body: accountStatus(options.account) },
    'POST /broadcast/audience': { status: 200, body: { recipients: options.audience ?? 150 } },
    'POST /broadcast/getTotalPricing': { status: 200, body: { totalCost: 1.2345, recipients: 150 } },
    'POST /campaign': (call) => ({ status: 201, body: campaignView({ id: 51, ...(call.body as object) }) }),
  };
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const headers = init?.headers;
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers);
  return { ...(headers as Record<string, string>) };
}

/**
 * Replaces fetch: GraphQL answered by root field (channels, whatsappTemplates), REST by method and path, query
 * string aside. Every call is recorded with its query string, body and headers.
 */
export function stubCampaignServer(options: ServerOptions = {}): Call[] {
  const calls: Call[] = [];
  const graphql: Record<string, () => unknown> = {
    channels: () => ({ data: { channels: options.channels ?? CHANNELS } }),
    whatsappTemplates: () => ({ data: { whatsappTemplates: TEMPLATES } }),
    ...options.graphql,
  };
  const rest = { ...defaultRest(options), ...options.rest };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const [path = '', query = ''] = url.split('?', 2);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const json = (status: number, payload: unknown) =>
        new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
      if (path.startsWith('/graphql')) {
        const name = rootField(String((body as { query?: string }).query));
        calls.push({ name, query, body, headers: headersOf(init) });
        const resolver = graphql[name];
        return json(200, resolver ? resolver() : { errors: [{ message: `No stub for ${name}` }] });
      }
      const call: Call = {
        name: `${init?.method ?? 'GET'} ${path.replace(/^\/api/, '')}`,
        query,
        body,
        headers: headersOf(init),
      };
      calls.push(call);
      if (/^GET \/campaign\/\d+\/export$/.test(call.name)) {
        return new Response('xlsx', {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }
      const answer = rest[call.name];
      if (!answer) return json(404, { code: 'NOT_FOUND' });
      const reply = typeof answer === 'function' ? await answer(call) : answer;
      return json(reply.status, reply.body);
    }),
  );
  return calls;
}

export const callsNamed = (calls: readonly Call[], name: string): Call[] =>
  calls.filter((call) => call.name === name);

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export const ADMIN = makeMe('admin');

/** The broadcast routes of the app (the table and /broadcast/:currentStep) inside a signed-in session. */
export function renderBroadcast(entry: string, me: Me = ADMIN) {
  localStorage.setItem('token', 'valid');
  const client = createApolloClient();
  // Without motion a closed dialog leaves the DOM at once (jsdom ends no CSS transition).
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <ApolloProvider client={client}>
        <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
          <MemoryRouter initialEntries={[entry]}>
            <Routes>
              <Route path="/broadcast/table" element={<BroadcastPage />} />
              <Route path="/broadcast/:currentStep" element={<BroadcastPage />} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </SessionContext.Provider>
      </ApolloProvider>
    </ConfigProvider>,
  );
}

/**
 * The usual start of a test: the server stubbed, a draft kept by an earlier visit (when given) and the page opened
 * at `entry` for ADMIN. Answers the recorded calls with what `render` answers.
 */
export function openBroadcast(
  entry: string,
  { draft, ...server }: ServerOptions & { draft?: Partial<CampaignDraft> } = {},
): RenderResult & { calls: Call[] } {
  const calls = stubCampaignServer(server);
  if (draft) seedDraft(draft);
  return { calls, ...renderBroadcast(entry) };
}

export const location = (): string => screen.getByTestId('location').textContent ?? '';

export async function reach(path: string, timeout = 3000): Promise<void> {
  await waitFor(() => expect(location()).toBe(path), { timeout });
}

/** A draft kept by an earlier visit, as a reload finds it in sessionStorage. */
export function seedDraft(change: Partial<CampaignDraft>, me: Me = ADMIN): void {
  sessionStorage.setItem(
    draftStorageKey(me.id, me.company.id),
    JSON.stringify({ ...EMPTY_CAMPAIGN_DRAFT, ...change }),
  );
  forgetLoadedCampaignDrafts();
}

export function storedDraft(me: Me = ADMIN): CampaignDraft | null {
  const raw = sessionStorage.getItem(draftStorageKey(me.id, me.company.id));
  return raw ? (JSON.parse(raw) as CampaignDraft) : null;
}

/** Forgets every kept draft between tests. */
function clearDrafts(): void {
  sessionStorage.clear();
  forgetLoadedCampaignDrafts();
}

/** For every file's afterEach: the stubbed globals (fetch, XMLHttpRequest) back, and no draft kept. */
export function resetBroadcast(): void {
  vi.unstubAllGlobals();
  clearDrafts();
}

/** The template the wizard stores for a fixture row. */
export function draftTemplate(id: number) {
  const row = TEMPLATES.find((item) => item.id === id);
  if (!row) throw new Error(`no template ${id}`);
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    language: row.language,
    components: row.components,
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * 360dialog on 127.0.0.1, the parts linking uses: the Partner API under /api/v2 (the client's channels under our
 * partner, API keys, authenticated by x-api-key) and the waba-v2 Messaging API at the root (webhook config,
 * business profile and the resumable upload proxy, authenticated by the D360-API-KEY the partner API issued).
 */

export interface FakePartnerChannel {
  id: string;
  clientId: string;
  phone: string;
  name?: string;
}

export type ProfilePart = 'about' | 'businessInfo' | 'photo';

export interface Fake360 {
  url: string;
  partnerId: string;
  partnerKey: string;
  env: Record<string, string>;
  channels: FakePartnerChannel[];
  /** Keys issued, by key: the channel they belong to. */
  keys: Map<string, string>;
  webhooks: Array<{ apiKey: string; url: string; headers: Record<string, string> }>;
  profiles: Array<{ apiKey: string; body: Record<string, unknown> }>;
  requests: Array<{ method: string; path: string }>;
  /** The profile part answered with a 500 (null: none). */
  failProfile: ProfilePart | null;
  /** Webhook configuration answers 500 (an outage midway through a linking). */
  failWebhook: boolean;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Which part of the profile a whatsapp_business_profile body carries (the API sends them one by one). */
export function profilePart(body: Record<string, unknown>): ProfilePart {
  if ('profile_picture_handle' in body) return 'photo';
  if ('about' in body) return 'about';
  return 'businessInfo';
}

export async function startFake360(): Promise<Fake360> {
  const state = {
    channels: [] as FakePartnerChannel[],
    keys: new Map<string, string>(),
    webhooks: [] as Fake360['webhooks'],
    profiles: [] as Fake360['profiles'],
    requests: [] as Fake360['requests'],
    failProfile: null as ProfilePart | null,
    failWebhook: false,
  };
  const partnerId = 'PTNRfake01';
  const partnerKey = 'partner-key-0123456789';
  let issued = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(req);
      state.requests.push({ method: req.method ?? 'GET', path: url.pathname });
      const partner = /^\/api\/v2\/partners\/([^/]+)\/channels(?:\/([^/]+)\/api_keys)?$/.exec(url.pathname);
      if (partner) {
        if (req.headers['x-api-key'] !== partnerKey || partner[1] !== partnerId) {
          return send(res, 401, { errors: [{ message: 'Unauthorized' }] });
        }
        if (req.method === 'GET' && !partner[2]) {
          const filters = JSON.parse(url.searchParams.get('filters') ?? '{}') as { client_id?: string };
          const list = state.channels.filter((c) => !filters.client_id || c.clientId === filters.client_id);
          return send(res, 200, {
            count: list.length,
            partner_channels: list.map((c) => ({
              id: c.id,
              client_id: c.clientId,
              setup_info: { phone_number: `+${c.phone}`, phone_name: c.name ?? null },
              status: 'ready',
            })),
          });
        }
        if (req.method === 'POST' && partner[2]) {
          const channel = state.channels.find((c) => c.id === partner[2]);
          if (!channel) return send(res, 404, { errors: [{ message: 'Channel not found' }] });
          issued += 1;
          const apiKey = `d360key${issued}x${channel.id}`;
          state.keys.set(apiKey, channel.id);
          return send(res, 201, {
            api_key: apiKey,
            address: 'https://waba-v2.360dialog.io',
            id: `k${issued}`,
          });
        }
      }
      const apiKey = String(req.headers['d360-api-key'] ?? '');
      if (!state.keys.has(apiKey))
        return send(res, 401, { meta: { success: false, developer_message: 'Invalid api key' } });
      if (req.method === 'POST' && url.pathname === '/v1/configs/webhook') {
        if (state.failWebhook) return send(res, 500, { meta: { success: false, developer_message: 'down' } });
        const json = JSON.parse(body.toString('utf8')) as { url: string; headers: Record<string, string> };
        state.webhooks.push({ apiKey, url: json.url, headers: json.headers });
        return send(res, 200, { url: json.url });
      }
      if (req.method === 'POST' && url.pathname === '/whatsapp_business_profile') {
        const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        if (state.failProfile === profilePart(json)) {
          return send(res, 500, { error: { message: 'Internal error', type: 'OAuthException', code: 1 } });
        }
        state.profiles.push({ apiKey, body: json });
        return send(res, 200, { success: true });
      }
      if (req.method === 'POST' && url.pathname === '/uploads') {
        return send(res, 200, { id: `upload:session${issued}` });
      }
      if (req.method === 'POST' && url.pathname.startsWith('/upload:')) {
        if (state.failProfile === 'photo') {
          return send(res, 500, { error: { message: 'Upload failed', type: 'OAuthException', code: 1 } });
        }
        return send(res, 200, { h: `handle-${body.length}` });
      }
      send(res, 404, {
        meta: { success: false, developer_message: `No route ${req.method} ${url.pathname}` },
      });
    })().catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(state, {
    url,
    partnerId,
    partnerKey,
    env: {
      DIALOG360_PARTNER_ID: partnerId,
      DIALOG360_PARTNER_API_KEY: partnerKey,
      DIALOG360_PARTNER_URL: `${url}/api/v2`,
      DIALOG360_URL: url,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

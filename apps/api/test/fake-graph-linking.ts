import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ProfilePart, profilePart } from './fake-360dialog-partner';

/**
 * Meta's Graph API on 127.0.0.1, the parts of embedded signup and the business profile linking uses:
 * oauth/access_token (code → token), /{waba-id}/phone_numbers, /{phone-number-id}/register,
 * /{waba-id}/subscribed_apps, /{phone-number-id}/whatsapp_business_profile, debug_token and the resumable upload.
 */

export interface FakeSignupNumber {
  wabaId: string;
  phoneNumberId: string;
  display: string;
  verifiedName: string;
}

export interface FakeGraph {
  url: string;
  appId: string;
  appSecret: string;
  env: Record<string, string>;
  numbers: FakeSignupNumber[];
  /** code → the token it exchanges for (each code once). */
  codes: Map<string, string>;
  /** token → the WABA it reaches. */
  tokens: Map<string, string>;
  registered: Array<{ phoneNumberId: string; pin: string }>;
  subscribed: string[];
  profiles: Array<{ phoneNumberId: string; body: Record<string, unknown> }>;
  failProfile: ProfilePart | null;
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

function graphError(res: ServerResponse, status: number, message: string, code = 100): void {
  send(res, status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'fake' } });
}

export async function startFakeGraph(): Promise<FakeGraph> {
  const appId = '900000000000001';
  const appSecret = 'fake-meta-app-secret';
  const state = {
    numbers: [] as FakeSignupNumber[],
    codes: new Map<string, string>(),
    tokens: new Map<string, string>(),
    registered: [] as FakeGraph['registered'],
    subscribed: [] as string[],
    profiles: [] as FakeGraph['profiles'],
    failProfile: null as ProfilePart | null,
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(req);
      const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
      if (req.method === 'GET' && path === '/oauth/access_token') {
        const q = url.searchParams;
        if (q.get('client_id') !== appId || q.get('client_secret') !== appSecret) {
          return graphError(res, 400, 'Error validating client secret.', 1);
        }
        const token = state.codes.get(q.get('code') ?? '');
        if (!token) return graphError(res, 400, 'Invalid verification code format.', 100);
        state.codes.delete(q.get('code') ?? '');
        return send(res, 200, { access_token: token, token_type: 'bearer' });
      }
      const bearer = /^(Bearer|OAuth) (.+)$/.exec(String(req.headers.authorization ?? ''))?.[2] ?? '';
      const waba = state.tokens.get(bearer);
      if (!waba) return graphError(res, 401, 'Invalid OAuth access token.', 190);
      if (req.method === 'GET' && path === '/debug_token') {
        return send(res, 200, {
          data: {
            app_id: appId,
            is_valid: true,
            granular_scopes: [{ scope: 'whatsapp_business_management', target_ids: [waba] }],
          },
        });
      }
      const phones = /^\/([^/]+)\/phone_numbers$/.exec(path);
      if (req.method === 'GET' && phones) {
        if (phones[1] !== waba) return graphError(res, 403, 'No permission on this WABA', 200);
        return send(res, 200, {
          data: state.numbers
            .filter((n) => n.wabaId === waba)
            .map((n) => ({
              id: n.phoneNumberId,
              display_phone_number: n.display,
              verified_name: n.verifiedName,
              quality_rating: 'GREEN',
            })),
        });
      }
      const register = /^\/([^/]+)\/register$/.exec(path);
      if (req.method === 'POST' && register) {
        const json = JSON.parse(body.toString('utf8')) as { messaging_product?: string; pin?: string };
        if (json.messaging_product !== 'whatsapp' || !/^\d{6}$/.test(json.pin ?? '')) {
          return graphError(res, 400, 'Invalid parameter');
        }
        state.registered.push({ phoneNumberId: register[1], pin: json.pin as string });
        return send(res, 200, { success: true });
      }
      const subscribe = /^\/([^/]+)\/subscribed_apps$/.exec(path);
      if (req.method === 'POST' && subscribe) {
        state.subscribed.push(subscribe[1]);
        return send(res, 200, { success: true });
      }
      const profile = /^\/([^/]+)\/whatsapp_business_profile$/.exec(path);
      if (req.method === 'POST' && profile) {
        const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        if (state.failProfile === profilePart(json))
          return graphError(res, 500, 'An unknown error occurred', 1);
        state.profiles.push({ phoneNumberId: profile[1], body: json });
        return send(res, 200, { success: true });
      }
      if (req.method === 'POST' && path === `/${appId}/uploads`)
        return send(res, 200, { id: 'upload:graphsession1' });
      if (req.method === 'POST' && path.startsWith('/upload:')) {
        if (state.failProfile === 'photo') return graphError(res, 500, 'Upload failed', 1);
        return send(res, 200, { h: `graph-handle-${body.length}` });
      }
      graphError(res, 404, `Unknown path components: ${path}`, 2500);
    })().catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/v26.0`;
  return Object.assign(state, {
    url,
    appId,
    appSecret,
    env: {
      WHATSAPP_GRAPH_URL: url,
      META_APP_ID: appId,
      META_APP_SECRET: appSecret,
      META_CONFIG_ID: '700000000000001',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

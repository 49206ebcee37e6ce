import { CompanyStatus, LINKING_ERROR_MESSAGE } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { type Fake360, startFake360 } from './fake-360dialog-partner';
import { type FakeGraph, startFakeGraph } from './fake-graph-linking';
import { login, registerCompany, startTestApp, type TestApp } from './helpers';
import { openSocket } from './socket-helpers';
import { testSql } from './sql';

// Issue 19, 01 §2.5: linking a number through 360dialog Connect and Meta's embedded signup, against fake partner
// and Graph servers on 127.0.0.1, and the business profile sent through each provider.

const APP_URL = 'https://crm.example.com';
const WEBHOOK_TOKEN = 'linking-360-webhook-token';
const db = testSql();
const sockets: Socket[] = [];
let t: TestApp;
let d360: Fake360;
let graph: FakeGraph;

beforeAll(async () => {
  [d360, graph] = await Promise.all([startFake360(), startFakeGraph()]);
  t = await startTestApp({
    ...d360.env,
    ...graph.env,
    APP_URL,
    DIALOG360_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    SCHEDULING_URL: 'https://calendly.com/charla/vincular',
  });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
  await Promise.all([d360?.close(), graph?.close()]);
});

let counter = 0;
/** A phone number of this run alone (numbers are unique per platform across the database). */
function uniquePhone(): string {
  counter += 1;
  return `5215${String(process.pid % 100000).padStart(5, '0')}${String(counter).padStart(3, '0')}`;
}
function uniqueId(prefix: string): string {
  return `${prefix}${process.pid}x${counter}x${Math.random().toString(36).slice(2, 8)}`;
}

async function company(status = CompanyStatus.AWAITING_WA_VINCULATION) {
  const { email, token } = await registerCompany(t, 'vincula');
  const [{ companyId }] = await db.query(`SELECT "companyId" FROM users WHERE email = $1`, [email]);
  await db.query(`UPDATE companies SET status = $1 WHERE id = $2`, [status, companyId]);
  return { token, companyId: companyId as number };
}

const post = (path: string, token: string, body: object = {}) =>
  t.http.post(path).set('Authorization', `Bearer ${token}`).send(body);
const get = (path: string, token: string) => t.http.get(path).set('Authorization', `Bearer ${token}`);

async function statusOf(companyId: number): Promise<string> {
  const [row] = await db.query(`SELECT status FROM companies WHERE id = $1`, [companyId]);
  return row.status;
}
async function channelsOf(companyId: number, platform: string) {
  return db.query(
    `SELECT c.id, c.phone, c."providerId", c."accessToken", array_agg(sc."spaceId") AS spaces,
            bool_or(s."isDefault") AS "inDefault"
       FROM channels c LEFT JOIN space_channels sc ON sc."channelId" = c.id LEFT JOIN spaces s ON s.id = sc."spaceId"
      WHERE c."companyId" = $1 AND c.platform = $2 GROUP BY c.id ORDER BY c.id`,
    [companyId, platform],
  );
}

/** A 360dialog channel of a client under our partner, as Connect leaves it. */
function connectChannel(): { client: string; id: string; phone: string } {
  const channel = {
    clientId: uniqueId('CL'),
    id: uniqueId('CH'),
    phone: uniquePhone(),
    name: 'Tacos Don Pepe',
  };
  d360.channels.push(channel);
  return { client: channel.clientId, id: channel.id, phone: channel.phone };
}

describe('configuration', () => {
  it('offers 360dialog Connect and the embedded signup when both are configured, not the sandbox', async () => {
    const { token } = await company();
    expect((await get('/api/link-whatsapp/config', token)).body).toEqual({
      sandbox: false,
      dialog360: {
        partnerId: d360.partnerId,
        connectUrl: `https://hub.360dialog.com/dashboard/app/${d360.partnerId}/permissions`,
      },
      meta: { appId: graph.appId, configId: '700000000000001' },
      schedulingUrl: 'https://calendly.com/charla/vincular',
    });
    const sandbox = await post('/api/link-whatsapp/sandbox', token, {});
    expect(sandbox.status).toBe(400);
  });

  it("lets the linking page load Facebook's SDK and its login dialog when the embedded signup is configured", async () => {
    const csp = String((await t.http.get('/login')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://connect.facebook.net;");
    expect(csp).toContain("frame-src 'self' https://www.facebook.com https://web.facebook.com;");
    expect(csp).toContain("connect-src 'self' https://graph.facebook.com https://www.facebook.com;");
  });
});

describe('variables', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/crm-linking-config' };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      return error instanceof ConfigError ? error.variable : 'other';
    }
    return null;
  };

  it('are all optional: none set is the sandbox linking', () => {
    expect(loadConfig(base).whatsappLinking).toEqual({
      dialog360Connect: null,
      metaSignup: null,
      schedulingUrl: null,
    });
  });

  it('refuse a half-configured provider and a scheduling URL that is not one', () => {
    expect(refusal({ DIALOG360_PARTNER_ID: 'p1' })).toBe('DIALOG360_PARTNER_API_KEY');
    expect(refusal({ DIALOG360_PARTNER_API_KEY: 'k1' })).toBe('DIALOG360_PARTNER_ID');
    expect(refusal({ META_APP_ID: '1', META_CONFIG_ID: '2' })).toBe('META_APP_SECRET');
    expect(refusal({ SCHEDULING_URL: 'calendly' })).toBe('SCHEDULING_URL');
    expect(refusal({ DIALOG360_PARTNER_ID: 'p1', DIALOG360_PARTNER_API_KEY: 'k1' })).toBeNull();
  });
});

describe('360dialog Connect', () => {
  it('links the channel end to end: key, webhook, channel in the default space, status, event', async () => {
    const owner = await company();
    const other = await company();
    const mine = await openSocket(t.baseUrl, owner.token, sockets);
    const theirs = await openSocket(t.baseUrl, other.token, sockets);
    const heard: unknown[] = [];
    const overheard: unknown[] = [];
    theirs.on('status', (p) => overheard.push(p));
    const received = new Promise((resolve) => mine.once('status', resolve));
    mine.on('status', (p) => heard.push(p));

    const channel = connectChannel();
    const res = await post('/api/link-whatsapp', owner.token, {
      client: channel.client,
      channels: `[${channel.id}]`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await channelsOf(owner.companyId, 'dialog360');
    expect(res.body).toEqual({
      channels: [{ id: row.id, name: 'Tacos Don Pepe', phone: channel.phone, platform: 'dialog360' }],
    });
    expect(row).toMatchObject({ phone: channel.phone, providerId: channel.phone, inDefault: true });
    // The key 360dialog issued, sealed like every channel credential.
    const [key] = [...d360.keys].find(([, id]) => id === channel.id) ?? [];
    expect(key).toBeDefined();
    expect(row.accessToken).not.toContain(key);
    expect(d360.webhooks.find((w) => w.apiKey === key)).toEqual({
      apiKey: key,
      url: `${APP_URL}/webhooks/360dialog/${channel.phone}`,
      headers: { 'x-webhook-token': WEBHOOK_TOKEN },
    });
    expect(await statusOf(owner.companyId)).toBe(CompanyStatus.ACTIVE);
    expect(await received).toEqual({ success: true, channelIds: [row.id] });
    // The number's webhooks are ours now: the registered URL and secret are accepted.
    const hook = await t.http
      .post(`/webhooks/360dialog/${channel.phone}`)
      .set('X-Webhook-Token', WEBHOOK_TOKEN)
      .send({ object: 'whatsapp_business_account', entry: [] });
    expect(hook.status).toBe(200);
    expect(heard).toHaveLength(1);
    expect(overheard).toEqual([]);
  });

  it('is idempotent: the same channel again answers the same row and asks 360dialog for nothing', async () => {
    const owner = await company();
    const channel = connectChannel();
    const first = await post('/api/link-whatsapp', owner.token, {
      client: channel.client,
      channels: [channel.id],
    });
    expect(first.status).toBe(200);
    const calls = d360.requests.length;
    const again = await post('/api/link-whatsapp', owner.token, {
      client: channel.client,
      channels: [channel.id],
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await channelsOf(owner.companyId, 'dialog360')).toHaveLength(1);
    expect(d360.requests.length).toBe(calls);
  });

  it('refuses a channel of another client (or not under our partner), creating nothing and saying so', async () => {
    const owner = await company();
    const socket = await openSocket(t.baseUrl, owner.token, sockets);
    const failed = new Promise((resolve) => socket.once('status', resolve));
    const mine = connectChannel();
    const foreign = connectChannel();
    const res = await post('/api/link-whatsapp', owner.token, {
      client: mine.client,
      channels: [mine.id, foreign.id],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'WHATSAPP_LINKING_REFUSED', userMessage: LINKING_ERROR_MESSAGE });
    expect(await failed).toEqual({ success: false });
    expect(await channelsOf(owner.companyId, 'dialog360')).toEqual([]);
    expect(await statusOf(owner.companyId)).toBe(CompanyStatus.AWAITING_WA_VINCULATION);
    // Nothing was asked for the refused set: no key was issued for either channel.
    expect([...d360.keys.values()]).not.toContain(mine.id);
  });

  it('refuses a channel another company linked', async () => {
    const first = await company();
    const second = await company();
    const channel = connectChannel();
    expect(
      (await post('/api/link-whatsapp', first.token, { client: channel.client, channels: [channel.id] }))
        .status,
    ).toBe(200);
    const res = await post('/api/link-whatsapp', second.token, {
      client: channel.client,
      channels: [channel.id],
    });
    expect(res.status).toBe(400);
    expect(await channelsOf(second.companyId, 'dialog360')).toEqual([]);
  });

  it('answers 502 when 360dialog fails midway, with nothing half-created', async () => {
    const owner = await company();
    const channel = connectChannel();
    d360.failWebhook = true;
    try {
      const res = await post('/api/link-whatsapp', owner.token, {
        client: channel.client,
        channels: [channel.id],
      });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'WHATSAPP_LINKING_FAILED', userMessage: LINKING_ERROR_MESSAGE });
    } finally {
      d360.failWebhook = false;
    }
    expect(await channelsOf(owner.companyId, 'dialog360')).toEqual([]);
    expect(await statusOf(owner.companyId)).toBe(CompanyStatus.AWAITING_WA_VINCULATION);
  });

  it('needs writeSpaces', async () => {
    const agent = await login(t, 'agente@demo.local');
    const channel = connectChannel();
    expect(
      (await post('/api/link-whatsapp', agent, { client: channel.client, channels: [channel.id] })).status,
    ).toBe(403);
    expect((await get('/api/link-whatsapp/config', agent)).status).toBe(403);
    expect(
      (await post('/api/link-whatsapp/meta', agent, { code: 'x', wabaId: '1', phoneNumberId: '2' })).status,
    ).toBe(403);
    expect((await get('/api/link-whatsapp/profile', agent)).status).toBe(403);
    expect((await get('/api/link-whatsapp/qr', agent)).status).toBe(403);
  });
});

/** A number the embedded signup shares, and the code the popup returns for it. */
function signupNumber() {
  const phone = uniquePhone();
  const number = {
    wabaId: `10${Date.now() % 1e9}${counter}`,
    phoneNumberId: `20${Date.now() % 1e9}${counter}`,
    display: `+52 1 ${phone.slice(3, 5)} ${phone.slice(5, 9)} ${phone.slice(9)}`,
    verifiedName: 'Florería Luna',
  };
  graph.numbers.push(number);
  const code = uniqueId('code');
  const token = uniqueId('EAAG');
  graph.codes.set(code, token);
  graph.tokens.set(token, number.wabaId);
  return { ...number, phone, code, token };
}

describe("Meta's embedded signup", () => {
  it('exchanges the code, checks the number, registers it, subscribes the app and creates the channel', async () => {
    // A trial company that paid its first month: linking leaves it in its trial.
    const owner = await company(CompanyStatus.AWAITING_FIRST_PAYMENT);
    const paid = await post('/api/payment/first', owner.token, {
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      card: {
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 2,
        cvc: '123',
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await statusOf(owner.companyId)).toBe(CompanyStatus.AWAITING_WA_VINCULATION);

    const n = signupNumber();
    const res = await post('/api/link-whatsapp/meta', owner.token, {
      code: n.code,
      wabaId: n.wabaId,
      phoneNumberId: n.phoneNumberId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await channelsOf(owner.companyId, 'whatsapp_cloud');
    expect(res.body.channels).toEqual([
      { id: row.id, name: 'Florería Luna', phone: n.phone, platform: 'whatsapp_cloud' },
    ]);
    expect(row).toMatchObject({ providerId: n.phoneNumberId, inDefault: true });
    expect(row.accessToken).not.toContain(n.token);
    expect(graph.registered).toContainEqual({
      phoneNumberId: n.phoneNumberId,
      pin: expect.stringMatching(/^\d{6}$/),
    });
    expect(graph.subscribed).toContain(n.wabaId);
    expect(await statusOf(owner.companyId)).toBe(CompanyStatus.TRIAL);
    // The code was single use; linking again answers the linked channel without asking Graph.
    const again = await post('/api/link-whatsapp/meta', owner.token, {
      code: n.code,
      wabaId: n.wabaId,
      phoneNumberId: n.phoneNumberId,
    });
    expect(again.body).toEqual(res.body);
  });

  it('refuses a number that is not in the WABA, and a bad code, creating nothing', async () => {
    const owner = await company();
    const n = signupNumber();
    const wrong = await post('/api/link-whatsapp/meta', owner.token, {
      code: n.code,
      wabaId: n.wabaId,
      phoneNumberId: '999999999',
    });
    expect(wrong.status).toBe(400);
    const badCode = await post('/api/link-whatsapp/meta', owner.token, {
      code: 'not-a-code',
      wabaId: n.wabaId,
      phoneNumberId: n.phoneNumberId,
    });
    expect(badCode.status).toBe(502);
    expect(badCode.body.userMessage).toBe(LINKING_ERROR_MESSAGE);
    expect(await channelsOf(owner.companyId, 'whatsapp_cloud')).toEqual([]);
    expect(await statusOf(owner.companyId)).toBe(CompanyStatus.AWAITING_WA_VINCULATION);
  });
});

/** A real PNG header declaring the size (the rest of the file does not matter to the rules). */
function png(width: number, height: number, totalBytes = 64): Buffer {
  const bytes = Buffer.alloc(Math.max(totalBytes, 33));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(
    bytes,
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

const PROFILE = {
  about: 'Flores frescas todos los días',
  website: 'https://florerialuna.mx',
  vertical: 'Shopping and Retail',
  email: 'hola@florerialuna.mx',
  description: 'Arreglos florales a domicilio',
  address: 'Av. Reforma 1, CDMX',
};

function sendProfile(token: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
  const req = t.http.post('/api/link-whatsapp/profile').set('Authorization', `Bearer ${token}`);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  if (file) req.attach('file', file.bytes, file.name);
  return req;
}

describe('business profile through the provider', () => {
  it('sends a Cloud API number its profile, photo handle included, and stores it', async () => {
    const owner = await company();
    const n = signupNumber();
    const linked = await post('/api/link-whatsapp/meta', owner.token, {
      code: n.code,
      wabaId: n.wabaId,
      phoneNumberId: n.phoneNumberId,
    });
    const channelId = linked.body.channels[0].id as number;
    const res = await sendProfile(owner.token, PROFILE, { bytes: png(640, 640, 2048), name: 'logo.png' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...PROFILE, photoUrl: expect.any(String) });
    const sent = graph.profiles.filter((p) => p.phoneNumberId === n.phoneNumberId).map((p) => p.body);
    expect(sent).toEqual([
      {
        messaging_product: 'whatsapp',
        address: PROFILE.address,
        description: PROFILE.description,
        email: PROFILE.email,
        websites: [PROFILE.website],
        vertical: 'RETAIL',
      },
      { messaging_product: 'whatsapp', about: PROFILE.about },
      { messaging_product: 'whatsapp', profile_picture_handle: 'graph-handle-2048' },
    ]);
    expect((await get(`/api/link-whatsapp/profile?channelId=${channelId}`, owner.token)).body).toEqual(
      res.body,
    );
  });

  it('answers the 01 §8 code of the part 360dialog failed, storing nothing', async () => {
    const owner = await company();
    const channel = connectChannel();
    expect(
      (await post('/api/link-whatsapp', owner.token, { client: channel.client, channels: [channel.id] }))
        .status,
    ).toBe(200);
    const cases = [
      [
        'businessInfo',
        'UPLOADING_BUSINESS_INFO_ERROR',
        'Hubo un error al actualizar la información del negocio',
      ],
      ['about', 'UPLOADING_ABOUT_ERROR', 'Hubo un error al actualizar la descripción'],
      ['photo', 'UPLOADING_PHOTO_ERROR', 'Hubo un error al actualizar la foto de perfil'],
    ] as const;
    for (const [part, code, userMessage] of cases) {
      d360.failProfile = part;
      try {
        const res = await sendProfile(owner.token, PROFILE, { bytes: png(10, 10), name: 'a.png' });
        expect(res.body).toMatchObject({ code, userMessage });
      } finally {
        d360.failProfile = null;
      }
    }
    expect((await get('/api/link-whatsapp/profile', owner.token)).body).toMatchObject({
      about: '',
      photoUrl: null,
    });
    const ok = await sendProfile(owner.token, { ...PROFILE, vertical: 'RESTAURANT' });
    expect(ok.status).toBe(200);
    expect(ok.body.vertical).toBe('Restaurant');
  });

  it("refuses another company's channel with 404", async () => {
    const owner = await company();
    const other = await company();
    const channel = connectChannel();
    const linked = await post('/api/link-whatsapp', other.token, {
      client: channel.client,
      channels: [channel.id],
    });
    const theirs = linked.body.channels[0].id as number;
    expect((await get(`/api/link-whatsapp/profile?channelId=${theirs}`, owner.token)).status).toBe(404);
    const res = await sendProfile(owner.token, { ...PROFILE, channelId: String(theirs) });
    expect(res.status).toBe(404);
    expect(d360.profiles.filter((p) => d360.keys.get(p.apiKey) === channel.id)).toEqual([]);
  });
});

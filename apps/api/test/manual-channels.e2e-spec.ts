import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChannelsService } from '../src/modules/channels/channels.service';
import {
  FakeGraphServer,
  type GraphReply,
} from '../src/providers/channels/messenger/__fixtures__/fake-graph-server';
import { twilioSignature } from '../src/providers/channels/sms/twilio-signature';
import type { RecordedRequest } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { closedPortUrl } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { gql, login, registerCompany, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';
import { metaSignature } from './webhook-helpers';

/**
 * Numbers connected by hand on the channels screen: SMS (Twilio), 360dialog and an existing Cloud API number.
 * Each provider is a real HTTP server on 127.0.0.1 that checks the credentials it receives as the real one does.
 */

const APP_URL = 'https://crm.example.com';
const FIXTURES = join(__dirname, '../src/providers/channels');

// Twilio: an account that owns one number.
const SID = `AC${'0a'.repeat(16)}`;
const TWILIO_TOKEN = 'f0e1d2c3b4a5968778695a4b3c2d1e0f';
const SMS_NUMBER = '+15550107001';
// 360dialog: one API key, issued for one number.
const D360_KEY = 'Test360Key_0107002_AK';
const D360_NUMBER = '+5215550107002';
const D360_WEBHOOK_TOKEN = 'dev-360dialog-webhook-token';
// Cloud API: a number of a WhatsApp Business Account and a system user's token.
const WA_PHONE_ID = '990000000107003';
const WA_WABA_ID = '880000000107003';
const WA_TOKEN = `EAAGtest${'x'.repeat(40)}`;

let t: TestApp;
let ds: TestSql;
let twilio: FakeGraphServer;
let d360: FakeGraphServer;
let graph: FakeGraphServer;
const sockets: Socket[] = [];
let sent = 0;

interface ConnectedChannel {
  id: number;
  name: string;
  platform: string;
  phone: string | null;
  isActive: boolean;
  qualityRating: string;
  spaceIds: number[];
}

type Gql<T> = Awaited<ReturnType<typeof gql<T>>>;
interface ErrorExtensions {
  code: string;
  userMessage: string;
  field?: string;
  status?: number;
}

const CHANNEL = 'id name platform phone isActive qualityRating spaceIds';
const CONNECT_SMS = `mutation($input: ConnectSmsChannelInput!) { connectSmsChannel(input: $input) { ${CHANNEL} } }`;
const CONNECT_D360 = `mutation($input: ConnectDialog360ChannelInput!) { connectDialog360Channel(input: $input) { ${CHANNEL} } }`;
const CONNECT_WA = `mutation($input: ConnectWhatsappCloudChannelInput!) { connectWhatsappCloudChannel(input: $input) { ${CHANNEL} } }`;

const SMS_INPUT = { accountSid: SID, authToken: TWILIO_TOKEN, phoneNumber: '+1 (555) 010-7001' };
const D360_INPUT = { apiKey: D360_KEY, phoneNumber: D360_NUMBER };
const WA_INPUT = { phoneNumberId: WA_PHONE_ID, wabaId: WA_WABA_ID, accessToken: WA_TOKEN };

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** Twilio's REST API for one account (https://www.twilio.com/docs/usage/api#authenticate-with-http). */
function twilioRoutes(fake: FakeGraphServer): void {
  const unauthorized = (req: RecordedRequest): GraphReply | null =>
    req.headers.authorization === basic(SID, TWILIO_TOKEN) && req.path.includes(`/Accounts/${SID}/`)
      ? null
      : { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
  fake.on('GET', /^\/2010-04-01\/Accounts\/[^/]+\/IncomingPhoneNumbers\.json$/, (req) => {
    const number = req.query.get('PhoneNumber');
    const owned =
      number === SMS_NUMBER
        ? [
            {
              sid: 'PN0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a',
              account_sid: SID,
              phone_number: SMS_NUMBER,
              friendly_name: '(555) 010-7001',
              capabilities: { voice: true, sms: true, mms: true, fax: false },
            },
          ]
        : [];
    return (
      unauthorized(req) ?? { status: 200, body: { incoming_phone_numbers: owned, page: 0, page_size: 50 } }
    );
  });
  fake.on('POST', /^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/, (req) => {
    sent += 1;
    return (
      unauthorized(req) ?? {
        status: 201,
        body: { sid: `SM${String(sent).padStart(32, '0')}`, status: 'queued', account_sid: SID },
      }
    );
  });
}

/** 360dialog's Cloud API gateway: the D360-API-KEY names the number. */
function dialog360Routes(fake: FakeGraphServer): void {
  const unauthorized = (req: RecordedRequest): GraphReply | null =>
    req.headers['d360-api-key'] === D360_KEY
      ? null
      : {
          status: 401,
          body: { meta: { success: false, http_code: 401, developer_message: 'Invalid api_key' } },
        };
  fake.on(
    'POST',
    /^\/v1\/configs\/webhook$/,
    (req) => unauthorized(req) ?? { status: 200, body: JSON.parse(req.body) },
  );
  fake.on('POST', /^\/messages$/, (req) => {
    sent += 1;
    return (
      unauthorized(req) ?? {
        status: 200,
        body: { messaging_product: 'whatsapp', contacts: [], messages: [{ id: `wamid.D360-${sent}` }] },
      }
    );
  });
}

/** Meta's Graph API for one number of one WhatsApp Business Account. */
function graphRoutes(fake: FakeGraphServer): void {
  const unauthorized = (req: RecordedRequest): GraphReply | null =>
    req.headers.authorization === `Bearer ${WA_TOKEN}`
      ? null
      : {
          status: 401,
          body: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
        };
  const noSuchObject = (id: string): GraphReply => ({
    status: 400,
    body: {
      error: {
        message: `Unsupported get request. Object with ID '${id}' does not exist`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      },
    },
  });
  fake.on('GET', /^\/v26\.0\/\d+$/, (req) => {
    const id = req.path.split('/').at(-1) ?? '';
    return (
      unauthorized(req) ??
      (id === WA_PHONE_ID
        ? {
            status: 200,
            body: {
              display_phone_number: '+52 1 55 5010 7004',
              verified_name: 'Ferretería Norte',
              quality_rating: 'GREEN',
              id,
            },
          }
        : noSuchObject(id))
    );
  });
  fake.on('POST', /^\/v26\.0\/\d+\/subscribed_apps$/, (req) => {
    const id = req.path.split('/')[2] ?? '';
    return (
      unauthorized(req) ?? (id === WA_WABA_ID ? { status: 200, body: { success: true } } : noSuchObject(id))
    );
  });
  fake.on('POST', /^\/v26\.0\/\d+\/messages$/, (req) => {
    sent += 1;
    return (
      unauthorized(req) ?? {
        status: 200,
        body: { messaging_product: 'whatsapp', contacts: [], messages: [{ id: `wamid.CLOUD-${sent}` }] },
      }
    );
  });
}

beforeAll(async () => {
  [twilio, d360, graph] = await Promise.all([
    FakeGraphServer.start(),
    FakeGraphServer.start(),
    FakeGraphServer.start(),
  ]);
  t = await startTestApp({
    JOB_POLL_MS: '50',
    APP_URL,
    SMS_API_URL: `${twilio.url}/2010-04-01`,
    DIALOG360_URL: d360.url,
    WHATSAPP_GRAPH_URL: `${graph.url}/v26.0`,
  });
  ds = testSql();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
  await Promise.all([twilio.close(), d360.close(), graph.close()]);
});
beforeEach(() => {
  for (const fake of [twilio, d360, graph]) fake.reset();
  twilioRoutes(twilio);
  dialog360Routes(d360);
  graphRoutes(graph);
});

/** A new company whose owner (superadmin, writeSpaces) connects the numbers. */
async function company(): Promise<{ token: string; companyId: number; defaultSpaceId: number }> {
  const owner = await registerCompany(t, 'manual');
  const [user] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [owner.email]);
  const [space] = await ds.query(`SELECT id FROM spaces WHERE "companyId" = $1 AND "isDefault"`, [
    user.companyId,
  ]);
  return { token: owner.token, companyId: user.companyId, defaultSpaceId: space.id };
}

function errorOf<T>(res: Gql<T>): ErrorExtensions {
  const error = res.errors?.[0];
  if (!error) throw new Error(`Expected an error, got ${JSON.stringify(res.data)}`);
  return error.extensions as ErrorExtensions;
}

async function channelRows(platform: string, providerId: string) {
  return ds.query(`SELECT * FROM channels WHERE platform = $1 AND "providerId" = $2`, [platform, providerId]);
}

async function removeChannels(platform: string, providerId: string): Promise<void> {
  await ds.query(`DELETE FROM channels WHERE platform = $1 AND "providerId" = $2`, [platform, providerId]);
}

async function listed(token: string): Promise<ConnectedChannel[]> {
  const res = await gql<{ channels: ConnectedChannel[] }>(t, token, `{ channels { ${CHANNEL} } }`);
  expect(res.errors).toBeUndefined();
  return res.data?.channels ?? [];
}

/** The stored token is sealed: never the clear value, and it opens to what the adapter reads. */
async function expectSealed(platform: string, providerId: string, clear: string): Promise<void> {
  const [row] = await channelRows(platform, providerId);
  expect(row.accessToken).toEqual(expect.any(String));
  expect(row.accessToken).not.toContain(clear);
  for (const part of clear.split(':')) expect(row.accessToken).not.toContain(part);
  expect(t.app.get(ChannelsService).credentials(row).accessToken).toBe(clear);
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An agent answers the conversation; resolves to the message row once the send job is done with it. */
async function answer(token: string, clientId: number, text: string) {
  const res = await gql<{ sendMessage: { id: number } }>(
    t,
    token,
    `mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }`,
    { input: { clientId, text } },
  );
  expect(res.errors).toBeUndefined();
  const id = res.data?.sendMessage.id;
  const rows = await waitFor(
    () => ds.query(`SELECT "messageStatus", "messageApiId", "errorCode" FROM messages WHERE id = $1`, [id]),
    (r: Array<{ messageStatus: string }>) => r[0]?.messageStatus !== 'pending',
  );
  return rows[0] as { messageStatus: string; messageApiId: string | null; errorCode: string | null };
}

async function clientOf(channelId: number): Promise<number> {
  const rows = await waitFor<Array<{ id: number }>>(
    () => ds.query(`SELECT id FROM clients WHERE "channelId" = $1`, [channelId]),
    (r) => r.length > 0,
  );
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

describe('connectSmsChannel (Twilio)', () => {
  beforeEach(() => removeChannels('sms', '15550107001'));

  it('checks the credentials and the number with Twilio, then lists the channel in the default space, its token sealed', async () => {
    const owner = await company();
    const socket = await openSocket(t.baseUrl, owner.token, sockets);
    const refreshed = nextEvent<{ reason: string }>(
      socket,
      'updateUserData',
      3000,
      (p) => p.reason === 'channelCreated',
    );

    const res = await gql<{ connectSmsChannel: ConnectedChannel }>(t, owner.token, CONNECT_SMS, {
      input: { ...SMS_INPUT, name: 'SMS Ventas' },
    });

    expect(res.errors).toBeUndefined();
    expect(res.data?.connectSmsChannel).toMatchObject({
      name: 'SMS Ventas',
      platform: 'sms',
      phone: '15550107001',
      isActive: true,
      spaceIds: [owner.defaultSpaceId],
    });
    const [check] = twilio.to('GET', /IncomingPhoneNumbers\.json$/);
    expect(check.path).toBe(`/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers.json`);
    expect(check.query.get('PhoneNumber')).toBe(SMS_NUMBER);
    expect(check.headers.authorization).toBe(basic(SID, TWILIO_TOKEN));
    expect((await listed(owner.token)).map((c) => c.name)).toContain('SMS Ventas');
    // The SMS adapter and the webhook check read "accountSid:authToken".
    await expectSealed('sms', '15550107001', `${SID}:${TWILIO_TOKEN}`);
    expect((await refreshed).reason).toBe('channelCreated');
  });

  it('refuses a wrong auth token with a 400 on authToken and saves nothing', async () => {
    const owner = await company();
    const res = await gql(t, owner.token, CONNECT_SMS, {
      input: { ...SMS_INPUT, authToken: '00000000000000000000000000000000' },
    });
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      field: 'authToken',
      userMessage: 'Twilio rechazó el Account SID o el Auth Token. Revísalos en la consola de Twilio.',
    });
    expect(await channelRows('sms', '15550107001')).toEqual([]);
  });

  it("refuses a number that is not the account's with a 400 on phoneNumber", async () => {
    const owner = await company();
    const res = await gql(t, owner.token, CONNECT_SMS, {
      input: { ...SMS_INPUT, phoneNumber: '+15550109999' },
    });
    expect(errorOf(res)).toMatchObject({
      field: 'phoneNumber',
      status: 400,
      userMessage: 'Este número no pertenece a la cuenta de Twilio indicada.',
    });
    expect(await channelRows('sms', '15550109999')).toEqual([]);
  });

  it('refuses malformed values before asking Twilio', async () => {
    const owner = await company();
    const res = await gql(t, owner.token, CONNECT_SMS, { input: { ...SMS_INPUT, accountSid: 'SK123' } });
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'accountSid',
      userMessage: 'El Account SID empieza con AC y le siguen 32 letras y números.',
    });
    const noPlus = await gql(t, owner.token, CONNECT_SMS, {
      input: { ...SMS_INPUT, phoneNumber: '5550107001' },
    });
    expect(errorOf(noPlus)).toMatchObject({ field: 'phoneNumber', status: 400 });
    expect(twilio.requests).toEqual([]);
  });

  it('says Twilio is down when it answers 503, and saves nothing', async () => {
    const owner = await company();
    twilio.once('GET', /IncomingPhoneNumbers\.json$/, {
      status: 503,
      body: { code: 20500, message: 'Internal' },
    });
    const res = await gql(t, owner.token, CONNECT_SMS, { input: SMS_INPUT });
    expect(errorOf(res)).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      userMessage: 'El proveedor no respondió; no se guardó el canal. Vuelve a intentarlo en unos minutos.',
    });
    expect(await channelRows('sms', '15550107001')).toEqual([]);
  });

  it('refuses the same number twice, in the same company and in another one (409)', async () => {
    const first = await company();
    const other = await company();
    expect((await gql(t, first.token, CONNECT_SMS, { input: SMS_INPUT })).errors).toBeUndefined();

    const again = await gql(t, first.token, CONNECT_SMS, { input: SMS_INPUT });
    expect(errorOf(again)).toMatchObject({
      code: 'CHANNEL_ALREADY_CONNECTED',
      status: 409,
      field: 'phoneNumber',
      userMessage: 'Este número ya es uno de tus canales.',
    });
    const elsewhere = await gql(t, other.token, CONNECT_SMS, { input: SMS_INPUT });
    expect(errorOf(elsewhere)).toMatchObject({
      code: 'CHANNEL_ALREADY_CONNECTED',
      userMessage: 'Este número ya está conectado a otra empresa.',
    });
    const rows = await channelRows('sms', '15550107001');
    expect(rows.map((r: { companyId: number }) => r.companyId)).toEqual([first.companyId]);
  });

  it('makes one channel of two connections of the same number at once', async () => {
    const owner = await company();
    const results = await Promise.all([
      gql(t, owner.token, CONNECT_SMS, { input: SMS_INPUT }),
      gql(t, owner.token, CONNECT_SMS, { input: SMS_INPUT }),
    ]);
    expect(results.filter((r) => r.errors === undefined)).toHaveLength(1);
    expect(results.flatMap((r) => r.errors ?? []).map((e) => e.extensions.code)).toEqual([
      'CHANNEL_ALREADY_CONNECTED',
    ]);
    expect(await channelRows('sms', '15550107001')).toHaveLength(1);
  });

  it('works end to end: a signed Twilio webhook opens a conversation and the answer goes out through Twilio', async () => {
    const owner = await company();
    const res = await gql<{ connectSmsChannel: ConnectedChannel }>(t, owner.token, CONNECT_SMS, {
      input: SMS_INPUT,
    });
    const channelId = res.data?.connectSmsChannel.id ?? 0;

    const body = new URLSearchParams({
      MessageSid: `SM${'7'.repeat(32)}`,
      AccountSid: SID,
      From: '+5215512340701',
      To: SMS_NUMBER,
      Body: 'Hola, ¿tienen tornillos?',
      NumMedia: '0',
    });
    const signature = twilioSignature(TWILIO_TOKEN, `${APP_URL}/webhooks/sms`, body);
    const posted = await t.http
      .post('/webhooks/sms')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Twilio-Signature', signature)
      .send(body.toString());
    expect(posted.status).toBe(200);
    const clientId = await clientOf(channelId);

    const message = await answer(owner.token, clientId, 'Sí, de todas las medidas');
    expect(message).toMatchObject({ messageStatus: 'sent', errorCode: null });
    const [send] = twilio.to('POST', /Messages\.json$/);
    expect(send.headers.authorization).toBe(basic(SID, TWILIO_TOKEN));
    const form = new URLSearchParams(send.body);
    expect(form.get('From')).toBe(SMS_NUMBER);
    expect(form.get('To')).toBe('+5215512340701');
    expect(form.get('Body')).toContain('Sí, de todas las medidas');
    expect(message.messageApiId).toMatch(/^SM/);
  });
});

describe('connectDialog360Channel', () => {
  beforeEach(() => removeChannels('dialog360', '5215550107002'));

  it('registers our webhook with the API key, then lists the channel in the default space, its key sealed', async () => {
    const owner = await company();
    const res = await gql<{ connectDialog360Channel: ConnectedChannel }>(t, owner.token, CONNECT_D360, {
      input: D360_INPUT,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.connectDialog360Channel).toMatchObject({
      name: 'WhatsApp +5215550107002',
      platform: 'dialog360',
      phone: '5215550107002',
      spaceIds: [owner.defaultSpaceId],
    });
    const [registration] = d360.to('POST', /^\/v1\/configs\/webhook$/);
    expect(registration.headers['d360-api-key']).toBe(D360_KEY);
    // 360dialog sends these headers with every call: the secret the webhook route requires.
    expect(JSON.parse(registration.body)).toEqual({
      url: `${APP_URL}/webhooks/360dialog/5215550107002`,
      headers: { 'x-webhook-token': D360_WEBHOOK_TOKEN },
    });
    expect((await listed(owner.token)).map((c) => c.platform)).toContain('dialog360');
    await expectSealed('dialog360', '5215550107002', D360_KEY);
  });

  it('refuses a wrong API key with a 400 on apiKey and saves nothing', async () => {
    const owner = await company();
    const res = await gql(t, owner.token, CONNECT_D360, {
      input: { ...D360_INPUT, apiKey: 'otra-llave-1234' },
    });
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      field: 'apiKey',
      userMessage: '360dialog rechazó la API key. Genera una nueva en el 360dialog Hub.',
    });
    expect(await channelRows('dialog360', '5215550107002')).toEqual([]);
  });

  it('says 360dialog is down when it answers 502, and saves nothing', async () => {
    const owner = await company();
    d360.once('POST', /^\/v1\/configs\/webhook$/, { status: 502, body: 'Bad Gateway' });
    const res = await gql(t, owner.token, CONNECT_D360, { input: D360_INPUT });
    expect(errorOf(res)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', status: 503 });
    expect(await channelRows('dialog360', '5215550107002')).toEqual([]);
  });

  it('says so when 360dialog refuses our webhook URL itself: not a field the admin can fix', async () => {
    const owner = await company();
    d360.once('POST', /^\/v1\/configs\/webhook$/, {
      status: 400,
      body: { meta: { success: false, http_code: 400, developer_message: 'url must be https' } },
    });
    const res = await gql(t, owner.token, CONNECT_D360, { input: D360_INPUT });
    expect(errorOf(res)).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      userMessage:
        'El proveedor no aceptó la conexión; no se guardó el canal. Si se repite, contacta al equipo de soporte.',
    });
    expect(errorOf(res).field).toBeUndefined();
    expect(await channelRows('dialog360', '5215550107002')).toEqual([]);
  });

  it('refuses the same number twice (409)', async () => {
    const owner = await company();
    expect((await gql(t, owner.token, CONNECT_D360, { input: D360_INPUT })).errors).toBeUndefined();
    const again = await gql(t, owner.token, CONNECT_D360, { input: D360_INPUT });
    expect(errorOf(again)).toMatchObject({
      code: 'CHANNEL_ALREADY_CONNECTED',
      status: 409,
      field: 'phoneNumber',
    });
    expect(await channelRows('dialog360', '5215550107002')).toHaveLength(1);
  });

  it('works end to end: its webhook opens a conversation and the answer goes out with its key', async () => {
    const owner = await company();
    const res = await gql<{ connectDialog360Channel: ConnectedChannel }>(t, owner.token, CONNECT_D360, {
      input: D360_INPUT,
    });
    const channelId = res.data?.connectDialog360Channel.id ?? 0;
    const payload = readFileSync(join(FIXTURES, 'dialog360/__fixtures__/message-text.json'), 'utf8')
      .replaceAll('5215598765432', '5215550107002')
      .replaceAll('5215512345678', '5215512340702')
      .replace(/"id": "wamid\.[^"]+"/, '"id": "wamid.MANUAL-D360-1"')
      .replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
    // At the URL the connection registered with 360dialog.
    const posted = await t.http
      .post('/webhooks/360dialog/5215550107002')
      .set('Content-Type', 'application/json')
      .set('X-Webhook-Token', D360_WEBHOOK_TOKEN)
      .send(payload);
    expect(posted.status).toBe(200);
    const clientId = await clientOf(channelId);

    const message = await answer(owner.token, clientId, 'Sí, seguimos abiertos');
    expect(message).toMatchObject({
      messageStatus: 'sent',
      messageApiId: expect.stringMatching(/^wamid\.D360-/),
    });
    const [send] = d360.to('POST', /^\/messages$/);
    expect(send.headers['d360-api-key']).toBe(D360_KEY);
    expect(JSON.parse(send.body)).toMatchObject({ to: '5215512340702', type: 'text' });
  });
});

describe('connectWhatsappCloudChannel', () => {
  beforeEach(() => removeChannels('whatsapp_cloud', WA_PHONE_ID));

  it('reads the number with the token and subscribes the app to the account, then lists the channel', async () => {
    const owner = await company();
    const res = await gql<{ connectWhatsappCloudChannel: ConnectedChannel }>(t, owner.token, CONNECT_WA, {
      input: WA_INPUT,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.connectWhatsappCloudChannel).toMatchObject({
      name: 'Ferretería Norte',
      platform: 'whatsapp_cloud',
      phone: '5215550107004',
      qualityRating: 'HIGH',
      spaceIds: [owner.defaultSpaceId],
    });
    const [read] = graph.to('GET', new RegExp(`/${WA_PHONE_ID}$`));
    expect(read.query.get('fields')).toBe('display_phone_number,verified_name,quality_rating');
    expect(read.headers.authorization).toBe(`Bearer ${WA_TOKEN}`);
    const [subscription] = graph.to('POST', new RegExp(`/${WA_WABA_ID}/subscribed_apps$`));
    expect(subscription.headers.authorization).toBe(`Bearer ${WA_TOKEN}`);
    expect((await listed(owner.token)).map((c) => c.name)).toContain('Ferretería Norte');
    await expectSealed('whatsapp_cloud', WA_PHONE_ID, WA_TOKEN);
  });

  it('names the field Meta refused: the token, the phone number id or the account id; nothing is saved', async () => {
    const owner = await company();
    const badToken = await gql(t, owner.token, CONNECT_WA, {
      input: { ...WA_INPUT, accessToken: `EAAGotro${'y'.repeat(40)}` },
    });
    expect(errorOf(badToken)).toMatchObject({ code: 'VALIDATION_ERROR', status: 400, field: 'accessToken' });
    const badNumber = await gql(t, owner.token, CONNECT_WA, {
      input: { ...WA_INPUT, phoneNumberId: '990000000000000' },
    });
    expect(errorOf(badNumber)).toMatchObject({
      field: 'phoneNumberId',
      userMessage: 'Meta no encontró un número con ese identificador para este token.',
    });
    const badWaba = await gql(t, owner.token, CONNECT_WA, {
      input: { ...WA_INPUT, wabaId: '880000000000000' },
    });
    expect(errorOf(badWaba)).toMatchObject({ field: 'wabaId', status: 400 });
    expect(await channelRows('whatsapp_cloud', WA_PHONE_ID)).toEqual([]);
    expect(await channelRows('whatsapp_cloud', '990000000000000')).toEqual([]);
  });

  it('says Meta is down when the subscription fails with a server error, and saves nothing', async () => {
    const owner = await company();
    graph.once('POST', /subscribed_apps$/, {
      status: 500,
      body: { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } },
    });
    const res = await gql(t, owner.token, CONNECT_WA, { input: WA_INPUT });
    expect(errorOf(res)).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', status: 503 });
    expect(await channelRows('whatsapp_cloud', WA_PHONE_ID)).toEqual([]);
  });

  it('refuses the same phone number id twice (409)', async () => {
    const owner = await company();
    expect((await gql(t, owner.token, CONNECT_WA, { input: WA_INPUT })).errors).toBeUndefined();
    const again = await gql(t, owner.token, CONNECT_WA, { input: { ...WA_INPUT, name: 'Otro nombre' } });
    expect(errorOf(again)).toMatchObject({ code: 'CHANNEL_ALREADY_CONNECTED', field: 'phoneNumberId' });
    expect(await channelRows('whatsapp_cloud', WA_PHONE_ID)).toHaveLength(1);
  });

  it('works end to end: a signed Meta webhook opens a conversation and the answer goes out with its token', async () => {
    const owner = await company();
    const res = await gql<{ connectWhatsappCloudChannel: ConnectedChannel }>(t, owner.token, CONNECT_WA, {
      input: WA_INPUT,
    });
    const channelId = res.data?.connectWhatsappCloudChannel.id ?? 0;
    const payload = readFileSync(join(FIXTURES, 'whatsapp-cloud/__fixtures__/message-text.json'), 'utf8')
      .replaceAll('106540352242922', WA_PHONE_ID)
      .replaceAll('16505551234', '5215512340703')
      .replace(/"id": "wamid\.[^"]+"/, '"id": "wamid.MANUAL-CLOUD-1"')
      .replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
    const posted = await t.http
      .post('/webhooks/whatsapp')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(payload))
      .send(payload);
    expect(posted.status).toBe(200);
    const clientId = await clientOf(channelId);

    const message = await answer(owner.token, clientId, 'Claro, ¿qué color?');
    expect(message).toMatchObject({
      messageStatus: 'sent',
      messageApiId: expect.stringMatching(/^wamid\.CLOUD-/),
    });
    const [send] = graph.to('POST', new RegExp(`/${WA_PHONE_ID}/messages$`));
    expect(send.headers.authorization).toBe(`Bearer ${WA_TOKEN}`);
    expect(JSON.parse(send.body)).toMatchObject({ to: '5215512340703', type: 'text' });
  });
});

describe('who may connect and who sees the channel', () => {
  beforeEach(async () => {
    await removeChannels('sms', '15550107001');
    await removeChannels('dialog360', '5215550107002');
    await removeChannels('whatsapp_cloud', WA_PHONE_ID);
  });

  it('refuses an agent (no writeSpaces) before any provider is called', async () => {
    const agente = await login(t, 'agente@demo.local');
    for (const [mutation, input] of [
      [CONNECT_SMS, SMS_INPUT],
      [CONNECT_D360, D360_INPUT],
      [CONNECT_WA, WA_INPUT],
    ] as const) {
      expect(errorOf(await gql(t, agente, mutation, { input }))).toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
      });
    }
    expect([...twilio.requests, ...d360.requests, ...graph.requests]).toEqual([]);
    expect(await channelRows('sms', '15550107001')).toEqual([]);
  });

  it("keeps a company's connected numbers out of another company's channel list", async () => {
    const owner = await company();
    expect((await gql(t, owner.token, CONNECT_SMS, { input: SMS_INPUT })).errors).toBeUndefined();
    expect((await gql(t, owner.token, CONNECT_D360, { input: D360_INPUT })).errors).toBeUndefined();
    expect((await gql(t, owner.token, CONNECT_WA, { input: WA_INPUT })).errors).toBeUndefined();
    expect(await listed(owner.token)).toHaveLength(3);

    const otra = await login(t, 'admin@otra.local');
    const theirs = await listed(otra);
    const ours = new Set((await listed(owner.token)).map((c) => c.id));
    expect(theirs.filter((c) => ours.has(c.id))).toEqual([]);
  });
});

describe('a provider that cannot be reached', () => {
  let down: TestApp;
  beforeAll(async () => {
    const nobody = await closedPortUrl();
    down = await startTestApp({
      APP_URL,
      SMS_API_URL: `${nobody}/2010-04-01`,
      DIALOG360_URL: nobody,
      WHATSAPP_GRAPH_URL: `${nobody}/v26.0`,
    });
  });
  afterAll(async () => {
    await down.close();
  });

  it('answers each connection with a Spanish 503 and saves nothing', async () => {
    const owner = await registerCompany(down, 'caido');
    for (const [mutation, input, platform, providerId] of [
      [CONNECT_SMS, SMS_INPUT, 'sms', '15550107001'],
      [CONNECT_D360, D360_INPUT, 'dialog360', '5215550107002'],
      [CONNECT_WA, WA_INPUT, 'whatsapp_cloud', WA_PHONE_ID],
    ] as const) {
      await removeChannels(platform, providerId);
      const res = await gql(down, owner.token, mutation, { input });
      expect(errorOf(res)).toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        status: 503,
        userMessage: 'El proveedor no respondió; no se guardó el canal. Vuelve a intentarlo en unos minutos.',
      });
      expect(await channelRows(platform, providerId)).toEqual([]);
    }
  });
});

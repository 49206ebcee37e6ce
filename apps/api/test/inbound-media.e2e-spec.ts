import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { twilioSignature } from '../src/providers/channels/sms/twilio-signature';
import {
  FakeMediaServer,
  META_MEDIA_HOST,
} from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-media-server';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';
import { DEMO_WA_PHONE_NUMBER_ID, metaSignature, postWhatsapp } from './webhook-helpers';

const FIXTURES = join(__dirname, '../src/providers/channels');
const APP_URL = 'https://crm.example.com';
const WA_TOKEN = 'dev-whatsapp-access-token';
const D360_KEY = 'd360-key-inbound-media';
// Not the number other suites give their 360dialog channel: the run's database is shared.
const D360_NUMBER = '5215598760420';
const SMS_NUMBER = '15557122661';
const SMS_SID = 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';
const SMS_TOKEN = 'test-twilio-auth-token';
const PAGE = '200000000000001';

const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  Buffer.from('JFIF foto del comprobante'),
]);
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24, 0), Buffer.from('OpusHead nota de voz')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

let t: TestApp;
let ds: TestSql;
let graph: FakeMediaServer;
let d360: FakeMediaServer;
let cdn: FakeMediaServer;
let twilio: FakeMediaServer;
let admin: string;
let agente: string;
let otra: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  graph = await FakeMediaServer.start({ header: 'authorization', value: `Bearer ${WA_TOKEN}` });
  d360 = await FakeMediaServer.start({ header: 'd360-api-key', value: D360_KEY }, META_MEDIA_HOST);
  cdn = await FakeMediaServer.start({ header: 'authorization', value: 'unused' });
  twilio = await FakeMediaServer.start({ header: 'authorization', value: 'unused' });
  t = await startTestApp({
    JOB_POLL_MS: '50',
    APP_URL,
    WHATSAPP_GRAPH_URL: graph.url,
    DIALOG360_URL: d360.url,
    SMS_API_URL: `${twilio.url}/2010-04-01`,
  });
  ds = testSql();
  const channels = t.app.get(ChannelsService);
  const [{ id: demoId }] = await ds.query(`SELECT id FROM companies WHERE name = 'Demo'`);
  await ds.query(
    `INSERT INTO channels ("companyId", name, platform, "providerId", phone, "accessToken") VALUES
       ($1, '360dialog Demo', 'dialog360', $2, $2, $3),
       ($1, 'SMS Demo', 'sms', $4, $4, $5)`,
    [
      demoId,
      D360_NUMBER,
      channels.sealToken(D360_KEY),
      SMS_NUMBER,
      channels.sealToken(`${SMS_SID}:${SMS_TOKEN}`),
    ],
  );
  [admin, agente, otra] = await Promise.all([
    login(t, 'admin@demo.local'),
    login(t, 'agente@demo.local'),
    login(t, 'admin@otra.local'),
  ]);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
  await Promise.all([graph.close(), d360.close(), cdn.close(), twilio.close()]);
});

let seq = 0;
function unique(): { from: string; wamid: string; mediaId: string } {
  seq += 1;
  const stamp = `${Date.now() % 1_000_000}${String(seq).padStart(2, '0')}`;
  return { from: `52155${stamp.padStart(8, '0')}`, wamid: `wamid.MEDIA${stamp}`, mediaId: `90${stamp}` };
}

/** A documented Cloud API media message (the fixture of its type), re-identified for one test. */
function whatsappMedia(
  type: 'image' | 'audio' | 'document' | 'sticker',
  ids: { from: string; wamid: string; mediaId: string },
  mimeType: string,
  metadata = { display_phone_number: '15550783881', phone_number_id: DEMO_WA_PHONE_NUMBER_ID },
): string {
  const payload = JSON.parse(
    readFileSync(join(FIXTURES, `whatsapp-cloud/__fixtures__/message-${type}.json`), 'utf8'),
  );
  const value = payload.entry[0].changes[0].value;
  value.metadata = metadata;
  value.contacts[0].wa_id = ids.from;
  const message = value.messages[0];
  message.from = ids.from;
  message.id = ids.wamid;
  // Received now: the reply window is open (a forward needs it).
  message.timestamp = String(Math.floor(Date.now() / 1000));
  message[type].id = ids.mediaId;
  message[type].mime_type = mimeType;
  return JSON.stringify(payload);
}

function post360(body: string) {
  return t.http
    .post('/webhooks/360dialog')
    .set('Content-Type', 'application/json')
    .set('X-Webhook-Token', 'dev-360dialog-webhook-token')
    .send(body);
}

async function stored(
  messageApiId: string,
): Promise<{ id: number; clientId: number; payload: { file: FileState } }> {
  const [row] = await ds.query(`SELECT id, "clientId", payload FROM messages WHERE "messageApiId" = $1`, [
    messageApiId,
  ]);
  if (!row) throw new Error(`message ${messageApiId} was not stored`);
  return row;
}

interface FileState {
  status: string | null;
  url: string | null;
  error?: string | null;
  mimeType: string | null;
  weight: number | null;
  sourceUrl?: string | null;
  key?: string;
}

/** What the API shows of a message's file (messages(clientId)), as the web client reads it. */
async function fileOf(token: string, clientId: number, messageId: number): Promise<FileState | undefined> {
  const res = await gql<{ messages: Array<{ id: number; payload: { file?: FileState } | null }> }>(
    t,
    token,
    'query($c: Int!) { messages(clientId: $c, first: 100) { id payload } }',
    { c: clientId },
  );
  return res.data?.messages.find((m) => m.id === messageId)?.payload?.file;
}

/** Polls the API until the message's file leaves `pending`. */
async function settled(clientId: number, messageId: number, timeoutMs = 15_000): Promise<FileState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const file = await fileOf(admin, clientId, messageId);
    if (file && file.status !== 'pending') return file;
    if (Date.now() > deadline) throw new Error(`file of message ${messageId} still ${file?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function media(token: string, messageId: number) {
  return t.http
    .get(`/api/messages/${messageId}/media`)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse(binary);
}

// supertest keeps unknown types as text: the bytes are compared as they came.
const binary: Parameters<ReturnType<TestApp['http']['get']>['parse']>[0] = (res, callback) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

async function unassign(clientId: number): Promise<void> {
  await ds.query(`UPDATE clients SET "agentId" = NULL, "groupAdminId" = NULL WHERE id = $1`, [clientId]);
}

describe('received WhatsApp media', () => {
  it('acknowledges the webhook at once, then keeps the image and serves it to who may see the conversation', async () => {
    const ids = unique();
    graph.addMedia(ids.mediaId, { bytes: JPEG, mimeType: 'image/jpeg' });
    const socket = await openSocket(t.baseUrl, admin, sockets);
    const release = graph.hold(ids.mediaId);

    const res = await postWhatsapp(t, whatsappMedia('image', ids, 'image/jpeg'));
    // Answered while the provider has not even said where the file is.
    expect(res.status).toBe(200);
    const message = await stored(ids.wamid);
    expect(message.payload.file).toMatchObject({
      status: 'pending',
      url: null,
      providerMediaId: ids.mediaId,
    });
    expect((await media(admin, message.id)).status).toBe(404);
    const updated = nextEvent<{ clientId: number; message: { id: number; payload: { file: FileState } } }>(
      socket,
      'messageUpdated',
      15_000,
      (event) => event.message.id === message.id,
    );
    release();

    const file = await settled(message.clientId, message.id);
    expect(file).toMatchObject({
      status: 'ready',
      url: `${APP_URL}/api/messages/${message.id}/media`,
      mimeType: 'image/jpeg',
      weight: JPEG.length,
    });
    expect((await updated).message.payload.file.status).toBe('ready');
    for (const request of [...graph.lookups(ids.mediaId), ...graph.downloads(ids.mediaId)]) {
      expect(request.headers.authorization).toBe(`Bearer ${WA_TOKEN}`);
    }

    const served = await media(admin, message.id);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, JPEG)).toBe(0);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': 'inline',
    });

    await unassign(message.clientId);
    expect((await media(otra, message.id)).status).toBe(403);
    const refused = await media(agente, message.id);
    expect(refused.status).toBe(403);
    expect(JSON.parse((refused.body as Buffer).toString('utf8')).code).toBe('FORBIDDEN');
    expect((await t.http.get(`/api/messages/${message.id}/media`)).status).toBe(401);
    // Once the conversation is the agent's, so is the file.
    const [{ id: agentId }] = await ds.query(`SELECT id FROM users WHERE email = 'agente@demo.local'`);
    await ds.query(`UPDATE clients SET "agentId" = $2 WHERE id = $1`, [message.clientId, agentId]);
    expect((await media(agente, message.id)).status).toBe(200);
  });

  it('plays a voice note (Ogg/Opus) from our storage', async () => {
    const ids = unique();
    graph.addMedia(ids.mediaId, { bytes: OGG, mimeType: 'audio/ogg; codecs=opus' });
    expect((await postWhatsapp(t, whatsappMedia('audio', ids, 'audio/ogg; codecs=opus'))).status).toBe(200);
    const message = await stored(ids.wamid);
    expect(await settled(message.clientId, message.id)).toMatchObject({
      status: 'ready',
      mimeType: 'audio/ogg',
    });
    const served = await media(admin, message.id);
    expect(Buffer.compare(served.body as Buffer, OGG)).toBe(0);
    expect(served.headers['content-type']).toBe('audio/ogg');
    expect(served.headers['content-disposition']).toBe('inline');
  });

  it('tries again after a provider failure (500), the first try being immediate', async () => {
    const ids = unique();
    graph.addMedia(ids.mediaId, { bytes: JPEG, mimeType: 'image/jpeg' });
    graph.failLookup(ids.mediaId, 500);
    const posted = Date.now();
    expect((await postWhatsapp(t, whatsappMedia('image', ids, 'image/jpeg'))).status).toBe(200);
    const message = await stored(ids.wamid);
    expect(await settled(message.clientId, message.id)).toMatchObject({ status: 'ready' });
    const [first, second] = graph.lookups(ids.mediaId);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(graph.downloads(ids.mediaId)).toHaveLength(1);
    expect(Date.now() - posted).toBeGreaterThanOrEqual(1000);
  });

  it('marks the file failed when the last try fails too', async () => {
    const ids = unique();
    graph.addMedia(ids.mediaId, { bytes: JPEG, mimeType: 'image/jpeg' });
    graph.failLookup(ids.mediaId, 503, 503, 503);
    expect((await postWhatsapp(t, whatsappMedia('image', ids, 'image/jpeg'))).status).toBe(200);
    const message = await stored(ids.wamid);
    // The download's jobs are Graphile Worker's; their payload is only in its private table.
    const jobs = async (): Promise<
      Array<{ id: string; attempts: number; maxAttempts: number; locked: boolean }>
    > =>
      ds.query(
        `SELECT j.id, j.attempts, j.max_attempts AS "maxAttempts", j.locked_at IS NOT NULL AS locked
         FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
         WHERE t.identifier = 'inbound-media' AND (j.payload->>'messageId')::int = $1`,
        [message.id],
      );
    // The first try failed: its next try waits, as a job that has one attempt behind it.
    const waiting = async () => (await jobs()).find((j) => j.attempts >= 1 && !j.locked);
    const deadline = Date.now() + 10_000;
    while (!(await waiting()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await fileOf(admin, message.clientId, message.id)).toMatchObject({ status: 'pending' });
    // Skip the backoff: the next try is the last one.
    const next = await waiting();
    expect(
      await ds.query(
        `SELECT id FROM graphile_worker.reschedule_jobs(ARRAY[$1]::bigint[], run_at => now(), attempts => $2)`,
        [next?.id, (next?.maxAttempts ?? 0) - 1],
      ),
    ).toHaveLength(1);
    expect(await settled(message.clientId, message.id)).toMatchObject({
      status: 'failed',
      error: 'El proveedor no entregó el archivo.',
    });
    // Done with: the job is completed (deleted) once its handler returns.
    const done = Date.now() + 5000;
    while ((await jobs()).length > 0 && Date.now() < done) await new Promise((r) => setTimeout(r, 50));
    expect(await jobs()).toEqual([]);
  });

  it('asks the media id for a fresh URL when the download says the URL expired', async () => {
    const ids = unique();
    graph.addMedia(ids.mediaId, { bytes: JPEG, mimeType: 'image/jpeg' });
    graph.failDownload(ids.mediaId, 404);
    expect((await postWhatsapp(t, whatsappMedia('image', ids, 'image/jpeg'))).status).toBe(200);
    const message = await stored(ids.wamid);
    expect(await settled(message.clientId, message.id)).toMatchObject({ status: 'ready' });
    expect(graph.lookups(ids.mediaId)).toHaveLength(2);
    const [expired, fresh] = graph.downloads(ids.mediaId);
    expect(expired?.query.get('ext')).not.toBe(fresh?.query.get('ext'));
    expect(Buffer.compare((await media(admin, message.id)).body as Buffer, JPEG)).toBe(0);
  });

  it("refuses an image over WhatsApp's 5 MB, and a sticker longer than its declared size", async () => {
    const big = unique();
    graph.addMedia(big.mediaId, {
      bytes: Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]),
      mimeType: 'image/jpeg',
    });
    expect((await postWhatsapp(t, whatsappMedia('image', big, 'image/jpeg'))).status).toBe(200);
    const bigMessage = await stored(big.wamid);
    expect(await settled(bigMessage.clientId, bigMessage.id)).toMatchObject({
      status: 'failed',
      error: 'El archivo supera el tamaño máximo de 5 MB.',
    });
    expect((await media(admin, bigMessage.id)).status).toBe(404);

    const lying = unique();
    graph.addMedia(lying.mediaId, {
      bytes: Buffer.concat([WEBP, Buffer.alloc(600 * 1024)]),
      mimeType: 'image/webp',
      declaredSize: 1000,
    });
    expect((await postWhatsapp(t, whatsappMedia('sticker', lying, 'image/webp'))).status).toBe(200);
    const sticker = await stored(lying.wamid);
    expect(await settled(sticker.clientId, sticker.id)).toMatchObject({
      status: 'failed',
      error: 'El archivo supera el tamaño máximo de 500 KB.',
    });
    expect((await media(admin, sticker.id)).status).toBe(404);
  });

  it('fails an "image" whose bytes are a page, and downloads it again on Reintentar', async () => {
    const ids = unique();
    graph.addMedia(ids.mediaId, { bytes: HTML, mimeType: 'image/jpeg' });
    expect((await postWhatsapp(t, whatsappMedia('image', ids, 'image/jpeg'))).status).toBe(200);
    const message = await stored(ids.wamid);
    expect(await settled(message.clientId, message.id)).toMatchObject({
      status: 'failed',
      error: 'El archivo recibido no es una imagen válida.',
      url: null,
    });
    expect((await media(admin, message.id)).status).toBe(404);

    graph.addMedia(ids.mediaId, { bytes: JPEG, mimeType: 'image/jpeg' });
    await unassign(message.clientId);
    const retry = (token: string) =>
      t.http.post(`/api/messages/${message.id}/media/retry`).set('Authorization', `Bearer ${token}`).send({});
    expect((await retry(agente)).status).toBe(403);
    expect((await retry(otra)).status).toBe(403);
    const accepted = await retry(admin);
    expect(accepted.status).toBe(200);
    expect(accepted.body.payload.file).toMatchObject({ status: 'pending', error: null });
    expect(await settled(message.clientId, message.id)).toMatchObject({ status: 'ready', error: null });
    expect(Buffer.compare((await media(admin, message.id)).body as Buffer, JPEG)).toBe(0);
  });

  it('fails a file the provider no longer has, without retrying', async () => {
    const ids = unique();
    // No such media id: Graph answers 400.
    expect((await postWhatsapp(t, whatsappMedia('document', ids, 'application/pdf'))).status).toBe(200);
    const message = await stored(ids.wamid);
    expect(await settled(message.clientId, message.id)).toMatchObject({
      status: 'failed',
      error: 'El proveedor no entregó el archivo.',
    });
    expect(graph.lookups(ids.mediaId)).toHaveLength(1);
  });

  it('gives the provider a public copy when a received image is forwarded', async () => {
    const source = unique();
    graph.addMedia(source.mediaId, { bytes: JPEG, mimeType: 'image/jpeg' });
    expect((await postWhatsapp(t, whatsappMedia('image', source, 'image/jpeg'))).status).toBe(200);
    const message = await stored(source.wamid);
    await settled(message.clientId, message.id);
    // The customer to forward to has written, so their window is open.
    const target = unique();
    graph.addMedia(target.mediaId, { bytes: OGG, mimeType: 'audio/ogg' });
    await postWhatsapp(t, whatsappMedia('audio', target, 'audio/ogg'));
    const targetMessage = await stored(target.wamid);

    const sentBefore = graph.sent.length;
    const forwarded = await gql<{ forwardMessages: Array<{ payload: { file: FileState } }> }>(
      t,
      admin,
      'mutation($m: [Int!]!, $c: [Int!]!) { forwardMessages(messageIds: $m, clientIds: $c) { payload } }',
      { m: [message.id], c: [targetMessage.clientId] },
    );
    expect(forwarded.errors, JSON.stringify(forwarded.errors)).toBeUndefined();
    const link = forwarded.data?.forwardMessages[0]?.payload.file.url ?? '';
    expect(link).toMatch(new RegExp(`^${APP_URL}/uploads/`));
    const deadline = Date.now() + 10_000;
    while (graph.sent.length === sentBefore && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(graph.sent.at(-1)).toMatchObject({ type: 'image', image: { link } });
    // The provider downloads it without any credential.
    const copy = await t.http.get(new URL(link).pathname).buffer(true).parse(binary);
    expect(copy.status).toBe(200);
    expect(Buffer.compare(copy.body as Buffer, JPEG)).toBe(0);
  });
});

describe('received 360dialog media', () => {
  it("downloads through 360dialog's host with the D360-API-KEY", async () => {
    const ids = unique();
    d360.addMedia(ids.mediaId, { bytes: JPEG, mimeType: 'image/jpeg' });
    const body = whatsappMedia('image', ids, 'image/jpeg', {
      display_phone_number: D360_NUMBER,
      phone_number_id: '393221757144853',
    });
    expect((await post360(body)).status).toBe(200);
    const message = await stored(ids.wamid);
    expect(await settled(message.clientId, message.id)).toMatchObject({
      status: 'ready',
      mimeType: 'image/jpeg',
    });
    const [lookup] = d360.lookups(ids.mediaId);
    const [download] = d360.downloads(ids.mediaId);
    expect(lookup?.headers['d360-api-key']).toBe(D360_KEY);
    expect(download?.headers['d360-api-key']).toBe(D360_KEY);
    expect(download?.path).toBe('/whatsapp_business/attachments/');
    expect(Buffer.compare((await media(admin, message.id)).body as Buffer, JPEG)).toBe(0);
  });
});

describe('received Messenger and SMS media', () => {
  it('copies a Messenger attachment into our storage, keeping its CDN link as the source', async () => {
    const psid = `77${Date.now()}`;
    const mid = `m_MEDIA${Date.now()}`;
    const cdnLink = `${cdn.url}/v/t1.15752-9/image_n.jpg?_nc_cat=1&oh=abc&oe=6A1B2C3D`;
    cdn.addPath('/v/t1.15752-9/image_n.jpg', { bytes: JPEG, mimeType: 'image/jpeg' });
    const body = readFileSync(join(FIXTURES, 'messenger/__fixtures__/message-image.json'), 'utf8')
      .replaceAll('682498302938465', PAGE)
      .replaceAll('6543210987654321', psid)
      .replaceAll('m_IMAGEcAAJdkrCd2ORnva8ErFhjGm0X_Q_c', mid)
      .replace(
        'https://scontent.xx.fbcdn.net/v/t1.15752-9/image_n.jpg?_nc_cat=1&oh=abc&oe=6A1B2C3D',
        cdnLink,
      );
    const res = await t.http
      .post('/webhooks/messenger')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', metaSignature(body, 'dev-messenger-app-secret'))
      .send(body);
    expect(res.status).toBe(200);
    const message = await stored(mid);
    expect(await settled(message.clientId, message.id)).toMatchObject({
      status: 'ready',
      url: `${APP_URL}/api/messages/${message.id}/media`,
      sourceUrl: cdnLink,
    });
    expect(cdn.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(Buffer.compare((await media(admin, message.id)).body as Buffer, JPEG)).toBe(0);
  });

  it('copies both files of an MMS with the account credentials, the PDF served as a download', async () => {
    const sid = `MM${Date.now()}`.padEnd(34, '0');
    const mediaPath = (n: number) => `/2010-04-01/Accounts/${SMS_SID}/Messages/${sid}/Media/ME${n}`;
    twilio.addPath(mediaPath(0), { bytes: JPEG, mimeType: 'image/jpeg' }, `${SMS_SID}:${SMS_TOKEN}`);
    twilio.addPath(mediaPath(1), { bytes: PDF, mimeType: 'application/pdf' }, `${SMS_SID}:${SMS_TOKEN}`);
    const form = new URLSearchParams(
      readFileSync(join(FIXTURES, 'sms/__fixtures__/inbound-mms.txt'), 'utf8').trim(),
    );
    for (const key of ['SmsMessageSid', 'SmsSid', 'MessageSid']) form.set(key, sid);
    form.set('MediaUrl0', `${twilio.url}${mediaPath(0)}`);
    form.set('MediaUrl1', `${twilio.url}${mediaPath(1)}`);
    const body = form.toString();
    const res = await t.http
      .post('/webhooks/sms')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Twilio-Signature', twilioSignature(SMS_TOKEN, `${APP_URL}/webhooks/sms`, form))
      .send(body);
    expect(res.status).toBe(200);
    const image = await stored(sid);
    const pdf = await stored(`${sid}#1`);
    expect(await settled(image.clientId, image.id)).toMatchObject({
      status: 'ready',
      mimeType: 'image/jpeg',
    });
    expect(await settled(pdf.clientId, pdf.id)).toMatchObject({
      status: 'ready',
      mimeType: 'application/pdf',
    });
    const served = await media(admin, pdf.id);
    expect(Buffer.compare(served.body as Buffer, PDF)).toBe(0);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
  });
});

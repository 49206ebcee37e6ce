import { createHmac } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { twilioSignature } from '../src/providers/channels/sms/twilio-signature';
import { closedPortUrl } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { gql, login, registerCompany, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import { DEMO_WA_PHONE_NUMBER_ID, postWhatsapp, whatsappFixture } from './webhook-helpers';

const INVALID_CHARACTERS = 'El texto contiene caracteres no válidos.';
const APP_URL = 'https://crm.example.com';
// A number of its own: the SMS suite's channel (and its token) stay as that suite expects them.
const SMS_NUMBER = '15557120000';
const SMS_TOKEN = 'nul-twilio-auth-token';
const MESSENGER_PAGE = '200000000000001';

let t: TestApp;
let ds: TestSql;
let admin: string;

beforeAll(async () => {
  // A loopback port nobody listens on: a send that got past validation would fail here instead of leaving.
  const nowhere = await closedPortUrl();
  t = await startTestApp({
    JOB_POLL_MS: '50',
    APP_URL,
    WHATSAPP_GRAPH_URL: nowhere,
    MESSENGER_GRAPH_URL: nowhere,
    SMS_API_URL: nowhere,
  });
  ds = testSql();
  admin = await login(t, 'admin@demo.local');
  // The SMS channel goes to a company of its own: other suites count Demo's channels.
  const owner = await registerCompany(t, 'nul');
  const [{ companyId }] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [owner.email]);
  await ds.query(
    `INSERT INTO channels ("companyId", name, platform, "providerId", phone, "accessToken")
     VALUES ($1, 'SMS NUL', 'sms', $2, $2, $3) ON CONFLICT DO NOTHING`,
    [
      companyId,
      SMS_NUMBER,
      t.app.get(ChannelsService).sealToken(`ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:${SMS_TOKEN}`),
    ],
  );
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
function uniquePhone(): string {
  seq += 1;
  return `52155${String(Date.now()).slice(-6)}${String(seq).padStart(2, '0')}`;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM (${sql}) AS rows`, params);
  return n;
}

function expectRefused(
  res: { status: number; body: Record<string, unknown> },
  field: string,
  what = field,
): void {
  expect(res.status, what).toBe(400);
  expect(res.body, what).toMatchObject({ code: 'VALIDATION_ERROR', field, userMessage: INVALID_CHARACTERS });
}

describe('provider webhooks with NUL in their text', () => {
  it('stores a signed WhatsApp Cloud message without the NULs of its name, text, sender and id, and answers 200', async () => {
    const from = uniquePhone();
    const wamid = `wamid.NUL${Date.now()}`;
    // \u0000 as the JSON escape Meta would send: the raw bytes are signed, the parsed strings hold real NULs.
    const body = whatsappFixture('message-text', {
      '"16505551234"': `"${from.slice(0, 4)}\\u0000${from.slice(4)}"`,
      'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `${wamid}\\u0000`,
      'Sheena Nelson': 'Sheena\\u0000 Nelson',
      'Does it come in another color?': 'Hola\\u0000, ¿tienen envío?\\u0000',
    });
    expect(JSON.parse(body).entry[0].changes[0].value.messages[0].text.body).toContain('\u0000');
    const res = await postWhatsapp(t, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    const rows = await ds.query(
      `SELECT m.content, c.name, c."senderId" FROM messages m JOIN clients c ON c.id = m."clientId"
       WHERE m."messageApiId" = $1`,
      [wamid],
    );
    expect(rows).toEqual([{ content: 'Hola, ¿tienen envío?', name: 'Sheena Nelson', senderId: from }]);
    // Meta retries until it gets a 200: the same delivery again is acknowledged and stored once.
    expect((await postWhatsapp(t, body)).status).toBe(200);
    expect(await count(`SELECT 1 FROM messages WHERE "messageApiId" = $1`, [wamid])).toBe(1);
  });

  it('stores a signed WhatsApp status whose error text holds a NUL', async () => {
    const body = whatsappFixture('status-failed').replace(/"title": "([^"]*)"/, '"title": "$1\\u0000"');
    expect(body).toContain('\\u0000');
    expect((await postWhatsapp(t, body)).status).toBe(200);
  });

  it('stores a signed Twilio SMS without the NULs of its body, sender and sid, and answers 200', async () => {
    const from = uniquePhone();
    const sid = `SMNUL${Date.now()}`;
    const params = new URLSearchParams({
      ToCountry: 'US',
      SmsMessageSid: `${sid}\u0000`,
      NumMedia: '0',
      SmsSid: `${sid}\u0000`,
      SmsStatus: 'received',
      Body: 'Hola\u0000, ¿a qué hora abren?',
      To: `+${SMS_NUMBER}`,
      NumSegments: '1',
      MessageSid: `${sid}\u0000`,
      AccountSid: 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX',
      From: `+${from}\u0000`,
      ApiVersion: '2010-04-01',
    });
    const body = params.toString();
    expect(body).toContain('%00');
    const res = await t.http
      .post('/webhooks/sms')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Twilio-Signature', twilioSignature(SMS_TOKEN, `${APP_URL}/webhooks/sms`, params))
      .send(body);
    expect(res.status).toBe(200);
    const rows = await ds.query(
      `SELECT m.content, m."messageApiId", c."senderId" FROM messages m JOIN clients c ON c.id = m."clientId"
       WHERE m."messageApiId" = $1`,
      [sid],
    );
    expect(rows).toEqual([{ content: 'Hola, ¿a qué hora abren?', messageApiId: sid, senderId: from }]);
  });

  it('stores a signed Messenger message without the NULs of its text, sender and id, and answers 200', async () => {
    const psid = `77${Date.now()}`;
    const mid = `m_NUL${Date.now()}`;
    const body = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: MESSENGER_PAGE,
          time: Date.now(),
          messaging: [
            {
              sender: { id: `${psid}\u0000` },
              recipient: { id: MESSENGER_PAGE },
              timestamp: Date.now(),
              message: { mid: `\u0000${mid}`, text: 'hola\u0000, ¿tienen talla M?' },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac('sha256', 'dev-messenger-app-secret').update(body).digest('hex')}`;
    const res = await t.http
      .post('/webhooks/messenger')
      .set('Content-Type', 'application/json')
      .set('X-Hub-Signature-256', signature)
      .send(body);
    expect(res.status).toBe(200);
    const rows = await ds.query(
      `SELECT m.content, c."senderId" FROM messages m JOIN clients c ON c.id = m."clientId" WHERE m."messageApiId" = $1`,
      [mid],
    );
    expect(rows).toEqual([{ content: 'hola, ¿tienen talla M?', senderId: psid }]);
  });

  it('still checks the signature on the bytes as sent, NULs included', async () => {
    const body = whatsappFixture('message-text', { 'Does it come in another color?': 'a\\u0000b' });
    const signedWithoutNul = createHmac('sha256', 'dev-whatsapp-app-secret')
      .update(body.replace('\\u0000', ''))
      .digest('hex');
    expect((await postWhatsapp(t, body, `sha256=${signedWithoutNul}`)).status).toBe(401);
  });
});

describe('user input with NUL', () => {
  const CREATE_TAG = 'mutation($input: TagInput!) { createTag(input: $input) { id name } }';
  const tagCount = () => count(`SELECT 1 FROM tags`);

  it('refuses a GraphQL variable holding a NUL with the field and a Spanish message, creating nothing', async () => {
    const before = await tagCount();
    const res = await gql(t, admin, CREATE_TAG, { input: { name: `Etiqueta\u0000${Date.now()}` } });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'input.name',
      userMessage: INVALID_CHARACTERS,
    });
    expect(await tagCount()).toBe(before);
  });

  it('refuses a GraphQL string literal written with the \\u0000 escape', async () => {
    const before = await tagCount();
    const res = await gql(t, admin, `mutation { createTag(input: { name: "Eti\\u0000queta" }) { id } }`);
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'input.name',
      userMessage: INVALID_CHARACTERS,
    });
    expect(await tagCount()).toBe(before);
  });

  it('refuses sendMessage text holding a NUL and stores no message', async () => {
    const from = uniquePhone();
    const body = whatsappFixture('message-text', {
      '16505551234': from,
      'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `wamid.NULSEND${from}`,
    }).replace(/"timestamp": "\d+"/g, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
    expect((await postWhatsapp(t, body)).status).toBe(200);
    const [{ id: clientId }] = await ds.query(`SELECT id FROM clients WHERE "senderId" = $1`, [from]);
    const before = await count(`SELECT 1 FROM messages WHERE "clientId" = $1`, [clientId]);
    const res = await gql(
      t,
      admin,
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }',
      { input: { clientId, text: 'Hola\u0000' } },
    );
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'input.text',
      userMessage: INVALID_CHARACTERS,
    });
    expect(await count(`SELECT 1 FROM messages WHERE "clientId" = $1`, [clientId])).toBe(before);
  });

  it('refuses the conversation filter keyword (JSON body) with a 400 on keyword', async () => {
    const res = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${admin}`)
      .send({ filterType: 'all', keyword: 'a\u0000b' });
    expectRefused(res, 'keyword');
    expect(res.body.fields).toEqual({ keyword: INVALID_CHARACTERS });
  });

  it('refuses a NUL in the contacts CSV export filters before streaming anything', async () => {
    const res = await t.http
      .post('/api/contacts/export')
      .set('Authorization', `Bearer ${admin}`)
      .send({ format: 'csv', keyword: 'a\u0000b' });
    expectRefused(res, 'keyword');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('refuses a NUL in a multipart text field and creates no space', async () => {
    const name = `Espacio${Date.now()}`;
    const res = await t.http
      .post('/api/createSpace')
      .set('Authorization', `Bearer ${admin}`)
      .field('spaceName', `${name}\u0000`)
      .field('channels', '[]');
    expectRefused(res, 'spaceName');
    expect(await count(`SELECT 1 FROM spaces WHERE name LIKE $1`, [`${name}%`])).toBe(0);
  });

  it('refuses a NUL in an urlencoded body and creates no album', async () => {
    const name = `Album${Date.now()}`;
    const res = await t.http
      .post('/api/createAlbum')
      .set('Authorization', `Bearer ${admin}`)
      .type('form')
      .send(`name=${name}%00`);
    expectRefused(res, 'name');
    expect(await count(`SELECT 1 FROM albums WHERE name LIKE $1`, [`${name}%`])).toBe(0);
  });

  it('refuses a NUL in a query string and in a route parameter', async () => {
    const query = await t.http
      .get('/api/sandbox/conversation?channelId=1&from=5215512345678%00')
      .set('Authorization', `Bearer ${admin}`);
    expectRefused(query, 'from', 'query string');
    const param = await t.http.delete('/api/deleteSpace/1%00').set('Authorization', `Bearer ${admin}`);
    expectRefused(param, 'id', 'route param');
  });

  it('refuses a NUL nested in a list with the item’s path', async () => {
    const res = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${admin}`)
      .send({ filterType: 'all', tagsIds: [1, 'a\u0000'] });
    expectRefused(res, 'tagsIds.1');
  });
});

describe('spreadsheet cells with NUL', () => {
  it('imports an XLSX whose cells use Excel’s _x0000_ escape, without the NULs', async () => {
    const phone = uniquePhone();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contactos');
    sheet.addRow(['Nombre', 'Apellido', 'Teléfono']);
    // Written as is; Excel (and ExcelJS) read `_x0000_` back as U+0000.
    sheet.addRow(['An_x0000_a', 'Pé_x0000_rez', phone]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const [{ id: channelId }] = await ds.query(
      `SELECT id FROM channels WHERE platform = 'whatsapp_cloud' AND "providerId" = $1`,
      [DEMO_WA_PHONE_NUMBER_ID],
    );
    const res = await t.http
      .post('/api/importContacts')
      .set('Authorization', `Bearer ${admin}`)
      .field('channelId', String(channelId))
      .attach('file', file, 'contactos.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.newClientsDataResult).toEqual([expect.objectContaining({ status: 'creado' })]);
    const rows = await ds.query(`SELECT name, "lastName" FROM clients WHERE "senderId" LIKE $1`, [
      `%${phone.slice(-8)}`,
    ]);
    expect(rows).toEqual([{ name: 'Ana', lastName: 'Pérez' }]);
  });
});

describe('user input with other control characters', () => {
  const CONTROLS = `${Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('')}\u007f`;

  it('keeps them: PostgreSQL stores them as they are', async () => {
    const name = `Ctl${Date.now()}${CONTROLS}`;
    const res = await gql<{ createTag: { id: number; name: string } }>(
      t,
      admin,
      'mutation($input: TagInput!) { createTag(input: $input) { id name } }',
      { input: { name } },
    );
    expect(res.errors).toBeUndefined();
    // Tag names collapse their whitespace (tab, LF, VT, FF, CR); the rest is stored as sent.
    expect(res.data?.createTag.name).toBe(name.replace(/\s+/g, ' '));
    await ds.query(`DELETE FROM tags WHERE id = $1`, [res.data?.createTag.id]);
    const filtered = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${admin}`)
      .send({ filterType: 'all', keyword: `a${CONTROLS}` });
    expect(filtered.status).toBe(200);
    const exported = await t.http
      .post('/api/contacts/export')
      .set('Authorization', `Bearer ${admin}`)
      .send({ format: 'csv', keyword: `a${CONTROLS}` });
    expect(exported.status).toBe(200);
  });
});

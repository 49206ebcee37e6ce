import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhatsappCloudAdapter } from '../src/providers/channels/whatsapp-cloud/whatsapp-cloud.adapter';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';
import { metaSignature, postWhatsapp, whatsappFixture } from './webhook-helpers';

let t: TestApp;
let ds: TestSql;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp({ JOB_POLL_MS: '100' });
  ds = testSql();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

/** Gives every wamid of a payload a unique suffix, so each test's rows are its own. */
function retag(raw: string, stamp: string): string {
  let out = raw;
  for (const id of new Set([...raw.matchAll(/"(wamid\.[^"]+)"/g)].map((m) => m[1])))
    out = out.replaceAll(`"${id}"`, `"${id}.${stamp}"`);
  return out;
}

let seq = 0;
/** A unique sender and message id per test, so tests never see each other's rows. */
function unique(): { from: string; wamid: string } {
  seq += 1;
  return {
    from: `5215599${String(Date.now()).slice(-4)}${String(seq).padStart(2, '0')}`,
    wamid: `wamid.TEST${Date.now()}x${seq}`,
  };
}

function textPayload(from: string, wamid: string, body = 'Hola, ¿tienen envío?'): string {
  return whatsappFixture('message-text', {
    '16505551234': from,
    'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': wamid,
    'Does it come in another color?': body,
  });
}

function connect(token: string): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

async function messagesOf(wamid: string) {
  return ds.query(
    `SELECT m.*, c."companyId" AS "clientCompanyId", c.name AS "clientName", c."unreadMessagesCount", c."lastMessage"
     FROM messages m JOIN clients c ON c.id = m."clientId" WHERE m."messageApiId" = $1`,
    [wamid],
  );
}

describe('GET /webhooks/whatsapp (Meta verification)', () => {
  it('echoes the challenge for our verify token and refuses anything else with 403', async () => {
    const ok = await t.http.get('/webhooks/whatsapp').query({
      'hub.mode': 'subscribe',
      'hub.verify_token': 'dev-whatsapp-verify-token',
      'hub.challenge': '1158201444',
    });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('1158201444');
    const bad = await t.http
      .get('/webhooks/whatsapp')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': 'otro', 'hub.challenge': 'x' });
    expect(bad.status).toBe(403);
    const messenger = await t.http.get('/webhooks/messenger').query({
      'hub.mode': 'subscribe',
      'hub.verify_token': 'dev-messenger-verify-token',
      'hub.challenge': '42',
    });
    expect(messenger.text).toBe('42');
  });
});

describe('POST /webhooks/whatsapp', () => {
  it('stores a text message in the Demo inbox and tells the admin socket once, not the unassigned agent', async () => {
    const admin = await connect(await login(t, 'admin@demo.local'));
    const agent = await connect(await login(t, 'agente@demo.local'));
    const adminEvents: unknown[] = [];
    const agentEvents: unknown[] = [];
    admin.on('newClient', (e) => adminEvents.push(e));
    admin.on('newMessage', (e) => adminEvents.push(e));
    agent.on('newClient', (e) => agentEvents.push(e));
    agent.on('newMessage', (e) => agentEvents.push(e));

    const { from, wamid } = unique();
    const res = await postWhatsapp(t, textPayload(from, wamid));
    expect(res.status).toBe(200);
    const rows = await messagesOf(wamid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'text',
      content: 'Hola, ¿tienen envío?',
      sender: 'CLIENT',
      clientName: 'Sheena Nelson',
      unreadMessagesCount: 1,
      lastMessage: 'Hola, ¿tienen envío?',
    });
    const [{ id: demoId }] = await ds.query(`SELECT id FROM companies WHERE name = 'Demo'`);
    expect(rows[0].clientCompanyId).toBe(demoId);

    await new Promise((r) => setTimeout(r, 300));
    expect(adminEvents).toHaveLength(1);
    expect(adminEvents[0]).toMatchObject({
      client: { senderId: from, unreadMessages: 1, channel: { platform: 'whatsapp_cloud' } },
      message: { content: 'Hola, ¿tienen envío?' },
    });
    expect(agentEvents).toHaveLength(0);
  });

  it('stores a delivery sent 20 times in parallel exactly once', async () => {
    const { from, wamid } = unique();
    const body = textPayload(from, wamid, 'Repetido');
    const results = await Promise.all(Array.from({ length: 20 }, () => postWhatsapp(t, body)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const rows = await messagesOf(wamid);
    expect(rows).toHaveLength(1);
    expect(rows[0].unreadMessagesCount).toBe(1);
    const clients = await ds.query(`SELECT count(*)::int AS n FROM clients WHERE "senderId" = $1`, [from]);
    expect(clients[0].n).toBe(1);
  });

  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const { from, wamid } = unique();
    const body = textPayload(from, wamid);
    expect((await postWhatsapp(t, body, null)).status).toBe(401);
    expect((await postWhatsapp(t, body, metaSignature(body, 'otro-secreto'))).status).toBe(401);
    expect((await postWhatsapp(t, body, metaSignature(`${body} `))).status).toBe(401);
    expect((await postWhatsapp(t, body, 'sha256=zz')).status).toBe(401);
    expect(await messagesOf(wamid)).toHaveLength(0);
  });

  it('answers malformed JSON with 400 and an unknown phone number id with 200, storing nothing', async () => {
    const malformed = '{"object":"whatsapp_business_account","entry":[';
    const bad = await postWhatsapp(t, malformed);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    const { from, wamid } = unique();
    const unknown = textPayload(from, wamid).replaceAll('100000000000001', '999999999999999');
    const res = await postWhatsapp(t, unknown);
    expect(res.status).toBe(200);
    expect(await messagesOf(wamid)).toHaveLength(0);
  });

  it('stores every kind of message of the documentation with its type and parts', async () => {
    const kinds: Array<[string, string]> = [
      ['message-image', 'image'],
      ['message-video', 'video'],
      ['message-audio', 'audio'],
      ['message-document', 'document'],
      ['message-sticker', 'sticker'],
      ['message-location', 'location'],
      ['message-contacts', 'contacts'],
      ['message-interactive-button-reply', 'interactive'],
      ['message-interactive-list-reply', 'interactive'],
      ['message-button', 'button'],
      ['message-reaction', 'reaction'],
      ['message-unsupported', 'unsupported'],
    ];
    for (const [fixture, type] of kinds) {
      const stamp = `${fixture}.${Date.now()}`;
      const body = retag(whatsappFixture(fixture), stamp);
      expect((await postWhatsapp(t, body)).status, fixture).toBe(200);
      const rows = await ds.query(`SELECT type, payload FROM messages WHERE "messageApiId" LIKE $1`, [
        `%.${stamp}`,
      ]);
      expect(rows, fixture).toHaveLength(1);
      expect(rows[0].type, fixture).toBe(type);
      if (type === 'location') expect(rows[0].payload.location.latitude).toBeTypeOf('number');
      if (type === 'image') expect(rows[0].payload.file.mimeType).toMatch(/^image\//);
    }
  });

  it('answers a shared contact card through POST /api/getContact with the message’s contactId (02 §3, §7)', async () => {
    const stamp = `card.${Date.now()}`;
    const body = retag(whatsappFixture('message-contacts'), stamp);
    expect((await postWhatsapp(t, body)).status).toBe(200);
    const [row] = await ds.query(`SELECT id, "clientId" FROM messages WHERE "messageApiId" LIKE $1`, [
      `%.${stamp}`,
    ]);
    const [admin, otra] = await Promise.all([login(t, 'admin@demo.local'), login(t, 'admin@otra.local')]);
    const listed = await gql<{ messages: Array<{ id: number; contactId: number | null }> }>(
      t,
      admin,
      'query($id: Int!) { messages(clientId: $id) { id contactId } }',
      { id: row.clientId },
    );
    const shared = listed.data?.messages.find((m) => m.id === row.id);
    expect(shared?.contactId).toBe(row.id);
    const getContact = (token: string, contactId: unknown) =>
      t.http.post('/api/getContact').set('Authorization', `Bearer ${token}`).send({ contactId });
    const card = await getContact(admin, shared?.contactId);
    expect(card.status).toBe(200);
    expect(card.body).toEqual({
      id: row.id,
      name: { first_name: 'Barbara', last_name: 'Johnson', formatted_name: 'Barbara J. Johnson' },
      phones: [
        { id: 1, phone: '+1 (940) 555-1234', wa_id: '19405551234' },
        { id: 2, phone: '+1 (650) 555-1234', wa_id: null },
      ],
    });
    expect((await getContact(otra, row.id)).status).toBe(403);
    const bad = await getContact(admin, 'x');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('contactId');
    // A message that shares no card, and an id of no message: neither has a contact.
    const [text] = await ds.query(
      `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, "time")
       SELECT "companyId", id, "channelId", 'text', 'hola', 'CLIENT', now() FROM clients WHERE id = $1 RETURNING id`,
      [row.clientId],
    );
    for (const id of [text.id, 2_000_000_000]) {
      const none = await getContact(admin, id);
      expect(none.status).toBe(404);
      expect(none.body).toMatchObject({ code: 'MESSAGE_NOT_FOUND', field: 'contactId' });
    }
  });

  it('stores every message of a batch spread over two entries', async () => {
    const stamp = `b${Date.now()}`;
    const body = retag(
      whatsappFixture('batch-two-entries').replaceAll('209871234567890', '100000000000001'),
      stamp,
    );
    const expected = new WhatsappCloudAdapter({ graphUrl: 'http://unused', appSecret: 'x' })
      .parseWebhook({ headers: {}, rawBody: Buffer.from(body), url: '' })
      .filter((e) => e.kind === 'message').length;
    expect(expected).toBeGreaterThanOrEqual(2);
    expect((await postWhatsapp(t, body)).status).toBe(200);
    const stored = await ds.query(`SELECT count(*)::int AS n FROM messages WHERE "messageApiId" LIKE $1`, [
      `%.${stamp}`,
    ]);
    expect(stored[0].n).toBe(expected);
  });
});

describe('two API instances on one database', () => {
  it('emits a message posted to instance A to an admin socket connected to instance B, once', async () => {
    const other = await startTestApp();
    try {
      const token = await login(t, 'admin@demo.local');
      const onB = await new Promise<Socket>((resolve, reject) => {
        const s = io(other.baseUrl, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token },
          reconnection: false,
        });
        sockets.push(s);
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
      const received: Array<{ message: { content: string } }> = [];
      onB.on('newClient', (e) => received.push(e));
      onB.on('newMessage', (e) => received.push(e));
      const { from, wamid } = unique();
      const body = textPayload(from, wamid, 'Cruzando instancias');
      expect((await postWhatsapp(t, body)).status).toBe(200);
      expect((await postWhatsapp(t, body)).status).toBe(200);
      const deadline = Date.now() + 5000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
      expect(received.map((e) => e.message.content)).toEqual(['Cruzando instancias']);

      // An event too big for one NOTIFY payload travels through realtime_attachments.
      const long = 'ñandú '.repeat(680);
      const second = unique();
      expect((await postWhatsapp(t, textPayload(second.from, second.wamid, long))).status).toBe(200);
      const until = Date.now() + 5000;
      while (received.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(received[1]?.message.content === long).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('replies', () => {
  it('links a reply to the message it quotes', async () => {
    const stamp = `q${Date.now()}`;
    const quotedId = `wamid.QUOTED.${stamp}`;
    const from = `5215590${String(Date.now()).slice(-6)}`;
    await postWhatsapp(t, textPayload(from, quotedId, 'Mensaje original'));
    const body = whatsappFixture('message-reply-with-context', {
      'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA': quotedId,
      'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUJGNTg3QTU5MzlEOTc3NkI1AA==': `wamid.REPLY.${stamp}`,
      '16505551234': from,
    });
    expect((await postWhatsapp(t, body)).status).toBe(200);
    const [reply] = await ds.query(
      `SELECT "quotedMsgId", "quotedMsgBody", "quotedMsgType" FROM messages WHERE "messageApiId" = $1`,
      [`wamid.REPLY.${stamp}`],
    );
    const [quoted] = await ds.query(`SELECT id FROM messages WHERE "messageApiId" = $1`, [quotedId]);
    expect(reply).toEqual({
      quotedMsgId: quoted.id,
      quotedMsgBody: 'Mensaje original',
      quotedMsgType: 'text',
    });
  });
});

describe('racing first messages of a new contact', () => {
  it('stores every message and creates one conversation counting all of them unread', async () => {
    const { from } = unique();
    const stamp = Date.now();
    const bodies = Array.from({ length: 8 }, (_, i) =>
      textPayload(from, `wamid.RACE${stamp}x${i}`, `Mensaje ${i}`),
    );
    const results = await Promise.all(bodies.map((b) => postWhatsapp(t, b)));
    expect(results.map((r) => r.status)).toEqual(bodies.map(() => 200));
    const clients = await ds.query(`SELECT id, "unreadMessagesCount" FROM clients WHERE "senderId" = $1`, [
      from,
    ]);
    expect(clients).toHaveLength(1);
    expect(clients[0].unreadMessagesCount).toBe(8);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM messages WHERE "clientId" = $1`, [
      clients[0].id,
    ]);
    expect(n).toBe(8);
  });
});

describe('agent rooms', () => {
  it('tells an agent about their own conversations only', async () => {
    const agent = await connect(await login(t, 'agente@demo.local'));
    const seen: Array<{ client: { id: number; senderId: string | null } }> = [];
    agent.on('newMessage', (e) => seen.push(e));
    const [{ id: agentId }] = await ds.query(`SELECT id FROM users WHERE email = 'agente@demo.local'`);
    const [{ id: otherId }] = await ds.query(`SELECT id FROM users WHERE email = 'groupadmin@demo.local'`);
    const mine = unique();
    const theirs = unique();
    await postWhatsapp(t, textPayload(mine.from, mine.wamid, 'primero'));
    await postWhatsapp(t, textPayload(theirs.from, theirs.wamid, 'primero'));
    await ds.query(`UPDATE clients SET "agentId" = $2 WHERE "senderId" = $1`, [mine.from, agentId]);
    await ds.query(`UPDATE clients SET "agentId" = $2 WHERE "senderId" = $1`, [theirs.from, otherId]);
    await postWhatsapp(t, textPayload(mine.from, `${mine.wamid}.2`, 'segundo'));
    await postWhatsapp(t, textPayload(theirs.from, `${theirs.wamid}.2`, 'segundo'));
    await new Promise((r) => setTimeout(r, 400));
    const [{ id: mineId }] = await ds.query(`SELECT id FROM clients WHERE "senderId" = $1`, [mine.from]);
    expect(seen.map((e) => e.client.id)).toEqual([mineId]);
    // The demo agent's role lacks canSeePhoneNumber: the event names the conversation, not the phone.
    expect(seen.map((e) => e.client.senderId)).toEqual([null]);
  });
});

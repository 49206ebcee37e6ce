import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CATALOGUE } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';

let t: TestApp;
let ds: TestSql;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ JOB_POLL_MS: '50' });
  ds = testSql();
  admin = await login(t, 'admin@demo.local');
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const PAGE = '200000000000001';

function messengerFixture(name: string, psid: string, mid?: string): string {
  let text = readFileSync(
    join(__dirname, '../src/providers/channels/messenger/__fixtures__', `${name}.json`),
    'utf8',
  );
  text = text.replaceAll('682498302938465', PAGE).replaceAll('6543210987654321', psid);
  if (mid) text = text.replaceAll('m_AG5Hz2UqT7ywaKpO9kkQR7Gv-nM8LIfLZDamVrALniheU', mid);
  return text;
}

function postMessenger(body: string, secret = 'dev-messenger-app-secret') {
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return t.http
    .post('/webhooks/messenger')
    .set('Content-Type', 'application/json')
    .set('X-Hub-Signature-256', signature)
    .send(body);
}

describe('POST /webhooks/messenger', () => {
  it('stores a Messenger message once, refuses a bad signature, and applies delivery and read watermarks', async () => {
    const psid = `77${Date.now()}`;
    const mid = `m_TEST${Date.now()}`;
    const body = messengerFixture('message-text', psid, mid);
    expect((await postMessenger(body, 'otro')).status).toBe(401);
    expect((await postMessenger(body)).status).toBe(200);
    expect((await postMessenger(body)).status).toBe(200);
    const rows = await ds.query(
      `SELECT m.content, c.id AS "clientId" FROM messages m JOIN clients c ON c.id = m."clientId" WHERE m."messageApiId" = $1`,
      [mid],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].content).toBe('hola, ¿tienen talla M?');

    // One of our replies, sent before the watermarks.
    const [{ id: replyId }] = await ds.query(
      `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, "messageApiId", "messageStatus", "time")
       SELECT "companyId", id, "channelId", 'text', 'Sí, hay talla M', 'AGENT', $2, 'sent', to_timestamp(1763781205) FROM clients WHERE id = $1 RETURNING id`,
      [rows[0].clientId, `m_REPLY${Date.now()}`],
    );
    expect((await postMessenger(messengerFixture('delivery', psid))).status).toBe(200);
    let [reply] = await ds.query(`SELECT "messageStatus" FROM messages WHERE id = $1`, [replyId]);
    expect(reply.messageStatus).toBe('delivered');
    expect((await postMessenger(messengerFixture('read', psid))).status).toBe(200);
    [reply] = await ds.query(`SELECT "messageStatus" FROM messages WHERE id = $1`, [replyId]);
    expect(reply.messageStatus).toBe('viewed');
  });
});

describe('conversation actions', () => {
  async function conversationWithMessage(): Promise<number> {
    const psid = `78${Date.now()}`;
    await postMessenger(messengerFixture('message-text', psid, `m_ACT${Date.now()}`));
    const [row] = await ds.query(`SELECT id FROM clients WHERE "senderId" = $1`, [psid]);
    return row.id;
  }

  it('refuses free text once the 7-day Messenger window closed (02 §8 FACEBOOK_MESSAGE_ERROR), storing nothing', async () => {
    const clientId = await conversationWithMessage();
    const send = (text: string) =>
      gql<{ sendMessage: { id: number } }>(
        t,
        admin,
        'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }',
        { input: { clientId, text } },
      );
    // 01 §4: the customer's message opens a 7-day (168 h) window, not WhatsApp's 24 h one.
    const [opened] = await ds.query(
      `SELECT extract(epoch FROM c."windowExpiresAt" - max(m."time"))::int AS seconds
         FROM clients c JOIN messages m ON m."clientId" = c.id AND m.sender = 'CLIENT' WHERE c.id = $1 GROUP BY c.id`,
      [clientId],
    );
    expect(opened.seconds).toBe(168 * 3600);
    // Still open: free text goes out.
    await ds.query(`UPDATE clients SET "windowExpiresAt" = now() + interval '1 day' WHERE id = $1`, [
      clientId,
    ]);
    expect((await send('Aún a tiempo')).errors).toBeUndefined();
    await ds.query(`UPDATE clients SET "windowExpiresAt" = now() - interval '1 minute' WHERE id = $1`, [
      clientId,
    ]);
    const late = await send('Demasiado tarde');
    expect(late.errors?.[0].extensions).toMatchObject({
      code: 'FACEBOOK_MESSAGE_ERROR',
      field: 'text',
      userMessage: ERROR_CATALOGUE.FACEBOOK_MESSAGE_ERROR.userMessage,
    });
    const stored = await ds.query(
      `SELECT content FROM messages WHERE "clientId" = $1 AND sender <> 'CLIENT'`,
      [clientId],
    );
    expect(stored.map((m: { content: string }) => m.content)).toEqual(['Aún a tiempo']);
  });

  it('marks a conversation read and unread', async () => {
    const clientId = await conversationWithMessage();
    // 02 §7: markAsRead and markAsUnread reach the conversation's viewers with its unread count.
    const socket = await openSocket(t.baseUrl, admin, sockets);
    type Unread = { clientId: number; unreadMessages: number };
    const ofThis = (payload: Unread) => payload.clientId === clientId;
    const readEvent = nextEvent<Unread>(socket, 'markAsRead', 3000, ofThis);
    const read = await gql<{ markConversationRead: number }>(
      t,
      admin,
      'mutation($id: Int!) { markConversationRead(clientId: $id) }',
      { id: clientId },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data?.markConversationRead).toBe(0);
    expect(await readEvent).toEqual({ clientId, unreadMessages: 0 });
    const unreadEvent = nextEvent<Unread>(socket, 'markAsUnread', 3000, ofThis);
    let [state] = await ds.query(
      `SELECT c."unreadMessagesCount", bool_and(m.seen) AS seen FROM clients c JOIN messages m ON m."clientId" = c.id WHERE c.id = $1 GROUP BY c.id`,
      [clientId],
    );
    expect(state).toEqual({ unreadMessagesCount: 0, seen: true });
    // 02 §4: read with the reader's name and time; unread again clears the reader.
    const MESSAGES = 'query($id: Int!) { messages(clientId: $id) { seen seenAt seenBy } }';
    type Seen = { messages: Array<{ seen: boolean; seenAt: string | null; seenBy: string | null }> };
    const [{ name: adminName }] = await ds.query(`SELECT name FROM users WHERE email = 'admin@demo.local'`);
    const afterRead = await gql<Seen>(t, admin, MESSAGES, { id: clientId });
    expect(afterRead.errors).toBeUndefined();
    const [readMessage] = afterRead.data?.messages ?? [];
    expect(readMessage).toMatchObject({ seen: true, seenBy: adminName });
    expect(Date.now() - Date.parse(readMessage?.seenAt ?? '')).toBeLessThan(60_000);
    const unread = await gql<{ markConversationUnread: number }>(
      t,
      admin,
      'mutation($id: Int!) { markConversationUnread(clientId: $id) }',
      { id: clientId },
    );
    expect(unread.data?.markConversationUnread).toBe(1);
    expect(await unreadEvent).toEqual({ clientId, unreadMessages: 1 });
    [state] = await ds.query(
      `SELECT c."unreadMessagesCount", bool_and(m.seen) AS seen FROM clients c JOIN messages m ON m."clientId" = c.id WHERE c.id = $1 GROUP BY c.id`,
      [clientId],
    );
    expect(state).toEqual({ unreadMessagesCount: 1, seen: false });
    const afterUnread = await gql<Seen>(t, admin, MESSAGES, { id: clientId });
    expect(afterUnread.data?.messages[0]).toEqual({ seen: false, seenAt: null, seenBy: null });
  });

  it('deletes a message for the team, and refuses another company or a bad id', async () => {
    const clientId = await conversationWithMessage();
    const [{ id }] = await ds.query(`SELECT id FROM messages WHERE "clientId" = $1`, [clientId]);
    const otra = await login(t, 'admin@otra.local');
    expect(
      (await t.http.post('/api/deleteMessage').set('Authorization', `Bearer ${otra}`).send({ id })).status,
    ).toBe(403);
    const bad = await t.http
      .post('/api/deleteMessage')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('id');
    const res = await t.http.post('/api/deleteMessage').set('Authorization', `Bearer ${admin}`).send({ id });
    expect(res.body).toEqual({ id, messageStatus: 'deleted' });
    const [row] = await ds.query(`SELECT "messageStatus", content FROM messages WHERE id = $1`, [id]);
    expect(row).toEqual({ messageStatus: 'deleted', content: '' });
    const [client] = await ds.query(`SELECT "lastMessage" FROM clients WHERE id = $1`, [clientId]);
    expect(client.lastMessage).toBe('Mensaje eliminado');
  });
});

import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

let t: TestApp;
let ds: TestSql;
beforeAll(async () => {
  t = await startTestApp({ JOB_POLL_MS: '50' });
  ds = testSql();
});
afterAll(async () => {
  await t.close();
});

const FIXTURE_IDS: Record<string, string> = {
  'status-sent': 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA',
  'status-delivered': 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA',
  'status-read': 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA',
  'status-failed': 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJGRjE0QkI3NkIwQUZBQzdGNEYA',
};

function status(kind: 'sent' | 'delivered' | 'read' | 'failed', wamid: string): string {
  return whatsappFixture(`status-${kind}`, { [FIXTURE_IDS[`status-${kind}`]]: wamid });
}

let seq = 0;
/** A conversation (made by a real inbound message) with one outgoing message of ours, as a send leaves it. */
async function outgoing(
  initial: string | null = 'pending',
): Promise<{ wamid: string; clientId: number; messageId: number }> {
  seq += 1;
  const from = `52155880${String(Date.now()).slice(-3)}${seq}`;
  const inbound = whatsappFixture('message-text', {
    '16505551234': from,
    'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `wamid.IN${Date.now()}x${seq}`,
  });
  await postWhatsapp(t, inbound);
  const [client] = await ds.query(`SELECT id, "companyId", "channelId" FROM clients WHERE "senderId" = $1`, [
    from,
  ]);
  const wamid = `wamid.OUT${Date.now()}x${seq}`;
  const [message] = await ds.query(
    `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, "messageApiId", "messageStatus", "time")
     VALUES ($1, $2, $3, 'text', 'Respuesta', 'AGENT', $4, $5, now()) RETURNING id`,
    [client.companyId, client.id, client.channelId, wamid, initial],
  );
  await ds.query(`UPDATE clients SET "lastMessageId" = $2, "lastMessageStatus" = $3 WHERE id = $1`, [
    client.id,
    message.id,
    initial,
  ]);
  return { wamid, clientId: client.id, messageId: message.id };
}

async function stateOf(messageId: number) {
  const [row] = await ds.query(
    `SELECT m."messageStatus", m."errorCode", m."errorInfo", c."lastMessageStatus", c."windowExpiresAt"
     FROM messages m JOIN clients c ON c.id = m."clientId" WHERE m.id = $1`,
    [messageId],
  );
  return row;
}

describe('delivery statuses (02 §4 rank rule)', () => {
  it('ends as viewed when read arrives before delivered, and a late sent changes nothing', async () => {
    const { wamid, messageId } = await outgoing();
    for (const kind of ['read', 'delivered', 'sent'] as const)
      expect((await postWhatsapp(t, status(kind, wamid))).status).toBe(200);
    expect(await stateOf(messageId)).toMatchObject({ messageStatus: 'viewed', lastMessageStatus: 'viewed' });
  });

  it('walks up sent → delivered → read in order, taking the reply window from the status', async () => {
    const { wamid, messageId } = await outgoing();
    await postWhatsapp(t, status('sent', wamid));
    const afterSent = await stateOf(messageId);
    expect(afterSent.messageStatus).toBe('sent');
    expect(afterSent.windowExpiresAt).toBeInstanceOf(Date);
    await postWhatsapp(t, status('delivered', wamid));
    expect((await stateOf(messageId)).messageStatus).toBe('delivered');
    await postWhatsapp(t, status('read', wamid));
    expect((await stateOf(messageId)).messageStatus).toBe('viewed');
  });

  it('records a failure with the provider error code and text', async () => {
    const { wamid, messageId } = await outgoing();
    await postWhatsapp(t, status('failed', wamid));
    const state = await stateOf(messageId);
    expect(state.messageStatus).toBe('failed');
    expect(state.errorCode).toBe('131047');
    expect(state.errorInfo).toBeTruthy();
    expect(state.lastMessageStatus).toBe('failed');
  });

  it('keeps the conversation status on its last message only', async () => {
    const first = await outgoing();
    const [{ id: laterId }] = await ds.query(
      `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, "messageStatus", "time")
       SELECT "companyId", "clientId", "channelId", 'text', 'Otra', 'AGENT', 'pending', now() FROM messages WHERE id = $1 RETURNING id`,
      [first.messageId],
    );
    await ds.query(`UPDATE clients SET "lastMessageId" = $2, "lastMessageStatus" = 'pending' WHERE id = $1`, [
      first.clientId,
      laterId,
    ]);
    await postWhatsapp(t, status('read', first.wamid));
    const state = await stateOf(first.messageId);
    expect(state.messageStatus).toBe('viewed');
    expect(state.lastMessageStatus).toBe('pending');
  });

  it('applies a status that arrives before the message id is recorded, by retrying', async () => {
    const { wamid, messageId } = await outgoing(null);
    await ds.query(`UPDATE messages SET "messageApiId" = NULL, "messageStatus" = 'pending' WHERE id = $1`, [
      messageId,
    ]);
    await postWhatsapp(t, status('delivered', wamid));
    await new Promise((r) => setTimeout(r, 150));
    await ds.query(`UPDATE messages SET "messageApiId" = $2 WHERE id = $1`, [messageId, wamid]);
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await stateOf(messageId)).messageStatus !== 'delivered') {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await stateOf(messageId)).messageStatus).toBe('delivered');
  });

  it('tells the admin socket about each applied status', async () => {
    const token = await login(t, 'admin@demo.local');
    const socket: Socket = await new Promise((resolve, reject) => {
      const s = io(t.baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token },
        reconnection: false,
      });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
    try {
      const { wamid, messageId } = await outgoing();
      const events: Array<{ messageId: number; messageStatus: string }> = [];
      socket.on('messageStatus', (e) => events.push(e));
      await postWhatsapp(t, status('delivered', wamid));
      await postWhatsapp(t, status('sent', wamid));
      await postWhatsapp(t, status('read', wamid));
      await new Promise((r) => setTimeout(r, 300));
      expect(events.filter((e) => e.messageId === messageId).map((e) => e.messageStatus)).toEqual([
        'delivered',
        'viewed',
      ]);
    } finally {
      socket.close();
    }
  });
});

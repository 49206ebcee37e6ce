import { randomInt } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login } from './helpers';
import { type InboxTestApp, startInboxTestApp } from './inbox-helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

/**
 * Issue 15 §3: the phone number is a permission enforced on the server. The Demo 'agente' role lacks
 * canSeePhoneNumber: nothing it receives (answers and socket events) may carry the customer's number, nor the new
 * one of a WhatsApp number-change notice. The admin, who has the permission, receives both (so this can fail).
 */

let t: InboxTestApp;
let demoSettings: unknown;
const opened: Socket[] = [];
let adminToken: string;
let agentToken: string;
let agentId: number;
let clientId: number;
let tagId: number;
let adminSocket: Socket;
let agentSocket: Socket;
const adminSeen: unknown[] = [];
const agentSeen: unknown[] = [];

// Random, not the clock: numbers made from the time can turn up inside the time-based ids of other events
// (a fake provider's message ids), which the leak check would take for the phone (CI saw it once).
const stamp = String(randomInt(10_000_000, 100_000_000));
const OLD = `5215583${stamp.slice(0, 6)}`;
const NEW = `5215584${stamp.slice(2, 8)}`;
// The last 8 digits identify each number in any notation (+52 55…, 52155…, with spaces removed).
const digitsOf = (text: string) => text.replace(/\D/g, '');
const OLD_TAIL = OLD.slice(-8);
const NEW_TAIL = NEW.slice(-8);

// Every string and number of an answer or event, one by one: joining all digits of a whole JSON text would make
// false matches across neighbouring fields (an id ending in 83 next to a name holding the test's stamp).
function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) texts(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) texts(item, out);
  return out;
}

function leaks(value: unknown): string[] {
  const digits = texts(value).map(digitsOf);
  return [OLD_TAIL, NEW_TAIL].filter((tail) => digits.some((text) => text.includes(tail)));
}

/** The conversation's sender id now (a number change may have moved it to the new number). */
async function currentPhone(): Promise<string> {
  const [{ senderId }] = await t.ds.query(`SELECT "senderId" FROM clients WHERE id = $1`, [clientId]);
  expect([OLD, NEW]).toContain(senderId);
  return senderId as string;
}

function now(): string {
  return String(Math.floor(Date.now() / 1000));
}

async function postText(from: string, id: string, text: string): Promise<void> {
  const body = whatsappFixture('message-text', {
    '16505551234': from,
    'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': id,
  })
    .replace(/"timestamp": "\d+"/g, `"timestamp": "${now()}"`)
    .replace(/"body": "[^"]*"/, `"body": "${text}"`);
  expect((await postWhatsapp(t, body)).status).toBe(200);
}

async function rest(token: string, path: string, body: object) {
  const res = await t.http.post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);
  return res;
}

/** Every list, view and search the user can call about the conversation, and a few actions. */
async function callEverything(token: string, seen: unknown[], asAgent: boolean): Promise<void> {
  const record = (value: unknown) => {
    seen.push(value);
    return value;
  };
  const list = await rest(token, '/conversations_by_filter', { filterType: asAgent ? 'assigned' : 'all' });
  expect(list.status).toBe(200);
  record(list.body);
  expect((list.body.clients as Array<{ id: number }>).some((c) => c.id === clientId)).toBe(true);
  record((await rest(token, '/conversations_by_filter', { filterType: 'all', keyword: 'Priva' })).body);
  record((await rest(token, '/conversations_by_filter', { custom: true })).body);
  const view = await gql(
    t,
    token,
    `query($id: Int!) { conversation(clientId: $id) { id key senderId name nameFromChannel cleanedName lastMessage } }`,
    { id: clientId },
  );
  expect(view.errors).toBeUndefined();
  record(view);
  const messages = await gql<{ messages: Array<{ content: string; payload: unknown }> }>(
    t,
    token,
    `query($id: Int!) { messages(clientId: $id) { id content payload sender quotedMsgBody } }`,
    { id: clientId },
  );
  expect(messages.errors).toBeUndefined();
  expect(messages.data?.messages.some((m) => m.content.startsWith('El cliente cambió su número'))).toBe(true);
  record(messages);
  const fields = 'id key senderId name cleanedName lastMessage';
  record(
    await gql(
      t,
      token,
      `mutation($id: Int!) { renameConversation(clientId: $id, name: "Privada ${stamp}") { ${fields} } }`,
      { id: clientId },
    ),
  );
  record(
    await gql(
      t,
      token,
      `mutation($id: Int!, $tag: Int!) { addTagToConversation(clientId: $id, tagId: $tag) { ${fields} } }`,
      { id: clientId, tag: tagId },
    ),
  );
  record(
    await gql(
      t,
      token,
      `mutation($id: Int!) { setConversationArchived(clientId: $id, archived: true) { ${fields} } }`,
      { id: clientId },
    ),
  );
  record(
    await gql(
      t,
      token,
      `mutation($id: Int!) { setConversationArchived(clientId: $id, archived: false) { ${fields} } }`,
      { id: clientId },
    ),
  );
  record(
    await gql(
      t,
      token,
      `mutation($id: Int!, $tag: Int!) { removeTagFromConversation(clientId: $id, tagId: $tag) { ${fields} } }`,
      { id: clientId, tag: tagId },
    ),
  );
}

beforeAll(async () => {
  t = await startInboxTestApp();
  [{ settings: demoSettings }] = await t.ds.query(`SELECT settings FROM companies WHERE name = 'Demo'`);
  await t.ds.query(
    `UPDATE companies SET settings = settings || '{"automaticAssignment": false}'::jsonb WHERE name = 'Demo'`,
  );
  adminToken = await login(t, 'admin@demo.local');
  agentToken = await login(t, 'agente@demo.local');
  [{ id: agentId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'agente@demo.local'`);
  const [perm] = await t.ds.query(
    `SELECT r.name FROM users u JOIN roles r ON r.id = u."roleId" WHERE u.email = 'agente@demo.local'`,
  );
  expect(perm.name).toBe('agente');
  [{ id: tagId }] = await t.ds.query(
    `INSERT INTO tags ("companyId", name, color, key)
     SELECT "companyId", $1, '#123456', "companyId"::text || '-privacidad' || $2 FROM users
     WHERE email = 'admin@demo.local' RETURNING id`,
    [`Privacidad ${stamp}`, stamp],
  );
  adminSocket = await openSocket(t.baseUrl, adminToken, opened);
  agentSocket = await openSocket(t.baseUrl, agentToken, opened);
  adminSocket.onAny((event: string, payload: unknown) => adminSeen.push({ event, payload }));
  agentSocket.onAny((event: string, payload: unknown) => agentSeen.push({ event, payload }));

  // A new customer (newClient), given to the agent, who writes again and then changes number.
  await postText(OLD, `wamid.PRIV1${stamp}`, 'Hola, soy nuevo');
  [{ id: clientId }] = await t.ds.query(`SELECT id FROM clients WHERE "senderId" = $1`, [OLD]);
  await t.ds.query(`UPDATE clients SET "agentId" = $2 WHERE id = $1`, [clientId, agentId]);
  const agentHears = nextEvent(agentSocket, 'newMessage', 5000);
  await postText(OLD, `wamid.PRIV2${stamp}`, 'Sigo por aqui');
  await agentHears;
  const notice = whatsappFixture('message-system-number-change', {
    '972987654321': OLD,
    '972912345678': NEW,
    'wamid.xyzxyz==': `wamid.PRIV3${stamp}`,
  }).replace(/"timestamp": "\d+"/g, `"timestamp": "${now()}"`);
  const agentHearsNotice = nextEvent<{ message: { sender: string } }>(
    agentSocket,
    'newMessage',
    5000,
    (p) => p.message.sender === 'SYSTEM',
  );
  const adminHearsNotice = nextEvent<{ message: { sender: string } }>(
    adminSocket,
    'newMessage',
    5000,
    (p) => p.message.sender === 'SYSTEM',
  );
  expect((await postWhatsapp(t, notice)).status).toBe(200);
  await Promise.all([agentHearsNotice, adminHearsNotice]);
}, 60_000);

afterAll(async () => {
  for (const socket of opened) socket.close();
  if (t) {
    await t.ds.query(`UPDATE companies SET settings = $1 WHERE name = 'Demo'`, [demoSettings]);
    await t.close();
  }
});

describe('phone numbers are a permission (issue 15 §3)', () => {
  it('a user without canSeePhoneNumber never receives the number, in answers or socket events', async () => {
    const answers: unknown[] = [];
    await callEverything(agentToken, answers, true);
    // Let the actions' events arrive.
    await new Promise((r) => setTimeout(r, 500));
    expect(agentSeen.length).toBeGreaterThan(3);
    const events = new Set(agentSeen.map((e) => (e as { event: string }).event));
    for (const name of ['newMessage', 'newUserName', 'tagsUpdate', 'archived'])
      expect(events).toContain(name);
    expect(leaks(answers)).toEqual([]);
    expect(leaks(agentSeen)).toEqual([]);
    // Digits find nobody for it.
    const byDigits = await rest(agentToken, '/conversations_by_filter', {
      filterType: 'all',
      keyword: (await currentPhone()).slice(-8),
    });
    expect((byDigits.body.clients as Array<{ id: number }>).some((c) => c.id === clientId)).toBe(false);
    // But the name still finds the conversation.
    const byName = await rest(agentToken, '/conversations_by_filter', {
      filterType: 'all',
      keyword: `Privada ${stamp}`,
    });
    const found = (byName.body.clients as Array<{ id: number; senderId: string | null; key: string }>).find(
      (c) => c.id === clientId,
    );
    expect(found?.senderId).toBeNull();
    expect(found?.key).not.toContain(OLD_TAIL);
  });

  it('the admin, who has the permission, receives both numbers, and finds the conversation by digits', async () => {
    const answers: unknown[] = [];
    await callEverything(adminToken, answers, false);
    await new Promise((r) => setTimeout(r, 500));
    expect(leaks(answers).sort()).toEqual([OLD_TAIL, NEW_TAIL].sort());
    expect(leaks(adminSeen).sort()).toEqual([OLD_TAIL, NEW_TAIL].sort());
    const phone = await currentPhone();
    const byDigits = await rest(adminToken, '/conversations_by_filter', {
      filterType: 'all',
      keyword: phone.slice(-8),
    });
    const found = (byDigits.body.clients as Array<{ id: number; senderId: string }>).find(
      (c) => c.id === clientId,
    );
    expect(found?.senderId).toBe(phone);
  });
});

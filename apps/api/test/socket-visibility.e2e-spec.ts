import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login } from './helpers';
import { type InboxTestApp, startInboxTestApp } from './inbox-helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

/**
 * 02 §6 / ARCHITECTURE rule 2: a socket hears of a conversation exactly when its user may see that conversation,
 * i.e. when `messages(clientId)` answers for that user. Regression: a group admin's socket was in the company room
 * and heard of unassigned conversations and of the admin's own.
 */

type ViewerName =
  | 'admin'
  | 'superadmin'
  | 'groupadmin'
  | 'leader'
  | 'supervisor'
  | 'agente'
  | 'agent2'
  | 'otra';
type ConversationName = 'unassigned' | 'agente' | 'admin' | 'group' | 'agent2';

const VIEWERS: ViewerName[] = [
  'admin',
  'superadmin',
  'groupadmin',
  'leader',
  'supervisor',
  'agente',
  'agent2',
  'otra',
];
const CONVERSATIONS: ConversationName[] = ['unassigned', 'agente', 'admin', 'group', 'agent2'];

/**
 * Who sees what (02 §6), with leader a group admin administering agente and supervisor an admin administering
 * agent2: admins with isAdminOfIds are narrowed to their agents; a group admin sees its group and its agents.
 */
const SEES: Record<ConversationName, ViewerName[]> = {
  unassigned: ['admin', 'superadmin'],
  agente: ['admin', 'superadmin', 'leader', 'agente'],
  admin: ['admin', 'superadmin'],
  group: ['admin', 'superadmin', 'groupadmin'],
  agent2: ['admin', 'superadmin', 'supervisor', 'agent2'],
};

const PASSWORD = 'Segura123';

let t: InboxTestApp;
let demoSettings: unknown;
const opened: Socket[] = [];
const tokens = {} as Record<ViewerName, string>;
const ids = {} as Record<'admin' | 'agente' | 'groupadmin' | 'agent2' | 'leader' | 'supervisor', number>;

beforeAll(async () => {
  t = await startInboxTestApp();
  [{ settings: demoSettings }] = await t.ds.query(`SELECT settings FROM companies WHERE name = 'Demo'`);
  // Conversations stay as the test leaves them: no agent on duty picks up a new one.
  await t.ds.query(
    `UPDATE companies SET settings = settings || '{"automaticAssignment": false}'::jsonb WHERE name = 'Demo'`,
  );
  for (const name of ['admin', 'superadmin', 'groupadmin', 'agente'] as const)
    tokens[name] = await login(t, `${name}@demo.local`);
  tokens.otra = await login(t, 'admin@otra.local');
  const users: Array<{ id: number; email: string }> = await t.ds.query(
    `SELECT id, email FROM users WHERE email IN ('admin@demo.local', 'agente@demo.local', 'groupadmin@demo.local')`,
  );
  const idOf = (email: string) => users.find((u) => u.email === email)?.id ?? 0;
  ids.admin = idOf('admin@demo.local');
  ids.agente = idOf('agente@demo.local');
  ids.groupadmin = idOf('groupadmin@demo.local');

  const [demo] = await t.ds.query(
    `SELECT s.id AS "spaceId", u."companyId" FROM users u
       JOIN spaces s ON s."companyId" = u."companyId" AND s."isDefault" WHERE u.email = 'admin@demo.local'`,
  );
  const roles: Array<{ id: number; name: string }> = await t.ds.query(
    `SELECT id, name FROM roles WHERE "companyId" = $1`,
    [demo.companyId],
  );
  const roleId = (name: string) => String(roles.find((r) => r.name === name)?.id);
  const create = async (name: string, role: string, adminOf: number[]) => {
    const email = `${name}.${process.pid}.${Date.now() % 1_000_000}@visibility.test`;
    const req = t.http.post('/api/user').set('Authorization', `Bearer ${tokens.admin}`);
    const fields = {
      name: `Usuario ${name}`,
      email,
      phone: '5215512345678',
      rolId: roleId(role),
      password: PASSWORD,
      spacesIds: JSON.stringify([demo.spaceId]),
      isAdminOfIds: JSON.stringify(adminOf),
    };
    for (const [key, value] of Object.entries(fields)) req.field(key, value);
    const res = await req;
    if (res.status !== 201) throw new Error(`creating ${name}: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.id as number, token: await login(t, email, PASSWORD) };
  };
  const agent2 = await create('agent2', 'agente', []);
  const leader = await create('leader', 'groupadmin', [ids.agente]);
  // An admin administering nobody yet: the first test gives them agent2 through the team API.
  const supervisor = await create('supervisor', 'admin', []);
  ids.agent2 = agent2.id;
  ids.leader = leader.id;
  ids.supervisor = supervisor.id;
  tokens.agent2 = agent2.token;
  tokens.leader = leader.token;
  tokens.supervisor = supervisor.token;
});

afterAll(async () => {
  for (const s of opened) s.close();
  // The run's database is shared with the suites that follow: leave Demo's seats and settings as found.
  const created = `SELECT id FROM users WHERE email LIKE '%@visibility.test'`;
  await t.ds.query(`UPDATE clients SET "agentId" = NULL WHERE "agentId" IN (${created})`);
  await t.ds.query(`UPDATE clients SET "groupAdminId" = NULL WHERE "groupAdminId" IN (${created})`);
  await t.ds.query(`DELETE FROM users WHERE email LIKE '%@visibility.test'`);
  await t.ds.query(`UPDATE companies SET settings = $1 WHERE name = 'Demo'`, [demoSettings]);
  await t.close();
});

function closed(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket stayed open')), 3000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

let seq = 0;
/** A message written in by a contact (a new sender starts a new conversation), sent a moment ago. */
async function writeIn(from: string, text: string): Promise<void> {
  seq += 1;
  const body = whatsappFixture('message-text', {
    '16505551234': from,
    'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `wamid.VIS${from}.${seq}`,
    'Does it come in another color?': text,
  }).replace(/"timestamp": "\d+"/g, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
  expect((await postWhatsapp(t, body)).status).toBe(200);
}

/** Whether `messages(clientId)` answers for this user: the API's own visibility rule. */
async function answersMessages(viewer: ViewerName, clientId: number): Promise<boolean> {
  const res = await gql(t, tokens[viewer], 'query($id: Int!) { messages(clientId: $id) { id } }', {
    id: clientId,
  });
  return !res.errors && Array.isArray((res.data as { messages?: unknown } | null)?.messages);
}

describe('socket rooms follow 02 §6 visibility', () => {
  const sockets = {} as Record<ViewerName, Socket>;

  it("reconnects the sockets of a user whose isAdminOfIds changes, and keeps the others' open", async () => {
    for (const viewer of VIEWERS) sockets[viewer] = await openSocket(t.baseUrl, tokens[viewer], opened);
    const gone = closed(sockets.supervisor);
    const res = await t.http
      .put('/api/user')
      .set('Authorization', `Bearer ${tokens.admin}`)
      .field('id', String(ids.supervisor))
      .field('isAdminOfIds', JSON.stringify([ids.agent2]));
    expect(res.status).toBe(200);
    expect(res.body.isAdminOfIds).toEqual([ids.agent2]);
    expect(await gone).toBe('io server disconnect');
    // What the web client does on a server-side disconnect (lib/socket.ts): connect again, same token.
    const back = new Promise<void>((resolve) => sockets.supervisor.once('connect', () => resolve()));
    sockets.supervisor.connect();
    await back;
    expect(sockets.admin.connected).toBe(true);
    expect(sockets.leader.connected).toBe(true);
  });

  it('delivers newClient, newMessage and markAsRead exactly to the sockets whose user may see the conversation', async () => {
    const heard = {} as Record<ViewerName, string[]>;
    for (const viewer of VIEWERS) {
      heard[viewer] = [];
      for (const event of ['newClient', 'newMessage', 'markAsRead']) {
        sockets[viewer].on(event, (payload: { clientId?: number; client?: { id: number } }) => {
          heard[viewer].push(`${event}:${payload.clientId ?? payload.client?.id}`);
        });
      }
    }

    // Every conversation starts unassigned (newClient), then gets its owner and a second message (newMessage),
    // then an admin reads it (markAsRead).
    const clientIds = {} as Record<ConversationName, number>;
    const stamp = String(Date.now()).slice(-6);
    for (const [i, name] of CONVERSATIONS.entries()) {
      const from = `5215577${stamp}${i}`;
      await writeIn(from, 'Hola');
      const [row] = await t.ds.query(`SELECT id FROM clients WHERE "senderId" = $1`, [from]);
      clientIds[name] = row.id;
    }
    const owners: Record<ConversationName, { agentId: number | null; groupAdminId: number | null }> = {
      unassigned: { agentId: null, groupAdminId: null },
      agente: { agentId: ids.agente, groupAdminId: null },
      admin: { agentId: ids.admin, groupAdminId: null },
      group: { agentId: null, groupAdminId: ids.groupadmin },
      agent2: { agentId: ids.agent2, groupAdminId: null },
    };
    for (const name of CONVERSATIONS) {
      const { agentId, groupAdminId } = owners[name];
      await t.ds.query(`UPDATE clients SET "agentId" = $2, "groupAdminId" = $3 WHERE id = $1`, [
        clientIds[name],
        agentId,
        groupAdminId,
      ]);
      const [{ senderId }] = await t.ds.query(`SELECT "senderId" FROM clients WHERE id = $1`, [
        clientIds[name],
      ]);
      await writeIn(senderId, '¿Siguen ahí?');
      const read = await gql(t, tokens.admin, 'mutation($id: Int!) { markConversationRead(clientId: $id) }', {
        id: clientIds[name],
      });
      expect(read.errors).toBeUndefined();
    }

    // The API's rule, asked through GraphQL, is the oracle; it also has to match 02 §6 as written above.
    const expected = {} as Record<ViewerName, string[]>;
    for (const viewer of VIEWERS) {
      expected[viewer] = [];
      for (const name of CONVERSATIONS) {
        const answers = await answersMessages(viewer, clientIds[name]);
        expect({ viewer, conversation: name, answers }).toEqual({
          viewer,
          conversation: name,
          answers: SEES[name].includes(viewer),
        });
        if (!answers) continue;
        const id = clientIds[name];
        // newClient went out while every conversation was still unassigned.
        if (SEES.unassigned.includes(viewer)) expected[viewer].push(`newClient:${id}`);
        expected[viewer].push(`newMessage:${id}`, `markAsRead:${id}`);
      }
      expected[viewer].sort();
    }

    const ours = new Set(Object.values(clientIds).map(String));
    const received = (viewer: ViewerName) =>
      heard[viewer].filter((entry) => ours.has(entry.split(':')[1] ?? '')).sort();
    // Presence: wait until every expected event arrived; absence: then a short while more for strays.
    const deadline = Date.now() + 5000;
    while (
      Date.now() < deadline &&
      VIEWERS.some((viewer) => !expected[viewer].every((entry) => heard[viewer].includes(entry)))
    ) {
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, 400));
    for (const viewer of VIEWERS)
      expect({ viewer, events: received(viewer) }).toEqual({ viewer, events: expected[viewer] });
  });

  it('still sends company-wide events to admins, superadmins and group admins, whatever they administer', async () => {
    const aboutAgente = (payload: { userId: number }) => payload.userId === ids.agente;
    const toCompany: ViewerName[] = ['admin', 'superadmin', 'groupadmin', 'leader', 'supervisor'];
    const heardBy = toCompany.map((viewer) =>
      nextEvent(sockets[viewer], 'updateUserData', 3000, aboutAgente),
    );
    const notOthers = (['agent2', 'otra'] as const).map((viewer) =>
      nextEvent(sockets[viewer], 'updateUserData', 400, aboutAgente).then(
        () => false,
        () => true,
      ),
    );
    const res = await gql(t, tokens.agente, 'mutation { setAvailability(isAvailable: true) { id } }');
    expect(res.errors).toBeUndefined();
    for (const event of await Promise.all(heardBy)) expect(event).toMatchObject({ userId: ids.agente });
    expect(await Promise.all(notOthers)).toEqual([true, true]);
  });
});

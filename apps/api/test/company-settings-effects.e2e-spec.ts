import type { CompanySettings } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gql, login } from './helpers';
import { type InboxTestApp, newWhatsappConversation, startInboxTestApp } from './inbox-helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

// What the Empresa tab's switches change in the inbox (02 §3 Company settings). They act on the Demo company, so
// every test puts the settings and the team's availability back as they were.
let t: InboxTestApp;
let admin: string;
let demoId: number;
let agenteId: number;
let savedSettings: Partial<CompanySettings>;

beforeAll(async () => {
  t = await startInboxTestApp();
  admin = await login(t, 'admin@demo.local');
  const [row] = await t.ds.query(
    `SELECT u.id, u."companyId", c.settings FROM users u JOIN companies c ON c.id = u."companyId"
      WHERE u.email = 'agente@demo.local'`,
  );
  agenteId = row.id;
  demoId = row.companyId;
  savedSettings = row.settings;
});

afterEach(async () => {
  await t.ds.query(`UPDATE companies SET settings = $2 WHERE id = $1`, [
    demoId,
    JSON.stringify(savedSettings),
  ]);
  await t.ds.query(`UPDATE users SET "isAvailable" = true WHERE "companyId" = $1`, [demoId]);
  await t.ds.query(`DELETE FROM user_working_hours WHERE "userId" = $1`, [agenteId]);
});

const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

async function setting(change: Partial<CompanySettings>): Promise<void> {
  const res = await gql(
    t,
    admin,
    `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { automaticAssignment } }`,
    { input: change },
  );
  expect(res.errors).toBeUndefined();
}

async function conversation(id: number): Promise<{ agentId: number | null; isArchived: boolean }> {
  const [row] = await t.ds.query(`SELECT "agentId", "isArchived" FROM clients WHERE id = $1`, [id]);
  return row;
}

/** Every user of Demo who could take conversations, apart from agente@demo.local, is made unavailable. */
async function onlyAgenteOnDuty(): Promise<void> {
  await t.ds.query(`UPDATE users SET "isAvailable" = (id = $2) WHERE "companyId" = $1`, [demoId, agenteId]);
}

describe('automaticAssignment', () => {
  it('gives a new conversation to the available agent of the channel, and none when it is off', async () => {
    await onlyAgenteOnDuty();
    const off = await newWhatsappConversation(t);
    expect((await conversation(off)).agentId).toBeNull();

    await setting({ automaticAssignment: true });
    const on = await newWhatsappConversation(t);
    expect((await conversation(on)).agentId).toBe(agenteId);
    const res = await gql<{ conversation: { agent: { id: number } | null } }>(
      t,
      await login(t, 'agente@demo.local'),
      `query($id: Int!) { conversation(clientId: $id) { agent { id } } }`,
      { id: on },
    );
    expect(res.data?.conversation.agent?.id).toBe(agenteId);
  });

  it('leaves it unassigned when the agent is outside their working hours or unavailable', async () => {
    await setting({ automaticAssignment: true });
    await onlyAgenteOnDuty();
    // A schedule whose only working day is not today in the agent's zone.
    const today = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Bogota', weekday: 'long' })
      .format(new Date())
      .toLowerCase();
    const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
      (day) => ({
        day,
        isActive: day !== today && day === (today === 'monday' ? 'tuesday' : 'monday'),
        start: '00:00',
        end: '23:59',
      }),
    );
    await t.ds.query(
      `INSERT INTO user_working_hours ("userId", timezone, "isActive", days) VALUES ($1, 'America/Bogota', true, $2)`,
      [agenteId, JSON.stringify(days)],
    );
    const outside = await newWhatsappConversation(t);
    expect((await conversation(outside)).agentId).toBeNull();

    await t.ds.query(`DELETE FROM user_working_hours WHERE "userId" = $1`, [agenteId]);
    await t.ds.query(`UPDATE users SET "isAvailable" = false WHERE id = $1`, [agenteId]);
    const nobody = await newWhatsappConversation(t);
    expect((await conversation(nobody)).agentId).toBeNull();
  });
});

describe('canReturnInboxConversation', () => {
  async function writeAgain(clientId: number): Promise<void> {
    const [row] = await t.ds.query(`SELECT "senderId" FROM clients WHERE id = $1`, [clientId]);
    const body = whatsappFixture('message-text', {
      '16505551234': row.senderId,
      'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `wamid.AGAIN${row.senderId}${Date.now()}`,
    }).replace(/"timestamp": "\d+"/g, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
    expect((await postWhatsapp(t, body)).status).toBe(200);
  }

  it('brings an archived conversation back when the customer writes, unless it is off', async () => {
    const id = await newWhatsappConversation(t);
    await t.ds.query(`UPDATE clients SET "isArchived" = true WHERE id = $1`, [id]);
    await writeAgain(id);
    expect((await conversation(id)).isArchived).toBe(false);

    await setting({ canReturnInboxConversation: false });
    await t.ds.query(`UPDATE clients SET "isArchived" = true WHERE id = $1`, [id]);
    await writeAgain(id);
    expect((await conversation(id)).isArchived).toBe(true);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM messages WHERE "clientId" = $1`, [id]);
    expect(n).toBe(3);
  });
});

describe('isAgentNameInMessageActive', () => {
  const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { id content } }`;

  it("starts the agent's texts with their name, as the customer receives them", async () => {
    const id = await newWhatsappConversation(t);
    const plain = await gql<{ sendMessage: { content: string } }>(t, admin, SEND, {
      input: { clientId: id, text: 'Hola' },
    });
    expect(plain.data?.sendMessage.content).toBe('Hola');

    await setting({ isAgentNameInMessageActive: true });
    const signed = await gql<{ sendMessage: { content: string } }>(t, admin, SEND, {
      input: { clientId: id, text: '¿En qué te ayudo?' },
    });
    expect(signed.data?.sendMessage.content).toBe('*Andrea Admin*:\n¿En qué te ayudo?');
    const deadline = Date.now() + 5000;
    const signedRequest = () => t.graph.requests.find((r) => r.body.includes('Andrea Admin'));
    while (!signedRequest() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const sent = JSON.parse(signedRequest()?.body ?? '{}');
    expect(sent.text.body).toBe('*Andrea Admin*:\n¿En qué te ayudo?');
  });
});

describe('forceActiveAgentsReassignation', () => {
  it('refuses an unavailable agent only when the setting is on', async () => {
    const id = await newWhatsappConversation(t);
    await t.ds.query(`UPDATE users SET "isAvailable" = false WHERE id = $1`, [agenteId]);
    const reassign = () =>
      t.http
        .post('/api/reassign-agent')
        .set('Authorization', `Bearer ${admin}`)
        .send({ clientId: id, agentId: agenteId });

    await setting({ forceActiveAgentsReassignation: true, isShowActiveAgents: true });
    const agente = await login(t, 'agente@demo.local');
    const seen = await gql<{ reassignSettings: { showAvailability: boolean; onlyAvailable: boolean } }>(
      t,
      agente,
      '{ reassignSettings { showAvailability onlyAvailable } }',
    );
    expect(seen.data?.reassignSettings).toEqual({ showAvailability: true, onlyAvailable: true });
    const refused = await reassign();
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'agentId', userMessage: 'El agente no está disponible.' });
    expect((await conversation(id)).agentId).toBeNull();

    await setting({ forceActiveAgentsReassignation: false });
    expect((await reassign()).status).toBe(200);
    expect((await conversation(id)).agentId).toBe(agenteId);
  });
});

describe('the agent permission (02 §6: it marks who may be given conversations)', () => {
  it('lists each user with isAgent and refuses to give a conversation to a user whose role lacks it', async () => {
    const id = await newWhatsappConversation(t);
    const [role] = await t.ds.query(
      `INSERT INTO roles ("companyId", name, key) VALUES ($1, 'Supervisión', $2) RETURNING id`,
      [demoId, `${demoId}:supervision-test`],
    );
    await t.ds.query(
      `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions WHERE name = 'readChat'`,
      [role.id],
    );
    const [watcher] = await t.ds.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash")
       SELECT "companyId", $1, 'Sara Supervisión', 'supervision-test@demo.local', "passwordHash" FROM users WHERE id = $2
       RETURNING id`,
      [role.id, agenteId],
    );
    // In the conversation's space, so only the permission stands between her and the conversation.
    await t.ds.query(
      `INSERT INTO user_spaces ("userId", "spaceId") SELECT $1, us."spaceId" FROM user_spaces us WHERE us."userId" = $2`,
      [watcher.id, agenteId],
    );
    try {
      const listed = await gql<{ agents: Array<{ id: number; isAgent: boolean }> }>(
        t,
        admin,
        '{ agents { id isAgent } }',
      );
      const flag = (userId: number) => listed.data?.agents.find((a) => a.id === userId)?.isAgent;
      expect(flag(watcher.id)).toBe(false);
      expect(flag(agenteId)).toBe(true);

      const refused = await t.http
        .post('/api/reassign-agent')
        .set('Authorization', `Bearer ${admin}`)
        .send({ clientId: id, agentId: watcher.id });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        field: 'agentId',
        userMessage: 'Este usuario no puede recibir conversaciones: su rol no tiene el permiso de agente.',
      });
      expect((await conversation(id)).agentId).toBeNull();
    } finally {
      await t.ds.query(`DELETE FROM user_spaces WHERE "userId" = $1`, [watcher.id]);
      await t.ds.query(`DELETE FROM users WHERE id = $1`, [watcher.id]);
      await t.ds.query(`DELETE FROM role_permissions WHERE "roleId" = $1`, [role.id]);
      await t.ds.query(`DELETE FROM roles WHERE id = $1`, [role.id]);
    }
  });
});

describe('isShowGroupsAtReassign', () => {
  it("gives a conversation to a group admin's group only when the setting is on", async () => {
    const id = await newWhatsappConversation(t, { agentId: agenteId });
    const [leader] = await t.ds.query(`SELECT id FROM users WHERE email = 'groupadmin@demo.local'`);
    const toGroup = (body: object) =>
      t.http
        .post('/api/reassign-agent')
        .set('Authorization', `Bearer ${admin}`)
        .send({ clientId: id, ...body });

    const off = await toGroup({ groupAdminId: leader.id });
    expect(off.status).toBe(400);
    expect(off.body).toMatchObject({
      field: 'groupAdminId',
      userMessage: 'La reasignación a grupos está desactivada.',
    });

    await setting({ isShowGroupsAtReassign: true });
    expect((await toGroup({ groupAdminId: agenteId })).body.field).toBe('groupAdminId');
    expect((await toGroup({ groupAdminId: leader.id, agentId: agenteId })).status).toBe(400);
    const groupadmin = await login(t, 'groupadmin@demo.local');
    // 02 §7 groupAdmin: the group's admin hears at once that the conversation is the group's.
    const leaderSocket = await openSocket(t.baseUrl, groupadmin, sockets);
    const announced = nextEvent<{ clientId: number; groupAdminId: number; client: { groupAdminId: number } }>(
      leaderSocket,
      'groupAdmin',
      3000,
      (payload) => payload.clientId === id,
    );
    const given = await toGroup({ groupAdminId: leader.id });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ agentId: null, groupAdminId: leader.id });
    expect(await announced).toMatchObject({
      clientId: id,
      groupAdminId: leader.id,
      client: { id, agentId: null, groupAdminId: leader.id },
    });
    const seen = await gql<{ conversation: { id: number } }>(
      t,
      groupadmin,
      'query($id: Int!) { conversation(clientId: $id) { id } }',
      { id },
    );
    expect(seen.data?.conversation.id).toBe(id);
    const settings = await gql<{ reassignSettings: { showGroups: boolean } }>(
      t,
      admin,
      '{ reassignSettings { showGroups } }',
    );
    expect(settings.data?.reassignSettings.showGroups).toBe(true);
  });
});

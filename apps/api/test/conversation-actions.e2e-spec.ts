import { createHmac } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/common/crypto/secret-box';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config';
import { FakeCrm } from './fake-crm';
import { gql, login } from './helpers';
import { type InboxTestApp, newWhatsappConversation, startInboxTestApp } from './inbox-helpers';
import { openSocket } from './socket-helpers';
import { type TestSql } from './sql';

let t: InboxTestApp;
let ds: TestSql;
let admin: string;
let agente: string;
let otherAdmin: string;
let agenteId: number;
let adminId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startInboxTestApp();
  ds = t.ds;
  admin = await login(t, 'admin@demo.local');
  agente = await login(t, 'agente@demo.local');
  otherAdmin = await login(t, 'admin@otra.local');
  const users = await ds.query(
    `SELECT id, email FROM users WHERE email IN ('agente@demo.local', 'admin@demo.local')`,
  );
  agenteId = users.find((u: { email: string }) => u.email === 'agente@demo.local').id;
  adminId = users.find((u: { email: string }) => u.email === 'admin@demo.local').id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

/** A fresh WhatsApp conversation in Demo, written in by webhook a moment ago (reply window open). */
function newConversation(agentId: number | null = null): Promise<number> {
  return newWhatsappConversation(t, { agentId });
}

function connect(token: string): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

/** The next `event` whose payload names this conversation. */
function nextFor<T>(socket: Socket, event: string, clientId: number, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} for ${clientId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: T) => {
      const named = payload as { clientId?: number; client?: { id: number } };
      if ((named.clientId ?? named.client?.id) !== clientId) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

function noneFor(socket: Socket, event: string, clientId: number, ms = 400): Promise<boolean> {
  return nextFor(socket, event, clientId, ms).then(
    () => false,
    () => true,
  );
}

const VIEW =
  'id agentId agent { id name } tags { id name color } isArchived isConversationValuable isClosed hasFollowUpMessage name category { id name }';

describe('reassign', () => {
  it('moves the conversation to another agent, tags it Reasignada, and the old agent loses it live', async () => {
    const clientId = await newConversation(agenteId);
    const agentSocket = await connect(agente);
    const adminSocket = await connect(admin);
    const lost = nextFor<{ agentId: number }>(agentSocket, 'unassignClient', clientId);
    const seen = nextFor<{ reason: string; client: { agentId: number } }>(
      adminSocket,
      'openClient',
      clientId,
    );

    const res = await t.http
      .post('/api/reassign-agent')
      .set('Authorization', `Bearer ${admin}`)
      .send({ clientId, agentId: adminId });
    expect(res.status).toBe(200);
    expect(res.body.agentId).toBe(adminId);
    expect(res.body.agent.name).toBe('Andrea Admin');
    expect(res.body.tags.map((tag: { name: string }) => tag.name)).toContain('Reasignada');
    // 02 §3 tags (id, name, color, isDefault, key): 'Reasignada' is a predefined tag.
    const [companyId] = await ds.query(`SELECT "companyId" FROM clients WHERE id = $1`, [clientId]);
    expect(res.body.tags.find((tag: { name: string }) => tag.name === 'Reasignada')).toMatchObject({
      isDefault: true,
      key: expect.stringContaining(String(companyId.companyId)),
    });
    expect((await lost).agentId).toBe(agenteId);
    const changed = await seen;
    expect(changed.reason).toBe('reassigned');
    expect(changed.client.agentId).toBe(adminId);

    // The agent no longer sees it at all.
    const again = await t.http
      .post('/api/reassign-agent')
      .set('Authorization', `Bearer ${agente}`)
      .send({ clientId, agentId: agenteId });
    expect(again.status).toBe(403);
    const gone = await gql(t, agente, `query { conversation(clientId: ${clientId}) { id } }`);
    expect(gone.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses without reasignConversations, another company, an unknown agent, and bad input', async () => {
    const clientId = await newConversation(agenteId);
    const denied = await t.http
      .post('/api/reassign-agent')
      .set('Authorization', `Bearer ${agente}`)
      .send({ clientId, agentId: adminId });
    expect(denied.status).toBe(403);
    const foreign = await t.http
      .post('/api/reassign-agent')
      .set('Authorization', `Bearer ${otherAdmin}`)
      .send({ clientId, agentId: null });
    expect(foreign.status).toBe(403);
    const [otra] = await ds.query(`SELECT id FROM users WHERE email = 'admin@otra.local'`);
    const unknown = await t.http
      .post('/api/reassign-agent')
      .set('Authorization', `Bearer ${admin}`)
      .send({ clientId, agentId: otra.id });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('agentId');
    const bad = await t.http
      .post('/api/reassign-agent')
      .set('Authorization', `Bearer ${admin}`)
      .send({ clientId: 'x', agentId: adminId });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('clientId');
    const [row] = await ds.query(`SELECT "agentId" FROM clients WHERE id = $1`, [clientId]);
    expect(row.agentId).toBe(agenteId);
  });

  it("leaves a conversation 'Sin asignar' with agentId null", async () => {
    const clientId = await newConversation(agenteId);
    const res = await gql<{ reassignConversation: { agentId: number | null; agent: null } }>(
      t,
      admin,
      `mutation { reassignConversation(clientId: ${clientId}, agentId: null) { ${VIEW} } }`,
    );
    expect(res.data?.reassignConversation.agentId).toBeNull();
    expect(res.data?.reassignConversation.agent).toBeNull();
  });
});

describe('tags', () => {
  it('tags and untags with tagConversations, emits tagsUpdate, and refuses another company’s tag', async () => {
    const clientId = await newConversation(agenteId);
    const [demo] = await ds.query(`SELECT "companyId" FROM clients WHERE id = $1`, [clientId]);
    const [tag] = await ds.query(
      `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, 'Prueba acciones', '#1677ff', $2)
       ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [demo.companyId, `${demo.companyId}-prueba acciones`],
    );
    const agentSocket = await connect(agente);
    const update = nextFor<{ tags: Array<{ name: string }> }>(agentSocket, 'tagsUpdate', clientId);
    const added = await gql(
      t,
      agente,
      `mutation { addTagToConversation(clientId: ${clientId}, tagId: ${tag.id}) { ${VIEW} } }`,
    );
    expect(added.errors).toBeUndefined();
    expect((await update).tags.map((x) => x.name)).toEqual(['Prueba acciones']);
    // Twice is a no-op, not a duplicate.
    await gql(t, agente, `mutation { addTagToConversation(clientId: ${clientId}, tagId: ${tag.id}) { id } }`);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM client_tags WHERE "clientId" = $1`, [
      clientId,
    ]);
    expect(n).toBe(1);

    const [otraCompany] = await ds.query(`SELECT id FROM companies WHERE name = 'Otra'`);
    const [foreignTag] = await ds.query(
      `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, 'Ajena', '#000000', $2)
       ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [otraCompany.id, `${otraCompany.id}-ajena`],
    );
    const refused = await gql(
      t,
      admin,
      `mutation { addTagToConversation(clientId: ${clientId}, tagId: ${foreignTag.id}) { id } }`,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');

    const removed = await gql<{ removeTagFromConversation: { tags: unknown[] } }>(
      t,
      agente,
      `mutation { removeTagFromConversation(clientId: ${clientId}, tagId: ${tag.id}) { tags { id } } }`,
    );
    expect(removed.data?.removeTagFromConversation.tags).toEqual([]);
  });
});

describe('archive, valuable, follow-up flag, rename, category, close', () => {
  it('archives and unarchives with the archived event', async () => {
    const clientId = await newConversation(agenteId);
    const agentSocket = await connect(agente);
    const event = nextFor<{ isArchived: boolean }>(agentSocket, 'archived', clientId);
    const res = await gql<{ setConversationArchived: { isArchived: boolean } }>(
      t,
      agente,
      `mutation { setConversationArchived(clientId: ${clientId}, archived: true) { isArchived } }`,
    );
    expect(res.data?.setConversationArchived.isArchived).toBe(true);
    expect((await event).isArchived).toBe(true);
    // The archived filter now lists it; the normal one does not.
    const archived = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${agente}`)
      .send({ filterType: 'archived', first: 100 });
    expect(archived.body.clients.map((c: { id: number }) => c.id)).toContain(clientId);
    const back = await gql<{ setConversationArchived: { isArchived: boolean } }>(
      t,
      agente,
      `mutation { setConversationArchived(clientId: ${clientId}, archived: false) { isArchived } }`,
    );
    expect(back.data?.setConversationArchived.isArchived).toBe(false);
  });

  it('refuses unarchiving to non-admins when the company turned it off', async () => {
    const clientId = await newConversation(agenteId);
    const [{ companyId }] = await ds.query(`SELECT "companyId" FROM clients WHERE id = $1`, [clientId]);
    await ds.query(`UPDATE clients SET "isArchived" = true WHERE id = $1`, [clientId]);
    await ds.query(
      `UPDATE companies SET settings = settings || '{"canUnarchiveConversations": false}' WHERE id = $1`,
      [companyId],
    );
    try {
      const refused = await gql(
        t,
        agente,
        `mutation { setConversationArchived(clientId: ${clientId}, archived: false) { id } }`,
      );
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const allowed = await gql(
        t,
        admin,
        `mutation { setConversationArchived(clientId: ${clientId}, archived: false) { isArchived } }`,
      );
      expect(allowed.errors).toBeUndefined();
    } finally {
      await ds.query(`UPDATE companies SET settings = settings - 'canUnarchiveConversations' WHERE id = $1`, [
        companyId,
      ]);
    }
  });

  it('marks valuable, flags follow-up, renames and sets a category, each emitted', async () => {
    const clientId = await newConversation(agenteId);
    const adminSocket = await connect(admin);
    const valuable = nextFor<{ isConversationValuable: boolean }>(
      adminSocket,
      'conversationValuable',
      clientId,
    );
    await gql(
      t,
      agente,
      `mutation { setConversationValuable(clientId: ${clientId}, valuable: true) { id } }`,
    );
    expect((await valuable).isConversationValuable).toBe(true);

    const followUp = nextFor<{ reason: string; client: { hasFollowUpMessage: boolean } }>(
      adminSocket,
      'openClient',
      clientId,
    );
    await gql(
      t,
      agente,
      `mutation { setConversationFollowUp(clientId: ${clientId}, followUp: true) { id } }`,
    );
    expect((await followUp).client.hasFollowUpMessage).toBe(true);

    const renamed = nextFor<{ name: string }>(adminSocket, 'newUserName', clientId);
    const rename = await gql<{ renameConversation: { name: string } }>(
      t,
      agente,
      `mutation { renameConversation(clientId: ${clientId}, name: "  José Pérez ") { name } }`,
    );
    expect(rename.data?.renameConversation.name).toBe('José Pérez');
    expect((await renamed).name).toBe('José Pérez');
    const [row] = await ds.query(`SELECT "cleanedName", "senderId" FROM clients WHERE id = $1`, [clientId]);
    expect(row.cleanedName).toBe(`joseperez${row.senderId}`);
    const empty = await gql(
      t,
      agente,
      `mutation { renameConversation(clientId: ${clientId}, name: "  ") { id } }`,
    );
    expect(empty.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');

    const [category] = await ds.query(
      `SELECT id FROM categories WHERE "companyId" = (SELECT "companyId" FROM clients WHERE id = $1) LIMIT 1`,
      [clientId],
    );
    const set = await gql<{ setConversationCategory: { category: { id: number } } }>(
      t,
      agente,
      `mutation { setConversationCategory(clientId: ${clientId}, categoryId: ${category.id}) { category { id name } } }`,
    );
    expect(set.data?.setConversationCategory.category.id).toBe(category.id);
  });

  it('closes with the channel survey when asked, archiving when the company says so', async () => {
    const clientId = await newConversation(agenteId);
    const [{ companyId, channelId }] = await ds.query(
      `SELECT "companyId", "channelId" FROM clients WHERE id = $1`,
      [clientId],
    );
    await ds.query(
      `INSERT INTO survey_configs ("companyId", "channelId", "initText", options) VALUES ($1, $2, '¿Cómo te atendimos?',
        '[{"id":1,"text":"Bien","value":1,"index":0,"endText":"¡Gracias!"},{"id":2,"text":"Mal","value":2,"index":1,"endText":"Lo sentimos"}]')
       ON CONFLICT ("channelId") DO UPDATE SET "initText" = EXCLUDED."initText", options = EXCLUDED.options, "isActive" = true`,
      [companyId, channelId],
    );
    const options = await gql<{ closeOptions: Record<string, boolean> }>(
      t,
      agente,
      `{ closeOptions(clientId: ${clientId}) { canClose surveyAvailable surveyByDefault } }`,
    );
    expect(options.data?.closeOptions).toEqual({
      canClose: true,
      surveyAvailable: true,
      surveyByDefault: false,
    });
    await ds.query(
      `UPDATE companies SET settings = settings || '{"archiveClosedClientByDefault": true}' WHERE id = $1`,
      [companyId],
    );
    try {
      const res = await gql<{
        closeConversation: { surveySent: boolean; client: { isClosed: boolean; isArchived: boolean } };
      }>(
        t,
        agente,
        `mutation { closeConversation(clientId: ${clientId}, sendSurvey: true) { surveySent client { isClosed isArchived } } }`,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data?.closeConversation).toEqual({
        surveySent: true,
        client: { isClosed: true, isArchived: true },
      });
      const [survey] = await ds.query(
        `SELECT content FROM messages WHERE "clientId" = $1 AND sender <> 'CLIENT' ORDER BY id DESC LIMIT 1`,
        [clientId],
      );
      expect(survey.content).toBe('¿Cómo te atendimos?\n\n1. Bien\n2. Mal');
    } finally {
      await ds.query(
        `UPDATE companies SET settings = settings - 'archiveClosedClientByDefault' WHERE id = $1`,
        [companyId],
      );
    }
    const reopened = await gql<{ reopenConversation: { isClosed: boolean } }>(
      t,
      agente,
      `mutation { reopenConversation(clientId: ${clientId}) { isClosed } }`,
    );
    expect(reopened.data?.reopenConversation.isClosed).toBe(false);
  });
});

describe('delete conversation', () => {
  it('deletes with deleteConversations only, with its messages, and emits deleteConversation', async () => {
    const clientId = await newConversation(agenteId);
    const denied = await t.http
      .post('/api/delete-conversation')
      .set('Authorization', `Bearer ${agente}`)
      .send({ clientId });
    expect(denied.status).toBe(403);
    const foreign = await t.http
      .post('/api/delete-conversation')
      .set('Authorization', `Bearer ${otherAdmin}`)
      .send({ clientId });
    expect(foreign.status).toBe(403);
    const agentSocket = await connect(agente);
    const event = nextFor(agentSocket, 'deleteConversation', clientId);
    const res = await t.http
      .post('/api/delete-conversation')
      .set('Authorization', `Bearer ${admin}`)
      .send({ clientId });
    expect(res.status).toBe(200);
    expect(res.body.deleted).toEqual([clientId]);
    await event;
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM messages WHERE "clientId" = $1`, [
      clientId,
    ]);
    expect(n).toBe(0);
    const missing = await t.http
      .post('/api/delete-conversation')
      .set('Authorization', `Bearer ${admin}`)
      .send({ clientId });
    expect(missing.status).toBe(404);
  });

  it('deletes several through GraphQL, and never another company’s', async () => {
    const a = await newConversation(agenteId);
    const b = await newConversation(agenteId);
    const foreign = await gql(t, otherAdmin, `mutation { deleteConversations(clientIds: [${a}]) }`);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const res = await gql<{ deleteConversations: number[] }>(
      t,
      admin,
      `mutation { deleteConversations(clientIds: [${a}, ${b}]) }`,
    );
    expect(res.data?.deleteConversations.sort()).toEqual([a, b].sort());
  });
});

describe('POST /api/sendToCRM', () => {
  let crm: FakeCrm;
  beforeAll(async () => {
    crm = await FakeCrm.start();
  });
  afterAll(async () => {
    await crm.close();
  });

  it('posts the contact signed with HMAC-SHA256, and answers the spec’s error when the CRM fails', async () => {
    const clientId = await newConversation(agenteId);
    const [{ companyId }] = await ds.query(`SELECT "companyId" FROM clients WHERE id = $1`, [clientId]);
    const config = t.app.get<AppConfig>(APP_CONFIG);
    await ds.query(`UPDATE companies SET "crmWebhookUrl" = NULL WHERE id = $1`, [companyId]);
    const unconfigured = await t.http
      .post('/api/sendToCRM')
      .set('Authorization', `Bearer ${agente}`)
      .send({ clientId });
    expect(unconfigured.status).toBe(400);
    expect(unconfigured.body.userMessage).toBe('Error al enviar información al CRM');

    await ds.query(`UPDATE companies SET "crmWebhookUrl" = $2, "crmWebhookSecret" = $3 WHERE id = $1`, [
      companyId,
      crm.url,
      new SecretBox(config.encryptionKey).seal('crm-secreto'),
    ]);
    try {
      crm.reset();
      crm.status = 200;
      const ok = await t.http
        .post('/api/sendToCRM')
        .set('Authorization', `Bearer ${agente}`)
        .send({ clientId });
      expect(ok.status).toBe(200);
      expect(crm.received).toHaveLength(1);
      const { body, signature } = crm.received[0];
      expect(signature).toBe(`sha256=${createHmac('sha256', 'crm-secreto').update(body).digest('hex')}`);
      expect(JSON.parse(body).contact.id).toBe(clientId);
      // 02 §7 POST /addVinteInfo {clientId}: the same hand-over to the company's system.
      const vinte = await t.http
        .post('/api/addVinteInfo')
        .set('Authorization', `Bearer ${agente}`)
        .send({ clientId });
      expect(vinte.status).toBe(200);
      expect(crm.received).toHaveLength(2);
      expect(JSON.parse(crm.received[1].body).contact.id).toBe(clientId);

      crm.status = 500;
      const failed = await t.http
        .post('/api/sendToCRM')
        .set('Authorization', `Bearer ${agente}`)
        .send({ clientId });
      expect(failed.status).toBe(400);
      expect(failed.body.code).toBe('ERROR_SENDING_TO_CRM');
      expect(failed.body.userMessage).toBe('Error al enviar información al CRM');
      const vinteFailed = await t.http
        .post('/api/addVinteInfo')
        .set('Authorization', `Bearer ${agente}`)
        .send({ clientId });
      expect(vinteFailed.body).toMatchObject({
        code: 'ERROR_SENDING_TO_CRM',
        userMessage: 'Error al enviar información al CRM',
      });
      const foreign = await t.http
        .post('/api/sendToCRM')
        .set('Authorization', `Bearer ${otherAdmin}`)
        .send({ clientId });
      expect(foreign.status).toBe(403);
    } finally {
      await ds.query(`UPDATE companies SET "crmWebhookUrl" = NULL, "crmWebhookSecret" = NULL WHERE id = $1`, [
        companyId,
      ]);
    }
  });
});

describe('conversation list rows', () => {
  it('carry agent, tags and category, and agents never get events of others’ conversations', async () => {
    const mine = await newConversation(agenteId);
    const theirs = await newConversation(adminId);
    const list = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${agente}`)
      .send({ filterType: 'assigned', first: 50 });
    const row = list.body.clients.find((c: { id: number }) => c.id === mine);
    expect(row.agent).toEqual({ id: agenteId, name: 'Ana Agente', imageUrl: null });
    expect(row.tags).toEqual([]);
    expect(list.body.clients.some((c: { id: number }) => c.id === theirs)).toBe(false);
    const agentSocket = await connect(agente);
    const quiet = noneFor(agentSocket, 'conversationValuable', theirs);
    await gql(t, admin, `mutation { setConversationValuable(clientId: ${theirs}, valuable: true) { id } }`);
    expect(await quiet).toBe(true);
  });

  it('offers the listed space’s channels as the channel filter, and the filter narrows the list', async () => {
    const res = await gql<{ inboxChannels: Array<{ id: number; name: string; platform: string }> }>(
      t,
      agente,
      '{ inboxChannels { id name platform } }',
    );
    const names = res.data?.inboxChannels.map((c) => c.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['Canal de prueba', 'WhatsApp Demo']));
    const whatsapp = res.data?.inboxChannels.find((c) => c.name === 'WhatsApp Demo');
    const list = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${admin}`)
      .send({ filterType: 'all', channelsIds: [whatsapp?.id], first: 100 });
    expect(list.body.clients.length).toBeGreaterThan(0);
    expect(list.body.clients.every((c: { channel: { id: number } }) => c.channel.id === whatsapp?.id)).toBe(
      true,
    );
  });
});

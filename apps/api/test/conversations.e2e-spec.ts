import { PAGE_SIZES } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeProviderServer } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

let t: TestApp;
let graph: FakeProviderServer;
let ds: TestSql;
let admin: string;
beforeAll(async () => {
  graph = await FakeProviderServer.start({
    status: 200,
    body: { messaging_product: 'whatsapp', contacts: [], messages: [{ id: 'wamid.FAKE-DEFAULT' }] },
  });
  t = await startTestApp({ JOB_POLL_MS: '50', WHATSAPP_GRAPH_URL: `${graph.url}/v23.0` });
  ds = testSql();
  admin = await login(t, 'admin@demo.local');
});
afterAll(async () => {
  await t.close();
  await graph.close();
});

let seq = 0;
async function inbound(name: string, text = 'Hola'): Promise<{ from: string; clientId: number }> {
  seq += 1;
  const from = `521556${String(Date.now()).slice(-5)}${seq}`;
  const body = whatsappFixture('message-text', {
    '16505551234': from,
    'Sheena Nelson': name,
    'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `wamid.CONV${Date.now()}x${seq}`,
    'Does it come in another color?': text,
  }).replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
  expect((await postWhatsapp(t, body)).status).toBe(200);
  const [row] = await ds.query(`SELECT id FROM clients WHERE "senderId" = $1`, [from]);
  return { from, clientId: row.id };
}

function list(token: string, body: object) {
  return t.http.post('/api/conversations_by_filter').set('Authorization', `Bearer ${token}`).send(body);
}

const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { id messageStatus content fakeId sender } }`;

async function settled(
  messageId: number,
  timeoutMs = 8000,
): Promise<{ messageStatus: string; messageApiId: string | null; errorCode: string | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await ds.query(
      `SELECT "messageStatus", "messageApiId", "errorCode" FROM messages WHERE id = $1`,
      [messageId],
    );
    if (row.messageStatus !== 'pending' || Date.now() > deadline) return row;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('POST /api/conversations_by_filter', () => {
  it('lists a new WhatsApp conversation for the admin under "all", newest first, and not under "assigned"', async () => {
    const older = await inbound('Cliente Antiguo');
    const newer = await inbound('Cliente Nuevo');
    const all = await list(admin, { filterType: 'all', first: 50 });
    expect(all.status).toBe(200);
    const ids = all.body.clients.map((c: { id: number }) => c.id);
    expect(ids.indexOf(newer.clientId)).toBeLessThan(ids.indexOf(older.clientId));
    expect(all.body.clients.find((c: { id: number }) => c.id === newer.clientId)).toMatchObject({
      name: 'Cliente Nuevo',
      lastMessage: 'Hola',
      unreadMessages: 1,
      channel: { platform: 'whatsapp_cloud' },
    });
    const assigned = await list(admin, {});
    expect(assigned.body.clients.map((c: { id: number }) => c.id)).not.toContain(newer.clientId);
  });

  it('finds a conversation by a keyword written with accents and spaces', async () => {
    const { clientId } = await inbound('José Ramírez Núñez');
    const res = await list(admin, { filterType: 'all', keyword: '  ramirez nuñez ' });
    expect(res.body.clients.map((c: { id: number }) => c.id)).toContain(clientId);
    const none = await list(admin, { filterType: 'all', keyword: 'zzzznadie' });
    expect(none.body.clients).toEqual([]);
  });

  it('pages with a keyset cursor without repeating or skipping rows', async () => {
    for (let i = 0; i < 5; i++) await inbound(`Paginado ${i}`);
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page++) {
      const res = await list(admin, { filterType: 'all', first: 2, ...(after ? { after } : {}) });
      seen.push(...res.body.clients.map((c: { id: number }) => c.id));
      if (!res.body.hasMore) break;
      after = res.body.cursor;
    }
    const full = await list(admin, { filterType: 'all', first: 500 });
    expect(seen).toEqual(full.body.clients.map((c: { id: number }) => c.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps conversations apart that differ by microseconds when paging', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await inbound(`Microsegundo ${i}`)).clientId);
    // Same millisecond, different microseconds, all newer than anything else in the list.
    await ds.query(
      `UPDATE clients SET "lastUpdate" = timestamptz '2099-01-01 00:00:00.000900+00' - (array_position($1::int[], id) * interval '1 microsecond')
       WHERE id = ANY($1)`,
      [ids],
    );
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const res = await list(admin, { filterType: 'all', first: 1, ...(after ? { after } : {}) });
      seen.push(res.body.clients[0].id);
      after = res.body.cursor;
    }
    expect(seen).toEqual(ids);
  });

  it('shows an agent only the conversations assigned to them, and another company nothing of Demo', async () => {
    const { clientId } = await inbound('Para Ana');
    const agent = await login(t, 'agente@demo.local');
    expect(
      (await list(agent, { filterType: 'all' })).body.clients.map((c: { id: number }) => c.id),
    ).not.toContain(clientId);
    const [{ id: agentId }] = await ds.query(`SELECT id FROM users WHERE email = 'agente@demo.local'`);
    await ds.query(`UPDATE clients SET "agentId" = $2 WHERE id = $1`, [clientId, agentId]);
    expect((await list(agent, {})).body.clients.map((c: { id: number }) => c.id)).toContain(clientId);
    const otra = await login(t, 'admin@otra.local');
    expect((await list(otra, { filterType: 'all', first: 500 })).body.clients).toEqual([]);
  });

  it('pages 20 conversations by default and 50 report rows (02 §7 conversations_by_filter page sizes)', async () => {
    const { clientId } = await inbound('Tamaño de página');
    const copies = await ds.query(
      `INSERT INTO clients ("channelId", "companyId", key, "senderId", name, "lastMessage", "lastMessageId", "lastMessageSender")
       SELECT "channelId", "companyId", key || '-p' || g, "senderId" || g, 'Página ' || g, "lastMessage", "lastMessageId", "lastMessageSender"
         FROM clients, generate_series(1, 60) g WHERE id = $1 RETURNING id`,
      [clientId],
    );
    try {
      const list20 = await list(admin, { filterType: 'all' });
      expect(list20.body.clients).toHaveLength(PAGE_SIZES.list);
      expect(list20.body.hasMore).toBe(true);
      const report50 = await list(admin, { custom: true });
      expect(report50.status).toBe(200);
      expect(report50.body.clients).toHaveLength(PAGE_SIZES.report);
    } finally {
      await ds.query(`DELETE FROM clients WHERE id = ANY($1)`, [copies.map((c: { id: number }) => c.id)]);
    }
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const bad = await list(admin, { filterType: 'todo' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('filterType');
    const cursor = await list(admin, { after: 'basura' });
    expect(cursor.status).toBe(400);
    expect(cursor.body.field).toBe('after');
    const first = await list(admin, { first: 100000 });
    expect(first.body.field).toBe('first');
  });
});

describe('sending (durable, through the WhatsApp adapter)', () => {
  it('sends an agent reply to the Graph API with the exact request and records the provider id', async () => {
    const { from, clientId } = await inbound('Responder');
    graph.reset();
    graph.replyOnce({
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: from, wa_id: from }],
        messages: [{ id: 'wamid.REPLY1' }],
      },
    });
    const res = await gql<{ sendMessage: { id: number; messageStatus: string; fakeId: string } }>(
      t,
      admin,
      SEND,
      {
        input: { clientId, text: 'Sí, tenemos envío a todo México', fakeId: 'fakeId-123' },
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.sendMessage).toMatchObject({ messageStatus: 'pending', fakeId: 'fakeId-123' });
    const state = await settled(res.data?.sendMessage.id ?? 0);
    expect(state).toMatchObject({ messageStatus: 'sent', messageApiId: 'wamid.REPLY1' });
    const request = graph.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v23.0/100000000000001/messages');
    expect(request.headers.authorization).toBe('Bearer dev-whatsapp-access-token');
    expect(JSON.parse(request.body)).toMatchObject({
      messaging_product: 'whatsapp',
      to: from,
      type: 'text',
      text: { body: 'Sí, tenemos envío a todo México' },
    });
    const [client] = await ds.query(`SELECT "lastMessage", answered FROM clients WHERE id = $1`, [clientId]);
    expect(client).toEqual({ lastMessage: 'Sí, tenemos envío a todo México', answered: true });
  });

  it('retries a rate limit and then succeeds, sending exactly twice', async () => {
    const { clientId } = await inbound('Limite');
    graph.reset();
    graph.replyOnce({
      status: 429,
      headers: { 'retry-after': '0' },
      body: { error: { message: 'Too many', type: 'OAuthException', code: 130429 } },
    });
    graph.replyOnce({
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.AFTER429' }] },
    });
    const res = await gql<{ sendMessage: { id: number } }>(t, admin, SEND, {
      input: { clientId, text: 'Reintento' },
    });
    const state = await settled(res.data?.sendMessage.id ?? 0, 15_000);
    expect(state).toMatchObject({ messageStatus: 'sent', messageApiId: 'wamid.AFTER429' });
    expect(graph.requests).toHaveLength(2);
  });

  it('marks the message failed with the provider code on a permanent error', async () => {
    const { clientId } = await inbound('Falla');
    graph.reset();
    graph.replyOnce({
      status: 400,
      body: {
        error: {
          message: 'Message undeliverable',
          type: 'OAuthException',
          code: 131026,
          error_data: { details: 'Unable to deliver' },
        },
      },
    });
    const res = await gql<{ sendMessage: { id: number } }>(t, admin, SEND, {
      input: { clientId, text: 'No llegará' },
    });
    const state = await settled(res.data?.sendMessage.id ?? 0);
    expect(state).toMatchObject({ messageStatus: 'failed', errorCode: '131026', messageApiId: null });
    expect(graph.requests).toHaveLength(1);
  });

  it('refuses free text outside the 24-hour window and allows a template', async () => {
    const { clientId } = await inbound('Ventana cerrada');
    await ds.query(`UPDATE clients SET "windowExpiresAt" = now() - interval '1 minute' WHERE id = $1`, [
      clientId,
    ]);
    const text = await gql(t, admin, SEND, { input: { clientId, text: 'Hola de nuevo' } });
    expect(text.errors?.[0].extensions.code).toBe('TEMPLATE_REQUIRED');
    graph.reset();
    const template = await gql<{ sendMessage: { id: number } }>(t, admin, SEND, {
      input: {
        clientId,
        template: { name: 'seguimiento_pedido', language: 'es_MX', bodyParameters: ['Ana', '#123'] },
      },
    });
    expect(template.errors).toBeUndefined();
    await settled(template.data?.sendMessage.id ?? 0);
    expect(JSON.parse(graph.last().body)).toMatchObject({
      type: 'template',
      template: { name: 'seguimiento_pedido', language: { code: 'es_MX' } },
    });
    // Stored with the text the customer reads, not only the template's name.
    const [stored] = await ds.query(`SELECT content, payload FROM messages WHERE id = $1`, [
      template.data?.sendMessage.id,
    ]);
    expect(stored.content).toBe('Hola Ana, tu pedido #123 ya va en camino.');
    expect(stored.payload.template.body).toBe('Hola {{1}}, tu pedido {{2}} ya va en camino.');
    // A known template needs all its variables, and approval.
    const missing = await gql(t, admin, SEND, {
      input: {
        clientId,
        template: { name: 'seguimiento_pedido', language: 'es_MX', bodyParameters: ['Ana'] },
      },
    });
    expect(missing.errors?.[0].extensions.field).toBe('template');
    const pending = await gql(t, admin, SEND, {
      input: {
        clientId,
        template: { name: 'promocion_fin_de_mes', language: 'es_MX', bodyParameters: ['10%'] },
      },
    });
    expect(pending.errors?.[0].extensions.userMessage).toBe('La plantilla aún no está aprobada.');
  });

  it('does not let an agent write to a conversation that is not theirs, nor another company at all', async () => {
    const { clientId } = await inbound('Ajeno');
    const agent = await login(t, 'agente@demo.local');
    expect((await gql(t, agent, SEND, { input: { clientId, text: 'x' } })).errors?.[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const otra = await login(t, 'admin@otra.local');
    expect((await gql(t, otra, SEND, { input: { clientId, text: 'x' } })).errors?.[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const empty = await gql(t, admin, SEND, { input: { clientId, text: '   ' } });
    expect(empty.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'text' });
  });

  it('lists the messages of a conversation newest first', async () => {
    const { clientId } = await inbound('Historial', 'Primero');
    graph.replyOnce({
      status: 200,
      body: { messaging_product: 'whatsapp', messages: [{ id: `wamid.HIST${Date.now()}` }] },
    });
    await gql(t, admin, SEND, { input: { clientId, text: 'Segundo' } });
    const res = await gql<{ messages: Array<{ content: string; sender: string }> }>(
      t,
      admin,
      'query($id: Int!) { messages(clientId: $id) { content sender } }',
      { id: clientId },
    );
    expect(res.data?.messages.map((m) => [m.content, m.sender])).toEqual([
      ['Segundo', 'AGENT'],
      ['Primero', 'CLIENT'],
    ]);

    // 02 §9: 30 messages per fetch unless the caller asks otherwise; skip pages on.
    await ds.query(
      `INSERT INTO messages ("companyId", "clientId", "channelId", content, sender, time)
       SELECT "companyId", id, "channelId", 'Viejo ' || g, 'CLIENT', now() - interval '1 day' - g * interval '1 minute'
         FROM clients, generate_series(1, 40) g WHERE id = $1`,
      [clientId],
    );
    const page = (variables: object) =>
      gql<{ messages: Array<{ content: string }> }>(
        t,
        admin,
        'query($id: Int!, $skip: Int) { messages(clientId: $id, skip: $skip) { content } }',
        { id: clientId, ...variables },
      );
    const first = (await page({})).data?.messages ?? [];
    expect(first).toHaveLength(PAGE_SIZES.messages);
    expect(first[2]?.content).toBe('Viejo 1');
    const second = (await page({ skip: PAGE_SIZES.messages })).data?.messages ?? [];
    expect(second.map((m) => m.content)).toEqual(Array.from({ length: 12 }, (_, i) => `Viejo ${i + 29}`));
  });
});

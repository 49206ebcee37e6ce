import { type MenuChoice, menuInteractive } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE, type Database } from '../src/database/kysely';
import { AutomatedSendService } from '../src/modules/messages/automated-send.service';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { testSql } from './sql';

let t: TestApp;
let admin: string;
let sandboxId: number;
beforeAll(async () => {
  t = await startTestApp({ JOB_POLL_MS: '50', SANDBOX_DELAY_MS: '100' });
  admin = await login(t, 'admin@demo.local');
  const channels = await t.http.get('/api/sandbox/channels').set('Authorization', `Bearer ${admin}`);
  sandboxId = channels.body[0].id;
});
afterAll(async () => {
  await t.close();
});

const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }`;

function simulate(token: string, body: object) {
  return t.http.post('/api/sandbox/simulate').set('Authorization', `Bearer ${token}`).send(body);
}

async function conversation(from: string) {
  const res = await t.http
    .get('/api/sandbox/conversation')
    .query({ channelId: sandboxId, from })
    .set('Authorization', `Bearer ${admin}`);
  return res.body as Array<{
    id: number;
    type: string;
    content: string;
    sender: string;
    messageStatus: string | null;
    messageApiId: string | null;
    errorCode: string | null;
    quotedMsgId: number | null;
    payload: Record<string, unknown> | null;
  }>;
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('sandbox channel and customer simulator', () => {
  it('lists the Demo sandbox channel for an admin', async () => {
    const res = await t.http.get('/api/sandbox/channels').set('Authorization', `Bearer ${admin}`);
    expect(res.body).toEqual([expect.objectContaining({ name: 'Canal de prueba' })]);
  });

  it('shows the whole loop with no provider: customer writes, agent answers, delivered then read', async () => {
    const from = `5215577${String(Date.now()).slice(-6)}`;
    expect(
      (
        await simulate(admin, {
          channelId: sandboxId,
          from,
          name: 'Cliente Simulado',
          text: 'Hola, quiero informes',
        })
      ).status,
    ).toBe(200);
    const inbox = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${admin}`)
      .send({ filterType: 'all', keyword: 'Cliente Simulado' });
    const client = inbox.body.clients[0];
    expect(client).toMatchObject({
      name: 'Cliente Simulado',
      lastMessage: 'Hola, quiero informes',
      channel: { platform: 'sandbox' },
    });

    const sent = await gql<{ sendMessage: { id: number } }>(t, admin, SEND, {
      input: { clientId: client.id, text: 'Con gusto, ¿qué producto?' },
    });
    expect(sent.errors).toBeUndefined();
    const seen = await waitFor(
      () => conversation(from),
      (rows) => rows.some((m) => m.sender === 'AGENT' && m.messageStatus === 'viewed'),
    );
    expect(seen.map((m) => [m.sender, m.content])).toEqual([
      ['CLIENT', 'Hola, quiero informes'],
      ['AGENT', 'Con gusto, ¿qué producto?'],
    ]);
    expect(seen[1].messageStatus).toBe('viewed');
  });

  it('fails a message containing #fallo with a provider error', async () => {
    const from = `5215578${String(Date.now()).slice(-6)}`;
    await simulate(admin, { channelId: sandboxId, from, text: 'Hola' });
    const [{ id: clientId }] = (
      await t.http
        .post('/api/conversations_by_filter')
        .set('Authorization', `Bearer ${admin}`)
        .send({ filterType: 'all', keyword: from })
    ).body.clients;
    await gql(t, admin, SEND, { input: { clientId, text: 'Esto va a fallar #fallo' } });
    const rows = await waitFor(
      () => conversation(from),
      (list) => list.some((m) => m.messageStatus === 'failed'),
    );
    expect(rows.find((m) => m.sender === 'AGENT')).toMatchObject({
      messageStatus: 'failed',
      errorCode: 'SANDBOX_FAILURE',
    });
  });

  it('refuses bad input, non-sandbox channels, agents and other companies', async () => {
    const bad = await simulate(admin, { channelId: sandboxId, from: '12ab', text: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('from');
    const [{ id: whatsappId }] = await testSql().query(
      `SELECT id FROM channels WHERE platform = 'whatsapp_cloud' AND "providerId" = '100000000000001'`,
    );
    const notSandbox = await simulate(admin, { channelId: whatsappId, from: '5215500000000', text: 'x' });
    expect(notSandbox.status).toBe(400);
    expect(notSandbox.body.field).toBe('channelId');
    const agent = await login(t, 'agente@demo.local');
    expect((await simulate(agent, { channelId: sandboxId, from: '5215500000000', text: 'x' })).status).toBe(
      403,
    );
    const otra = await login(t, 'admin@otra.local');
    const foreign = await simulate(otra, { channelId: sandboxId, from: '5215500000000', text: 'x' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'channelId' });
  });

  it('refuses an unknown channel id with 400 on channelId, never a 500', async () => {
    const unknown = 2_000_000_000;
    const sent = await simulate(admin, { channelId: unknown, from: '5215500000000', text: 'x' });
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'channelId',
      userMessage: 'El canal no existe.',
    });
    const read = await t.http
      .get('/api/sandbox/conversation')
      .query({ channelId: unknown, from: '5215500000000' })
      .set('Authorization', `Bearer ${admin}`);
    expect(read.status).toBe(400);
    expect(read.body.field).toBe('channelId');
  });
});

describe("the simulated customer taps a bot's interactive message (issue 17)", () => {
  const menu: MenuChoice[] = [
    { id: 'opt-ventas', title: 'Ventas' },
    { id: 'opt-asesor', title: 'Hablar con un asesor' },
  ];
  const list: MenuChoice[] = [
    ...menu,
    { id: 'opt-envios', title: 'Envíos', description: 'Tiempos y costos de envío' },
    { id: 'opt-horario', title: 'Horario' },
  ];

  /** A bot's menu sent to the customer as the chatbot sends it, once the sandbox accepted it (it has its id). */
  async function botSends(clientId: number, from: string, choices: MenuChoice[]) {
    const interactive = menuInteractive('¿En qué te ayudamos?', choices);
    if (!interactive) throw new Error('menu without an interactive form');
    const db = t.app.get<symbol, Database>(DATABASE);
    const sent = await db.transaction().execute((trx) =>
      t.app.get(AutomatedSendService).send(trx, {
        clientId,
        content: { type: 'interactive', interactive },
        kind: 'chatbot',
        sender: 'BOT',
      }),
    );
    const rows = await waitFor(
      () => conversation(from),
      (list) => list.some((m) => m.id === sent.id && m.messageApiId !== null),
    );
    return rows.find((m) => m.id === sent.id);
  }

  async function newCustomer(prefix: string) {
    const from = `${prefix}${String(Date.now()).slice(-6)}`;
    await simulate(admin, { channelId: sandboxId, from, text: 'Hola' });
    const [{ id: clientId }] = (
      await t.http
        .post('/api/conversations_by_filter')
        .set('Authorization', `Bearer ${admin}`)
        .send({ filterType: 'all', keyword: from })
    ).body.clients;
    return { from, clientId: clientId as number };
  }

  it("shows the bot's buttons to the customer, and a tap arrives as WhatsApp's button_reply", async () => {
    const { from, clientId } = await newCustomer('5215579');
    const bot = await botSends(clientId, from, menu);
    expect(bot).toMatchObject({
      sender: 'BOT',
      type: 'interactive',
      content: '¿En qué te ayudamos?\n\n1. Ventas\n2. Hablar con un asesor',
      payload: {
        interactive: {
          kind: 'buttons',
          body: '¿En qué te ayudamos?',
          buttons: [
            { id: 'opt-ventas', title: 'Ventas' },
            { id: 'opt-asesor', title: 'Hablar con un asesor' },
          ],
        },
      },
    });

    // A tap sends no typed text: the option's title is what WhatsApp reports.
    const tap = await simulate(admin, { channelId: sandboxId, from, replyId: 'opt-asesor' });
    expect(tap.status).toBe(200);
    const rows = await conversation(from);
    const reply = rows.at(-1);
    expect(reply).toMatchObject({
      sender: 'CLIENT',
      type: 'interactive',
      content: 'Hablar con un asesor',
      quotedMsgId: bot?.id,
      payload: { interactive: { type: 'interactive', replyId: 'opt-asesor', title: 'Hablar con un asesor' } },
    });
    const inbox = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${admin}`)
      .send({ filterType: 'all', keyword: from });
    expect(inbox.body.clients[0]).toMatchObject({ id: clientId, lastMessage: 'Hablar con un asesor' });
  });

  it("taps a list row of the message named (list_reply, with the row's description); typed numbers stay text", async () => {
    const { from, clientId } = await newCustomer('5215580');
    const first = await botSends(clientId, from, list);
    expect(first?.payload).toMatchObject({ interactive: { kind: 'list', button: 'Ver opciones' } });
    const second = await botSends(clientId, from, menu);

    const tap = await simulate(admin, {
      channelId: sandboxId,
      from,
      replyId: 'opt-envios',
      replyMessageId: first?.id,
    });
    expect(tap.status).toBe(200);
    expect((await conversation(from)).at(-1)).toMatchObject({
      type: 'interactive',
      content: 'Envíos',
      quotedMsgId: first?.id,
      payload: {
        interactive: {
          type: 'interactive',
          replyId: 'opt-envios',
          title: 'Envíos',
          description: 'Tiempos y costos de envío',
        },
      },
    });

    // Without replyMessageId the newest message offering the option is the one tapped.
    await simulate(admin, { channelId: sandboxId, from, replyId: 'opt-ventas' });
    expect((await conversation(from)).at(-1)).toMatchObject({ content: 'Ventas', quotedMsgId: second?.id });

    await simulate(admin, { channelId: sandboxId, from, text: '2' });
    expect((await conversation(from)).at(-1)).toMatchObject({
      type: 'text',
      content: '2',
      quotedMsgId: null,
    });
  });

  it('refuses a tap on an option no business message of the conversation offers', async () => {
    const { from, clientId } = await newCustomer('5215581');
    const bot = await botSends(clientId, from, menu);
    const before = await conversation(from);
    const customerMessage = before.find((m) => m.sender === 'CLIENT');

    for (const body of [
      { replyId: 'opt-inexistente' },
      // The option exists, but not in the message named.
      { replyId: 'opt-ventas', replyMessageId: customerMessage?.id },
      { replyId: 'opt-envios', replyMessageId: bot?.id },
      { replyId: '' },
    ]) {
      const res = await simulate(admin, { channelId: sandboxId, from, ...body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'replyId' });
    }
    // Another customer cannot tap this one's menu.
    const other = await simulate(admin, {
      channelId: sandboxId,
      from: '5215582000000',
      replyId: 'opt-ventas',
    });
    expect(other.status).toBe(400);
    // Neither text nor a tap: the text is what is missing.
    const empty = await simulate(admin, { channelId: sandboxId, from });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('text');
    expect(await conversation(from)).toHaveLength(before.length);
  });
});

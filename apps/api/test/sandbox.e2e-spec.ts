import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    content: string;
    sender: string;
    messageStatus: string | null;
    errorCode: string | null;
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

import { randomUUID } from 'node:crypto';
import { PinoLogger } from 'nestjs-pino';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { captureLogs } from '../src/common/observability/log-sink';
import { closedPortUrl } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { botCompany, customerText, eventually, gqlOk, graphSendsTo, newPhone } from './bot-company-kit';
import { login, startTestApp } from './helpers';
import { type InboxTestApp, newWhatsappConversation, startInboxTestApp } from './inbox-helpers';
import { openSocket } from './socket-helpers';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

// Issue 22, operations: JSON logs with request ids carried into jobs, the probes, and the Prometheus metrics.

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const SEND = `mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }`;

let t: InboxTestApp;
let admin: string;
let adminRow: { id: number; companyId: number };
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startInboxTestApp({ METRICS_TOKEN });
  admin = await login(t, 'admin@demo.local');
  [adminRow] = await t.ds.query(`SELECT id, "companyId" FROM users WHERE email = 'admin@demo.local'`);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

type LogLine = Record<string, unknown>;

/** The lines pino writes meanwhile, at level info (the run's default is warn). */
function capturedLogs() {
  let capture: ReturnType<typeof captureLogs>;
  let level: string;
  beforeEach(() => {
    capture = captureLogs();
    level = PinoLogger.root.level;
    PinoLogger.root.level = 'info';
  });
  afterEach(() => {
    PinoLogger.root.level = level;
    capture.stop();
  });
  return {
    lines: () => capture.lines(),
    /** The first line `match` accepts, waiting for it (jobs log after the request). */
    find: async (match: (line: LogLine) => boolean): Promise<LogLine | undefined> =>
      eventually(
        () => capture.lines().find(match),
        (line) => line !== undefined,
      ),
  };
}

async function sendText(clientId: number, text: string, requestId: string): Promise<number> {
  const res = await t.http
    .post('/graphql')
    .set('Authorization', `Bearer ${admin}`)
    .set('X-Request-Id', requestId)
    .send({ query: SEND, variables: { input: { clientId, text } } });
  expect(res.body.errors).toBeUndefined();
  expect(res.headers['x-request-id']).toBe(requestId);
  return res.body.data.sendMessage.id as number;
}

async function settledStatus(messageId: number): Promise<string> {
  return eventually(
    async () => {
      const [row] = await t.ds.query(`SELECT "messageStatus" FROM messages WHERE id = $1`, [messageId]);
      return row.messageStatus as string;
    },
    (status) => status !== 'pending',
  );
}

describe('structured logs', () => {
  const logs = capturedLogs();

  it("writes one JSON line per request with the caller's id (echoed), status, duration, user and company", async () => {
    const id = `req-${randomUUID()}`;
    const res = await t.http
      .post('/api/conversations_by_filter?token=query-secret')
      .set('Authorization', `Bearer ${admin}`)
      .set('Cookie', 'session=cookie-secret')
      .set('X-Request-Id', id)
      .send({ filterType: 'all', first: 1 });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    const line = await logs.find((l) => l.reqId === id && l.msg === 'request completed');
    expect(line).toMatchObject({
      level: 30,
      reqId: id,
      req: { method: 'POST', path: '/api/conversations_by_filter' },
      res: { status: 200 },
      userId: adminRow.id,
      companyId: adminRow.companyId,
    });
    expect(line?.durationMs).toEqual(expect.any(Number));
    const all = JSON.stringify(logs.lines());
    for (const secret of [admin, 'query-secret', 'cookie-secret']) expect(all).not.toContain(secret);
  });

  it('gives a request with a malformed X-Request-Id a new UUID instead', async () => {
    const res = await t.http
      .post('/api/conversations_by_filter')
      .set('X-Request-Id', 'forged"}{"level":60')
      .send({});
    expect(res.status).toBe(401);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const line = await logs.find((l) => l.reqId === id && l.msg === 'request completed');
    expect(line).toMatchObject({ res: { status: res.status } });
    expect(line).not.toHaveProperty('userId');
  });

  it("follows a webhook into the automation and the send it sets off by the webhook's id, without message text", async () => {
    const company = await botCompany(t, 'registros');
    await t.ds.query(
      `UPDATE companies SET settings = settings || '{"isWelcomeMessageActive": true}' WHERE id = $1`,
      [company.companyId],
    );
    const welcome = `Bienvenida privada ${randomUUID()}`;
    await gqlOk(
      t,
      company.token,
      `mutation($input: CreateWelcomeMessageInput!) { createWelcomeMessage(input: $input) { id } }`,
      { input: { channelId: company.channelId, text: welcome } },
    );
    const phone = newPhone();
    const customerWrote = `Mensaje privado ${randomUUID()}`;
    const webhookId = `wh-${randomUUID()}`;
    const res = await postWhatsapp(t, customerText(company, phone, customerWrote).body).set(
      'X-Request-Id',
      webhookId,
    );
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(webhookId);
    expect(await logs.find((l) => l.reqId === webhookId && l.msg === 'request completed')).toMatchObject({
      req: { method: 'POST', path: '/webhooks/whatsapp' },
      res: { status: 200 },
    });
    // webhook → automation job → send job: each job logs under the webhook's id.
    for (const job of ['automation-inbound', 'send-message']) {
      expect(
        await logs.find((l) => l.reqId === webhookId && l.job === job && l.msg === 'job completed'),
        job,
      ).toMatchObject({ level: 30, attempt: 1, durationMs: expect.any(Number), jobId: expect.any(String) });
    }
    expect(graphSendsTo(t, phone)).toHaveLength(1);
    const all = JSON.stringify(logs.lines());
    expect(all).not.toContain(welcome);
    expect(all).not.toContain(customerWrote);
    expect(all).not.toContain(company.token);
  });

  it("logs the send job of an agent's message under the GraphQL request's id", async () => {
    const clientId = await newWhatsappConversation(t);
    const sendId = `send-${randomUUID()}`;
    const secretText = `Texto privado ${randomUUID()}`;
    const messageId = await sendText(clientId, secretText, sendId);
    expect(await settledStatus(messageId)).toBe('sent');
    expect(await logs.find((l) => l.reqId === sendId && l.msg === 'request completed')).toMatchObject({
      req: { method: 'POST', path: '/graphql' },
      userId: adminRow.id,
    });
    expect(await logs.find((l) => l.reqId === sendId && l.job === 'send-message')).toMatchObject({
      msg: 'job completed',
    });
    expect(JSON.stringify(logs.lines())).not.toContain(secretText);
  });

  it('writes one line per request, under /api and outside it', async () => {
    const api = `api-${randomUUID()}`;
    const hook = `hook-${randomUUID()}`;
    expect((await t.http.post('/api/conversations_by_filter').set('X-Request-Id', api).send({})).status).toBe(
      401,
    );
    const refused = await postWhatsapp(t, whatsappFixture('message-text'), 'sha256=00').set(
      'X-Request-Id',
      hook,
    );
    expect(refused.status).toBe(401);
    await logs.find((l) => l.reqId === hook && l.msg === 'request completed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const id of [api, hook])
      expect(
        logs.lines().filter((l) => l.reqId === id && l.msg === 'request completed'),
        id,
      ).toHaveLength(1);
  });
});

describe('GET /health and GET /ready', () => {
  it('answers /health without a token, outside /api, and /ready with its checks', async () => {
    const live = await t.http.get('/health');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await t.http.get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    expect((await t.http.get('/api/health')).body).toEqual({ status: 'ok' });
  });

  it('is not ready while a migration of this build is not applied', async () => {
    const [last] = await t.ds.query(`SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1`);
    await t.ds.query(`DELETE FROM migrations WHERE id = $1`, [last.id]);
    try {
      const res = await t.http.get('/ready');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'SERVICE_NOT_READY',
        userMessage: 'El servicio no está disponible por el momento.',
        details: { checks: { database: 'ok', migrations: 'pending' }, pendingMigrations: [last.name] },
      });
    } finally {
      await t.ds.query(`INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)`, [
        last.id,
        last.timestamp,
        last.name,
      ]);
    }
    expect((await t.http.get('/ready')).status).toBe(200);
  });

  it('is not ready when its database does not answer, and still alive', async () => {
    const closed = new URL(await closedPortUrl());
    const other = await startTestApp(
      { JOBS_ENABLED: 'false', DEMO_DATA: 'false', REALTIME_BUS: 'false' },
      `postgres://crm:crm@127.0.0.1:${closed.port}/crm`,
    );
    try {
      const ready = await other.http.get('/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.details).toEqual({ checks: { database: 'unreachable', migrations: 'unknown' } });
      expect((await other.http.get('/health')).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

/** The value of one series of the exposition (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2] ? match[2].split(',') : [];
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

async function scrape(): Promise<string> {
  const res = await t.http.get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.text;
}

describe('GET /metrics', () => {
  it('counts accepted and refused webhooks by provider and outcome, and times their answer', async () => {
    const before = await scrape();
    const clientId = await newWhatsappConversation(t);
    const refused = await postWhatsapp(t, whatsappFixture('message-text'), 'sha256=00');
    expect(refused.status).toBe(401);
    const after = await scrape();
    const accepted = { provider: 'whatsapp_cloud', outcome: 'accepted' };
    const unauthorized = { provider: 'whatsapp_cloud', outcome: 'unauthorized' };
    expect(sample(after, 'charla_webhook_requests_total', accepted)).toBe(
      sample(before, 'charla_webhook_requests_total', accepted) + 1,
    );
    expect(sample(after, 'charla_webhook_requests_total', unauthorized)).toBe(
      sample(before, 'charla_webhook_requests_total', unauthorized) + 1,
    );
    const acks = { provider: 'whatsapp_cloud' };
    expect(sample(after, 'charla_webhook_ack_seconds_count', acks)).toBe(
      sample(before, 'charla_webhook_ack_seconds_count', acks) + 2,
    );
    // Labels never name a company, a conversation or a phone.
    const [{ senderId }] = await t.ds.query(`SELECT "senderId" FROM clients WHERE id = $1`, [clientId]);
    expect(after).not.toContain(senderId);
    const labelNames = new Set(
      after
        .split('\n')
        .filter((line) => line.startsWith('charla_'))
        .flatMap((line) => [...line.matchAll(/(\w+)="/g)].map((m) => m[1])),
    );
    for (const name of labelNames)
      expect(['code', 'le', 'outcome', 'provider', 'state', 'task']).toContain(name);
    expect(labelNames).toContain('provider');
  });

  it("counts a failed send by provider and the provider's error code, with its latency", async () => {
    const clientId = await newWhatsappConversation(t);
    const before = await scrape();
    t.graph.replyOnce({
      status: 400,
      body: { error: { message: '(#131026) Message Undeliverable.', type: 'OAuthException', code: 131026 } },
    });
    const messageId = await sendText(clientId, 'No llegará', `fail-${randomUUID()}`);
    expect(await settledStatus(messageId)).toBe('failed');
    const after = await scrape();
    const failure = { provider: 'whatsapp_cloud', code: '131026' };
    expect(sample(after, 'charla_send_failures_total', failure)).toBe(
      sample(before, 'charla_send_failures_total', failure) + 1,
    );
    const failed = { provider: 'whatsapp_cloud', outcome: 'failed' };
    expect(sample(after, 'charla_send_duration_seconds_count', failed)).toBe(
      sample(before, 'charla_send_duration_seconds_count', failed) + 1,
    );
  });

  it('shows the job queue by task and state with its oldest ready job, and the open sockets', async () => {
    // A task no worker handles, due 30 s ago: it waits in the queue as a stuck one would.
    const [{ id }] = await t.ds.query(
      `SELECT id FROM graphile_worker.add_job('metrics-probe', '{}'::json, run_at => now() - interval '30 seconds')`,
    );
    try {
      await openSocket(t.baseUrl, admin, sockets);
      const text = await scrape();
      expect(sample(text, 'charla_job_queue_depth', { task: 'metrics-probe', state: 'ready' })).toBe(1);
      expect(sample(text, 'charla_job_queue_depth', { task: 'metrics-probe', state: 'running' })).toBe(0);
      const age = sample(text, 'charla_job_queue_oldest_ready_seconds', { task: 'metrics-probe' });
      expect(age).toBeGreaterThanOrEqual(29);
      expect(age).toBeLessThan(120);
      expect(sample(text, 'charla_socket_connections')).toBe(1);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      await t.ds.query(`SELECT graphile_worker.permanently_fail_jobs(ARRAY[$1]::bigint[], 'test')`, [id]);
      await t.ds.query(`DELETE FROM graphile_worker._private_jobs WHERE id = $1`, [id]);
    }
  });

  it('refuses a scrape relayed from another machine unless it carries METRICS_TOKEN', async () => {
    const relayed = () => t.http.get('/metrics').set('X-Forwarded-For', '203.0.113.7');
    const anonymous = await relayed();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(anonymous.text).not.toContain('charla_');
    expect((await relayed().set('Authorization', 'Bearer not-the-metrics-token-at-all')).status).toBe(401);
    // A user's session token is not the metrics token either.
    expect((await relayed().set('Authorization', `Bearer ${admin}`)).status).toBe(401);
    const allowed = await relayed().set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('charla_webhook_requests_total');
  });
});

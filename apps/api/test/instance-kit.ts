import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  type AddressInfo,
  connect,
  createServer as createTcpServer,
  type Server as TcpServer,
  type Socket as TcpSocket,
} from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase, type Database } from '../src/database/kysely';
import { JobsRepository } from '../src/jobs/jobs.repository';
import { closedPortUrl } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { startTestApp } from './helpers';
import { type AppWithSql, type Tenant, waitFor } from './scheduled-sends-helpers';
import { type TestSql, testSql } from './sql';
import { metaSignature } from './webhook-helpers';

/**
 * Tests that run the built API as production does (dist/main.js, one process per instance) on the test run's
 * PostgreSQL, against a fake Graph API that tells the instances apart by their URL prefix: the two-instance test of
 * issue 17, the campaign crash test of issue 18, and issue 22's crash, drain and rolling-restart tests (which add a
 * round-robin load balancer, a webhook sender that redelivers as Meta does, and socket clients that behave as the
 * web client).
 */

export const API_DIR = resolve(__dirname, '..');
export const API_MAIN = join(API_DIR, 'dist/main.js');
export const SECRETS = {
  JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
  ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
};

/** Fails with how to fix it when the build is missing, older than the sources, or lacks `feature` (a dist file). */
export function assertBuilt(feature: string): void {
  if (
    !existsSync(API_MAIN) ||
    !existsSync(join(API_DIR, feature)) ||
    statSync(API_MAIN).mtimeMs < newestSource(join(API_DIR, 'src'))
  ) {
    throw new Error(
      `Build the API first (cd apps/api && npx -y pnpm@10.34.9 run build): ${API_MAIN} is missing or stale`,
    );
  }
}

export interface Received {
  instance: string;
  phoneNumberId: string;
  key: string;
  at: number;
}

/**
 * The fake Graph API: each instance calls it under its own prefix (/a, /b), so it knows who sent what. Every send
 * gets a fresh wamid. `onSend` runs before the answer and may decide not to answer (the process is gone). As Meta
 * does, every message it took is followed by a signed 'sent' status carrying the message's biz_opaque_callback_data
 * — whether or not its sender lived to read the answer — posted to `statusTarget` (the load balancer's pick: the
 * instance that stays up); as Meta does under load, one webhook carries the statuses of up to 100 messages.
 */
export class FakeGraph {
  readonly received: Received[] = [];
  onSend: (send: Received, res: ServerResponse) => boolean = () => true;
  statusTarget: string | null = null;
  statusesPosted = 0;
  /** What GET /{phone-number-id} answers: the number's tier, quality and throughput. */
  account: Record<string, unknown> = {
    whatsapp_business_manager_messaging_limit: 'TIER_UNLIMITED',
    quality_rating: 'GREEN',
    throughput: { level: 'HIGH' },
  };
  private server: Server | null = null;
  private count = 0;
  private readonly statuses = new Map<string, Array<Record<string, string>>>();
  private statusTimer: NodeJS.Timeout | null = null;

  /** What the provider received for these numbers, in order. */
  sendsOf(...phoneNumberIds: string[]): Received[] {
    return this.received.filter((send) => phoneNumberIds.includes(send.phoneNumberId));
  }

  /** SIGKILLs the instance `victim` names for a send the moment the provider receives it, before it can answer. */
  killOnSend(victim: (send: Received) => Instance | null): void {
    this.onSend = (send, res) => {
      const instance = victim(send);
      if (!instance) return true;
      instance.child.kill('SIGKILL');
      res.destroy();
      return false;
    };
  }

  async start(): Promise<string> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.answer(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private answer(req: IncomingMessage, text: string, res: ServerResponse): void {
    const account = /^\/(\w+)\/v[\d.]+\/(\d+)(\?.*)?$/.exec(req.url ?? '');
    if (req.method === 'GET' && account) {
      // The number's fields (issue 18: tier, quality and throughput read before a campaign sends).
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: account[2], ...this.account }));
      return;
    }
    const match = /^\/(\w+)\/v[\d.]+\/(\d+)\/messages$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `unexpected ${req.method} ${req.url}`, code: 100 } }));
      return;
    }
    const body = JSON.parse(text) as {
      to: string;
      text?: { body: string };
      template?: { name: string };
      type: string;
      biz_opaque_callback_data?: string;
    };
    const send: Received = {
      instance: match[1] as Received['instance'],
      phoneNumberId: match[2],
      key: `${body.to}|${body.text?.body ?? body.template?.name ?? body.type}`,
      at: Date.now(),
    };
    this.received.push(send);
    this.count += 1;
    const wamid = `wamid.TWO${Date.now()}x${this.count}`;
    if (send.instance !== 'prep') {
      this.queueStatus(send.phoneNumberId, {
        id: wamid,
        status: 'sent',
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: body.to,
        ...(body.biz_opaque_callback_data ? { biz_opaque_callback_data: body.biz_opaque_callback_data } : {}),
      });
    }
    if (!this.onSend(send, res)) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: wamid }],
      }),
    );
  }

  private queueStatus(phoneNumberId: string, status: Record<string, string>): void {
    const queued = this.statuses.get(phoneNumberId) ?? [];
    queued.push(status);
    this.statuses.set(phoneNumberId, queued);
    this.statusTimer ??= setTimeout(() => {
      this.statusTimer = null;
      for (const [number, all] of this.statuses) {
        for (let i = 0; i < all.length; i += 100) void this.postStatuses(number, all.slice(i, i + 100));
      }
      this.statuses.clear();
    }, 20);
  }

  /** Meta's 'sent' statuses of messages it took (webhooks reference: statuses), retried until an instance takes them. */
  private async postStatuses(phoneNumberId: string, statuses: Array<Record<string, string>>): Promise<void> {
    const payload = whatsappWebhook(phoneNumberId, { statuses });
    // A minute of tries, as Meta keeps retrying a webhook nobody took (for much longer).
    for (let tries = 0; tries < 300; tries += 1) {
      try {
        if (this.statusTarget) {
          const res = await fetch(`${this.statusTarget}/webhooks/whatsapp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(payload) },
            body: payload,
          });
          if (res.ok) {
            this.statusesPosted += statuses.length;
            return;
          }
        }
      } catch {
        // Not up yet: Meta retries too.
      }
      await new Promise((done) => setTimeout(done, 200));
    }
  }

  async close(): Promise<void> {
    if (this.statusTimer) clearTimeout(this.statusTimer);
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
}

export interface Instance {
  name: string;
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

export async function freePort(): Promise<number> {
  return Number(new URL(await closedPortUrl()).port);
}

export async function startInstance(
  name: string,
  graphUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Instance> {
  const port = await freePort();
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Charla CRM</title>');
  let output = '';
  const child = spawn(process.execPath, [API_MAIN], {
    cwd: API_DIR,
    env: {
      ...process.env,
      ...SECRETS,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, name),
      WEB_DIST_DIR: webDist,
      DATABASE_URL: inject('databaseUrl'),
      DEMO_DATA: 'false',
      JOB_POLL_MS: '100',
      // How long an interrupted send waits for its status webhook before it is sent again (60 s in production):
      // short, so that a send interrupted before it reached the provider (no webhook will come) is sent within the test.
      SEND_RECONCILE_MS: '5000',
      WHATSAPP_GRAPH_URL: `${graphUrl}/${name}/v23.0`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-30_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`instance ${name} exited:\n${output}`);
      try {
        const res = await fetch(`${baseUrl}/api/health`);
        return res.ok;
      } catch {
        return false;
      }
    },
    `instance ${name} to answer /api/health`,
    60_000,
  );
  return { name, child, baseUrl, output: () => output };
}

/** Runs `work(0…count-1)` with at most `width` at once. */
export async function pool(
  count: number,
  width: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** The newest change to the API's built sources (specs are not built). */
export function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** What a suite of built-API processes shares: the fake Graph API, its URL, a data folder, the instances it started. */
export interface ProcessSuite {
  readonly graph: FakeGraph;
  readonly instances: Instance[];
  graphUrl(): string;
  /** Starts an instance of the built API (kept for the suite's teardown). */
  start(name: string, env?: Record<string, string>): Promise<Instance>;
  /** Releases the jobs of stopped workers now (a survivor does it by itself within two minutes). */
  recoverDeadWorkers(): Promise<string[]>;
  /** Starts `name` in place of a killed instance, as an orchestrator would, once the dead one's jobs are released. */
  replace(dead: Instance, name: string, env?: Record<string, string>): Promise<Instance>;
  /**
   * Runs `work` on an API in this process that runs no job (its sends go to the fake Graph API as 'prep'), then
   * closes it: how a test writes its rows through the API before its instances start.
   */
  prepare<T>(work: (app: AppWithSql) => Promise<T>): Promise<T>;
}

/**
 * Registers the suite's set-up (the build of `feature` checked, the fake Graph API, a data folder) and teardown (every
 * instance stopped, all removed).
 */
export function processSuite(feature: string, label: string): ProcessSuite {
  const graph = new FakeGraph();
  const instances: Instance[] = [];
  let graphUrl = '';
  let dataDir = '';
  let db: Database | null = null;
  beforeAll(async () => {
    // `pnpm test` builds first; run alone, these tests need the build of the sources they test.
    assertBuilt(feature);
    graphUrl = await graph.start();
    dataDir = mkdtempSync(join(tmpdir(), `crm-${label}-`));
    db = createDatabase(inject('databaseUrl'));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    await graph.close();
    await db?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const suite: ProcessSuite = {
    graph,
    instances,
    graphUrl: () => graphUrl,
    async start(name, env = {}) {
      const instance = await startInstance(name, graphUrl, dataDir, env);
      instances.push(instance);
      return instance;
    },
    recoverDeadWorkers: () => new JobsRepository(db as Database, inject('databaseUrl')).unlockDeadWorkers(0),
    async replace(dead, name, env = {}) {
      await exited(dead.child);
      await suite.recoverDeadWorkers();
      return suite.start(name, env);
    },
    async prepare(work) {
      const prep = await startTestApp({
        JOBS_ENABLED: 'false',
        WHATSAPP_GRAPH_URL: `${graphUrl}/prep/v23.0`,
      });
      try {
        return await work({ ...prep, ds: testSql() });
      } finally {
        await prep.close();
      }
    },
  };
  return suite;
}

/** Waits until every message the company's agents stored has its provider id (was sent). */
export async function agentMessagesSent(ds: TestSql, companyId: number, timeoutMs: number): Promise<void> {
  await waitFor(
    async () => {
      const [{ n }] = await ds.query(
        `SELECT count(*)::int AS n FROM messages WHERE "companyId" = $1 AND sender = 'AGENT' AND "messageApiId" IS NULL`,
        [companyId],
      );
      return n === 0;
    },
    'every stored agent message to be sent',
    timeoutMs,
  );
}

/** `count` contacts of the tenant's channel tagged `tag`, numbered `prefix` + i (7 digits); the tag's id. */
export async function taggedContacts(
  ds: TestSql,
  tenant: Tenant,
  tag: string,
  prefix: string,
  count: number,
): Promise<number> {
  const [{ id: tagId }] = await ds.query(
    `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, $2, '#1677ff', $3) RETURNING id`,
    [tenant.companyId, tag, `${tenant.companyId}-${tag.toLowerCase()}`],
  );
  await ds.query(
    `WITH c AS (
       INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "cleanedName")
       SELECT $1::int, $2::int, $2::text || '-' || $5::text || lpad(i::text, 7, '0'), $5::text || lpad(i::text, 7, '0'),
              $6::text || ' ' || i, lower($6::text) || i
         FROM generate_series(1, $3::int) AS i
       RETURNING id)
     INSERT INTO client_tags ("clientId", "tagId") SELECT id, $4::int FROM c`,
    [tenant.companyId, tenant.channelId, count, tagId, prefix, tag],
  );
  return tagId;
}

// ---------------------------------------------------------------------------------------------------------
// Issue 22: what stands in front of the instances, and who talks to them.

/** Sends SIGTERM (or `signal`) and waits for the exit: its code, and how long the instance took. */
export async function stopInstance(
  instance: Instance,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  instance.child.kill(signal);
  await exited(instance.child);
  return { code: instance.child.exitCode, signal: instance.child.signalCode, ms: Date.now() - started };
}

/**
 * A TCP load balancer on loopback, round-robin over the instances' ports, as a reverse proxy in front of several
 * API replicas: each client connection goes to the next instance, and to the one after when that one refuses (it is
 * down or draining). A connection stays with its instance for its life (HTTP keep-alive, a websocket).
 */
export class RoundRobinBalancer {
  ports: number[] = [];
  connections = 0;
  /** Connections an instance refused (it was down or draining) and the next one took. */
  refused = 0;
  /** Connections an instance accepted and then cut (reset) before the client closed them. */
  cut = 0;
  /** Connections an instance closed without answering a byte, by port. */
  readonly silent = new Map<number, number>();
  private next = 0;
  private server: TcpServer | null = null;
  private readonly open = new Set<TcpSocket>();

  async start(): Promise<string> {
    this.server = createTcpServer((client) => this.route(client));
    await new Promise<void>((done) => this.server?.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The instances it balances over (their base URLs). */
  use(instances: Instance[]): void {
    this.ports = instances.map((instance) => Number(new URL(instance.baseUrl).port));
  }

  /** Tries each instance once, from the next in turn on: a refusal moves to the one after it. */
  private route(client: TcpSocket, tried = 0, start = this.next++): void {
    this.open.add(client);
    client.once('close', () => this.open.delete(client));
    const ports = this.ports;
    if (tried >= ports.length) {
      client.destroy();
      return;
    }
    const port = ports[(start + tried) % ports.length];
    client.pause();
    const upstream = connect(port, '127.0.0.1');
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      this.connections += 1;
      this.open.add(upstream);
      upstream.once('close', () => this.open.delete(upstream));
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      let answered = false;
      upstream.once('data', () => {
        answered = true;
      });
      upstream.once('end', () => {
        if (!answered) this.silent.set(port, (this.silent.get(port) ?? 0) + 1);
      });
    });
    upstream.on('error', () => {
      if (!connected) {
        // Refused: this instance is down or draining; the next one gets the connection.
        this.refused += 1;
        this.open.delete(client);
        client.removeAllListeners('close');
        this.route(client, tried + 1, start);
        return;
      }
      this.cut += 1;
      client.destroy();
    });
    client.on('error', () => upstream.destroy());
    // A closed side ends the other once what it sent is written (pipe's end); destroying it would drop that.
    upstream.once('close', () => {
      if (connected) client.end();
    });
    client.once('close', () => upstream.end());
  }

  async close(): Promise<void> {
    for (const socket of this.open) socket.destroy();
    const server = this.server;
    if (server) await new Promise((done) => server.close(done));
  }
}

/** A WhatsApp Cloud webhook to `phoneNumberId` carrying `value` (its messages or statuses), as Meta posts it. */
export function whatsappWebhook(phoneNumberId: string, value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

let inboundSeq = 0;

/** A customer's WhatsApp text to `phoneNumberId` as Meta posts it (webhooks reference: messages, text). */
export function inboundText(phoneNumberId: string, from: string, wamid: string, text: string): string {
  inboundSeq += 1;
  return whatsappWebhook(phoneNumberId, {
    contacts: [{ profile: { name: `Cliente ${inboundSeq}` }, wa_id: from }],
    messages: [
      {
        from,
        id: wamid,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: text },
      },
    ],
  });
}

/** A POST of `body` as JSON signed in as `token`, on a connection of its own (the balancer picks an instance for each). */
export function postAs(baseUrl: string, token: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, connection: 'close' },
    body: JSON.stringify(body),
  });
}

/** An agent's text in the conversation, through `baseUrl`, as the composer sends it (sendMessage). */
export function agentSend(baseUrl: string, token: string, clientId: number, text: string): Promise<Response> {
  return postAs(baseUrl, token, '/graphql', {
    query: 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }',
    variables: { input: { clientId, text } },
  });
}

/** What a webhook sender did with one delivery. */
export interface Delivery {
  wamid: string;
  /** Tries, the first included (Meta redelivers what got no 200). */
  attempts: number;
  /** The first 200, or 0 when none came. */
  ackedAt: number;
  /** Why earlier tries got no 200 (a status, or the network error). */
  failures?: string[];
}

function failed(delivery: Delivery, reason: string): void {
  delivery.failures = [...(delivery.failures ?? []), reason];
}

/**
 * Posts signed webhooks as Meta does: a delivery that gets no 200 (an error, a cut connection, nobody listening) is
 * posted again after `retryMs`, up to `maxAttempts` times. Each post opens its own connection, so the balancer
 * picks an instance per delivery.
 */
export async function deliverWebhook(
  baseUrl: string,
  delivery: Delivery,
  body: string,
  retryMs = 200,
  maxAttempts = 300,
): Promise<void> {
  while (delivery.attempts < maxAttempts) {
    delivery.attempts += 1;
    try {
      const res = await fetch(`${baseUrl}/webhooks/whatsapp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': metaSignature(body),
          connection: 'close',
        },
        body,
      });
      await res.arrayBuffer();
      if (res.status === 200) {
        delivery.ackedAt = Date.now();
        return;
      }
      failed(delivery, `HTTP ${res.status}`);
    } catch (error) {
      // No answer: redelivered, as Meta does.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      failed(delivery, cause?.code ?? cause?.message ?? String(error));
    }
    await new Promise((done) => setTimeout(done, retryMs));
  }
}

/** One stretch a socket client spent without a connection, and when its reload after it finished. */
export interface Gap {
  from: number;
  /** When the reload that followed the reconnection had read the server's state (0 while it has not). */
  reloadedAt: number;
}

/**
 * A socket.io client through the balancer that behaves as the web client (apps/web/src/lib/socket.ts): after the
 * server closes it ('io server disconnect', a drain or a role change) it connects again at once, after a lost
 * connection the manager reconnects by itself, and after either it reloads (`reload`, which reads the server's
 * state as the web client's lists do). Every one of `events` it receives is kept with its arrival time.
 */
export class RealtimeClient {
  readonly received: Array<{ at: number; payload: unknown }> = [];
  readonly gaps: Gap[] = [];
  readonly socket: Socket;
  serverDisconnects = 0;

  constructor(
    baseUrl: string,
    token: string,
    events: string[],
    private readonly reload: () => Promise<void>,
  ) {
    this.socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    for (const event of events)
      this.socket.on(event, (payload: unknown) => this.received.push({ at: Date.now(), payload }));
    this.socket.on('disconnect', (reason) => {
      this.gaps.push({ from: Date.now(), reloadedAt: 0 });
      if (reason === 'io server disconnect') {
        this.serverDisconnects += 1;
        this.socket.connect();
      }
    });
    this.socket.on('connect', () => {
      const gap = this.gaps.at(-1);
      if (!gap || gap.reloadedAt) return;
      void this.reloadUntilDone().then(() => {
        gap.reloadedAt = Date.now();
      });
    });
  }

  /** A reload that fails (its instance went away meanwhile) is tried again, as the web client's query would be. */
  private async reloadUntilDone(): Promise<void> {
    for (let tries = 0; tries < 50; tries += 1) {
      try {
        await this.reload();
        return;
      } catch {
        await new Promise((done) => setTimeout(done, 100));
      }
    }
  }

  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((done, fail) => {
      this.socket.once('connect', () => done());
      this.socket.once('connect_error', fail);
    });
  }

  close(): void {
    this.socket.close();
  }
}

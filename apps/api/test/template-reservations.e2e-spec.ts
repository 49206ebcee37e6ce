import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTemplateComponents, type TemplateView } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { registerCompany, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';
import { postWhatsapp } from './webhook-helpers';

// Template creation reserves the row in a short transaction, calls the provider with no connection held, then
// completes (or releases) the reservation; reservations a stopped process left behind are settled by the sync.
// Against a fake Graph API and a fake 360dialog on 127.0.0.1 whose template creation answers after a delay.

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status: number;
  body: unknown;
}

const APP_ID = '670843887433847';
const WEBHOOK_SECRET = 'd360-reservations-webhook-secret';
// Every connection of this suite's API carries this name (its pool's and its job worker's): pg_stat_activity
// tells them apart from the test's own.
const API_CONNECTIONS = 'crm-api-template-reservations';

/**
 * Graph API (under /v25.0) and 360dialog (under /d360) on one loopback server: a token `token-<waba>` manages WhatsApp
 * Business Account <waba>; a 360dialog key `d360-<phone>` the number's account. Template creations answer after
 * `createDelayMs`, with the next queued refusal if any; the server counts the creations it is answering at once.
 */
class FakeProviders {
  readonly requests: Recorded[] = [];
  /** What each account holds, as its template list answers it. */
  readonly lists = new Map<string, Array<Record<string, unknown>>>();
  createDelayMs = 0;
  inFlight = 0;
  maxInFlight = 0;
  private readonly refusals: Reply[] = [];
  private nextId = 1689556908000000;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeProviders> {
    let fake: FakeProviders | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (!fake) return;
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const recorded: Recorded = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        fake.requests.push(recorded);
        void fake.answer(recorded).then((reply) => {
          res.writeHead(reply.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(reply.body));
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeProviders(server);
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The next template creation is refused with this answer. */
  refuseNext(reply: Reply): void {
    this.refusals.push(reply);
  }

  /** The id the next accepted creation gets. */
  peekNextId(): string {
    return String(this.nextId);
  }

  account(key: string): Array<Record<string, unknown>> {
    let account = this.lists.get(key);
    if (!account) {
      account = [];
      this.lists.set(key, account);
    }
    return account;
  }

  creations(): Recorded[] {
    return this.requests.filter(
      (r) => r.method === 'POST' && /(message_templates|configs\/templates)$/.test(r.path),
    );
  }

  reset(): void {
    this.requests.length = 0;
    this.refusals.length = 0;
    this.createDelayMs = 0;
    this.inFlight = 0;
    this.maxInFlight = 0;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async create(account: Array<Record<string, unknown>>, body: string): Promise<Reply> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, this.createDelayMs));
      const refusal = this.refusals.shift();
      if (refusal) return refusal;
      const template = JSON.parse(body) as Record<string, unknown>;
      const id = String(this.nextId++);
      account.push({ ...template, id, external_id: id, status: 'PENDING' });
      return { status: 200, body: { id, status: 'PENDING', category: template.category } };
    } finally {
      this.inFlight -= 1;
    }
  }

  private answer(request: Recorded): Promise<Reply> {
    const line = `${request.method} ${request.path}`;
    if (line === 'GET /v25.0/debug_token') {
      const waba = (request.query.get('input_token') ?? '').replace(/^token-/, '');
      return Promise.resolve({
        status: 200,
        body: {
          data: {
            app_id: APP_ID,
            is_valid: true,
            granular_scopes: [{ scope: 'whatsapp_business_management', target_ids: [waba] }],
          },
        },
      });
    }
    const graph = /^(GET|POST|DELETE) \/v25\.0\/([^/]+)\/message_templates$/.exec(line);
    if (graph) {
      const [, method, waba] = graph;
      const account = this.account(waba);
      if (method === 'POST') return this.create(account, request.body);
      if (method === 'DELETE') {
        const name = request.query.get('name');
        const id = request.query.get('hsm_id');
        this.lists.set(
          waba,
          account.filter((item) => item.name !== name || (id !== null && item.id !== id)),
        );
        return Promise.resolve({ status: 200, body: { success: true } });
      }
      return Promise.resolve({ status: 200, body: { data: account, paging: { cursors: {} } } });
    }
    if (request.path === '/d360/v1/configs/templates') {
      const account = this.account(String(request.headers['d360-api-key']));
      if (request.method === 'POST') return this.create(account, request.body);
      return Promise.resolve({
        status: 200,
        body: {
          waba_templates: account,
          count: account.length,
          total: account.length,
          offset: 0,
          limit: 1000,
        },
      });
    }
    return Promise.resolve({ status: 500, body: { error: { message: `unexpected ${line}`, code: 1 } } });
  }
}

/** The application as test/helpers' startTestApp starts it, its connections named API_CONNECTIONS. */
async function startApp(env: Record<string, string>): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-api-app-'));
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Charla CRM</title><div id="root"></div>');
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      TRUST_PROXY: 'loopback',
      JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
      ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      ...env,
    },
    dataDir,
  );
  const url = new URL(inject('databaseUrl'));
  url.searchParams.set('application_name', API_CONNECTIONS);
  const app = await createApp(config, url.toString());
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    baseUrl,
    http: request(baseUrl),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let t: TestApp;
let ds: TestSql;
let fake: FakeProviders;
const sockets: Socket[] = [];

beforeAll(async () => {
  fake = await FakeProviders.start();
  t = await startApp({
    WHATSAPP_GRAPH_URL: `${fake.url}/v25.0`,
    DIALOG360_URL: `${fake.url}/d360`,
    DIALOG360_WEBHOOK_TOKEN: WEBHOOK_SECRET,
    JOB_POLL_MS: '100',
  });
  ds = testSql();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

// ---------------------------------------------------------------------------------------------------------

let seq = 0;
function unique(): number {
  seq += 1;
  return Number(`${process.pid % 1000}${String(Date.now()).slice(-6)}${seq}`);
}

interface Company {
  token: string;
  companyId: number;
  cloud: number;
  waba: string;
  dialog: number;
  dialogPhone: string;
}

async function addChannel(companyId: number, platform: string, providerId: string, token: string) {
  const sealed = t.app.get(ChannelsService).sealToken(token);
  const [row] = await ds.query(
    `INSERT INTO channels ("companyId", name, platform, "providerId", "accessToken")
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [companyId, `Canal ${platform} ${providerId}`, platform, providerId, sealed],
  );
  return row.id as number;
}

async function freshCompany(): Promise<Company> {
  const owner = await registerCompany(t, 'reservas');
  const [{ companyId }] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [owner.email]);
  const n = unique();
  const waba = String(102290000000000 + n);
  const dialogPhone = `52155${String(n).slice(-8).padStart(8, '0')}`;
  return {
    token: owner.token,
    companyId,
    waba,
    cloud: await addChannel(companyId, 'whatsapp_cloud', String(106540000000000 + n), `token-${waba}`),
    dialog: await addChannel(companyId, 'dialog360', dialogPhone, `d360-${dialogPhone}`),
    dialogPhone,
  };
}

function api(method: 'get' | 'post', path: string, token: string) {
  return t.http[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
}

/** Sent at once (a supertest request is sent only when awaited). */
function create(c: Company, name: string, channelId = c.cloud): Promise<request.Response> {
  return api('post', '/whatsappTemplate', c.token)
    .send({
      type: 'NORMAL_TEMPLATE',
      category: 'utility',
      channelId,
      name,
      components: buildTemplateComponents({ text: 'Hola, tu pedido va en camino.', examples: [] }),
    })
    .then((res) => res);
}

async function listed(c: Company): Promise<TemplateView[]> {
  const res = await api('get', `/whatsappTemplate/${c.companyId}`, c.token);
  expect(res.status).toBe(200);
  return res.body as TemplateView[];
}

async function rowsOf(companyId: number) {
  return ds.query(`SELECT * FROM whatsapp_templates WHERE "companyId" = $1 ORDER BY name, id`, [companyId]);
}

/** A reservation as a creation leaves it when its process stops during the provider call, made `ageSeconds` ago. */
async function leftReservation(c: Company, name: string, ageSeconds: number, channelId = c.cloud) {
  const components = JSON.stringify(buildTemplateComponents({ text: `Hola desde ${name}`, examples: [] }));
  const [row] = await ds.query(
    `INSERT INTO whatsapp_templates ("companyId", "channelId", name, language, status, type, category, components,
       variables, origin, "rawStatus", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, 'es_MX', 'submitted', 'NORMAL_TEMPLATE', 'utility', $4::jsonb, 0, 'created', 'SUBMITTING',
       now() - make_interval(secs => $5), now() - make_interval(secs => $5))
     RETURNING id`,
    [c.companyId, channelId, name, components, ageSeconds],
  );
  return row.id as number;
}

/** A template of the account, as the provider lists it (made by a creation whose answer we never stored). */
function providerHas(account: string, name: string, status = 'APPROVED'): string {
  const id = String(1700000000000000 + unique());
  fake.account(account).push({
    id,
    name,
    language: 'es_MX',
    category: 'UTILITY',
    status,
    components: [{ type: 'BODY', text: 'Texto del proveedor' }],
  });
  return id;
}

/**
 * The API's connections sitting in an open transaction of the templates (their last statement read or wrote
 * whatsapp_templates or took the creation lock). Background work of the same app — job workers, the automation
 * sweep — has short transactions of its own that a sample can catch between two statements under CI load.
 */
async function idleInTransaction(): Promise<number> {
  const [{ n }] = await ds.query(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE application_name = $1 AND state LIKE 'idle in transaction%'
       AND (query ILIKE '%whatsapp_template%' OR query ILIKE '%pg_advisory_xact_lock%')`,
    [API_CONNECTIONS],
  );
  return n;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Meta's refusal of a name the account has already (made elsewhere). */
const ALREADY_AT_META: Reply = {
  status: 400,
  body: {
    error: {
      message: 'Invalid parameter',
      type: 'OAuthException',
      code: 100,
      error_subcode: 2388024,
      error_user_title: 'Message template already exists',
      fbtrace_id: 'AzReservations',
    },
  },
};

// ---------------------------------------------------------------------------------------------------------

describe('no connection is held while the provider answers', () => {
  it('keeps no transaction open during a slow provider call, and other work of the API goes on', async () => {
    const c = await freshCompany();
    expect(await idleInTransaction()).toBe(0);
    fake.createDelayMs = 1500;
    const started = Date.now();
    const first = create(c, 'lenta_uno').then((res) => ({ res, at: Date.now() }));
    expect(
      await waitFor(
        async () => fake.inFlight,
        (n) => n === 1,
        3000,
      ),
    ).toBe(1);

    // Another creation of the same company reaches the provider while the first one is still waiting there:
    // nothing (lock, transaction) of the first one is held meanwhile.
    const second = create(c, 'lenta_dos');
    await waitFor(
      async () => fake.maxInFlight,
      (n) => n === 2,
      1200,
    );
    expect(fake.maxInFlight).toBe(2);

    // The API reads meanwhile, and lists the first template as submitted, with no provider status yet.
    const readStarted = Date.now();
    const during = await listed(c);
    expect(Date.now() - readStarted).toBeLessThan(1000);
    expect(during.find((v) => v.name === 'lenta_uno')).toMatchObject({
      status: 'submitted',
      rawStatus: null,
    });

    // While the provider holds both calls, none of the API's connections sits in an open transaction (once a call
    // is answered, its completion's short transaction may be caught between two statements).
    const samples: number[] = [];
    while (fake.inFlight === 2) {
      samples.push(await idleInTransaction());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(samples.length).toBeGreaterThan(5);
    expect(samples.every((n) => n === 0)).toBe(true);

    const [a, b] = await Promise.all([first, second]);
    expect(a.res.status).toBe(200);
    expect(a.at - started).toBeGreaterThanOrEqual(1500);
    expect(b.status).toBe(200);
    for (const view of [a.res.body.createWhatsappTemplate, b.body.createWhatsappTemplate] as TemplateView[]) {
      expect(view).toMatchObject({ status: 'submitted', rawStatus: 'PENDING' });
    }
    const rows = await rowsOf(c.companyId);
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['lenta_dos', 'lenta_uno']);
    for (const row of rows) {
      expect(row).toMatchObject({ origin: 'created', status: 'submitted', rawStatus: 'PENDING' });
      expect(row.providerTemplateId).toMatch(/^\d+$/);
      expect(row.providerAccountId).toBe(c.waba);
    }
  });

  it('tells the company the created template once, as before', async () => {
    const c = await freshCompany();
    const socket = await openSocket(t.baseUrl, c.token, sockets);
    const seen: TemplateView[] = [];
    socket.on('whatsappTemplateUpdated', (view: TemplateView) => seen.push(view));
    fake.createDelayMs = 300;
    const res = await create(c, 'avisada');
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: res.body.createWhatsappTemplate.id, rawStatus: 'PENDING' });
  });
});

describe('concurrent creations', () => {
  it('sends one name once: the other creation is TEMPLATE_ALREADY_EXISTS, without a provider call', async () => {
    const c = await freshCompany();
    fake.createDelayMs = 500;
    const results = await Promise.all([create(c, 'gemela'), create(c, 'gemela')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body).toMatchObject({ code: 'TEMPLATE_ALREADY_EXISTS', field: 'name' });
    expect(fake.creations()).toHaveLength(1);
    expect(await rowsOf(c.companyId)).toHaveLength(1);
  });

  it('keeps the limit of 5 under 6 concurrent creations, reservations counted', async () => {
    const c = await freshCompany();
    fake.createDelayMs = 300;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => create(c, `al_mismo_tiempo_${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.body.code === 'WHATSAPP_TEMPLATES_LIMIT_REACHED')).toHaveLength(1);
    expect(fake.creations()).toHaveLength(5);
    const rows = await rowsOf(c.companyId);
    expect(rows).toHaveLength(5);
    expect(rows.every((r: { rawStatus: string }) => r.rawStatus === 'PENDING')).toBe(true);
  });
});

describe('a refusal stores nothing', () => {
  it('drops the reservation the provider refused and tells screens that listed it', async () => {
    const c = await freshCompany();
    const socket = await openSocket(t.baseUrl, c.token, sockets);
    fake.createDelayMs = 800;
    fake.refuseNext(ALREADY_AT_META);
    const pending = create(c, 'hecha_en_meta');
    await waitFor(
      async () => fake.inFlight,
      (n) => n === 1,
      3000,
    );
    const reserved = (await listed(c)).find((v) => v.name === 'hecha_en_meta');
    expect(reserved).toMatchObject({ status: 'submitted', rawStatus: null });
    const deleted = nextEvent<{ id: number; channelId: number }>(socket, 'whatsappTemplateDeleted', 3000);

    const res = await pending;
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'TEMPLATE_ALREADY_EXISTS', field: 'name' });
    expect(await deleted).toEqual({ id: reserved?.id, channelId: c.cloud });
    expect(await rowsOf(c.companyId)).toEqual([]);
    expect(await listed(c)).toEqual([]);
  });

  it('drops it on an outage too, and the name and the slot are free again', async () => {
    const c = await freshCompany();
    fake.refuseNext({
      status: 503,
      body: { error: { message: 'Service temporarily unavailable', code: 2 } },
    });
    const res = await create(c, 'caida');
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.body.code).toBe('PROVIDER_UNAVAILABLE');
    expect(await rowsOf(c.companyId)).toEqual([]);
    expect((await create(c, 'caida')).status).toBe(200);
  });

  it('withdraws the template at the provider when completing the reservation fails', async () => {
    const c = await freshCompany();
    // Our table refuses the provider's answer (a trigger stands for any storage failure after the provider took it).
    await ds.query(`CREATE OR REPLACE FUNCTION test_refuse_completion() RETURNS trigger AS $$
      BEGIN IF NEW.name = 'sin_completar' AND NEW."providerTemplateId" IS NOT NULL THEN
        RAISE EXCEPTION 'storage down'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await ds.query(`CREATE TRIGGER test_refuse_completion BEFORE INSERT OR UPDATE ON whatsapp_templates
      FOR EACH ROW EXECUTE FUNCTION test_refuse_completion()`);
    try {
      const res = await create(c, 'sin_completar');
      expect(res.status).toBe(500);
    } finally {
      await ds.query(`DROP TRIGGER test_refuse_completion ON whatsapp_templates`);
      await ds.query(`DROP FUNCTION test_refuse_completion()`);
    }
    const withdrawn = fake.requests.filter((r) => r.method === 'DELETE');
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0].query.get('name')).toBe('sin_completar');
    expect(withdrawn[0].query.get('hsm_id')).toMatch(/^\d+$/);
    expect(fake.account(c.waba)).toEqual([]);
    expect(await rowsOf(c.companyId)).toEqual([]);
  });
});

describe('reservations left behind (a process stopped during the provider call)', () => {
  it('are hidden from the lists once stale; the sync adopts the one the provider has and deletes the others', async () => {
    const c = await freshCompany();
    const adoptedId = await leftReservation(c, 'quedo_en_meta', 600);
    const providerId = providerHas(c.waba, 'quedo_en_meta');
    const lostId = await leftReservation(c, 'nunca_llego', 600);
    const goneId = await leftReservation(c, 'borrada_en_meta', 600);
    providerHas(c.waba, 'borrada_en_meta', 'DELETED');
    // A creation still waiting for the provider: its reservation is its own.
    const freshId = await leftReservation(c, 'en_camino', 5);
    const socket = await openSocket(t.baseUrl, c.token, sockets);
    const deletedIds: number[] = [];
    socket.on('whatsappTemplateDeleted', ({ id }: { id: number }) => deletedIds.push(id));

    expect((await listed(c)).map((v) => [v.name, v.status, v.rawStatus])).toEqual([
      ['en_camino', 'submitted', null],
    ]);

    const res = await api('post', '/whatsappTemplate/sync', c.token).send({ channelId: c.cloud });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 0, updated: 1, total: 2 });

    const rows = await rowsOf(c.companyId);
    expect(rows.map((r: { id: number }) => r.id)).toEqual([freshId, adoptedId]);
    expect(rows[1]).toMatchObject({
      name: 'quedo_en_meta',
      origin: 'created',
      status: 'accepted',
      rawStatus: 'APPROVED',
      providerTemplateId: providerId,
      providerAccountId: c.waba,
    });
    // Ours keeps the components we built.
    expect(rows[1].components).toEqual(
      buildTemplateComponents({ text: 'Hola desde quedo_en_meta', examples: [] }),
    );
    expect(rows[0]).toMatchObject({ name: 'en_camino', rawStatus: 'SUBMITTING', providerTemplateId: null });
    await waitFor(
      async () => deletedIds.length,
      (n) => n === 2,
      2000,
    );
    expect(deletedIds.sort((a, b) => a - b)).toEqual([lostId, goneId].sort((a, b) => a - b));
    // Newest first.
    expect((await listed(c)).map((v) => v.name)).toEqual(['en_camino', 'quedo_en_meta']);
  });

  it('heal themselves when they block a creation: the limit they fill queues a sync of their channel', async () => {
    const c = await freshCompany();
    for (const name of ['perdida_1', 'perdida_2', 'perdida_3', 'perdida_4'])
      await leftReservation(c, name, 900);
    const adoptedId = await leftReservation(c, 'perdida_en_meta', 900);
    providerHas(c.waba, 'perdida_en_meta', 'PENDING');

    const refused = await create(c, 'nueva');
    expect(refused.body.code).toBe('WHATSAPP_TEMPLATES_LIMIT_REACHED');
    expect(fake.creations()).toEqual([]);
    // The templates-sync job settles them without anyone asking.
    const rows = await waitFor(
      () => rowsOf(c.companyId),
      (r: unknown[]) => r.length === 1,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: adoptedId,
      status: 'submitted',
      rawStatus: 'PENDING',
      origin: 'created',
    });

    const res = await create(c, 'nueva');
    expect(res.status).toBe(200);
    expect((await rowsOf(c.companyId)).map((r: { name: string }) => r.name)).toEqual([
      'nueva',
      'perdida_en_meta',
    ]);
  });

  it('hold their name until settled: a creation of it queues the sync, then the name is free', async () => {
    const c = await freshCompany();
    await leftReservation(c, 'ocupada', 900, c.dialog);
    const refused = await create(c, 'ocupada', c.dialog);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TEMPLATE_ALREADY_EXISTS');
    await waitFor(
      () => rowsOf(c.companyId),
      (r: unknown[]) => r.length === 0,
    );
    expect(await rowsOf(c.companyId)).toEqual([]);
    expect((await create(c, 'ocupada', c.dialog)).status).toBe(200);
  });
});

describe('status webhooks for a reserved template', () => {
  /** Meta's message_template_status_update, as the Cloud API and 360dialog send it. */
  function statusWebhook(waba: string, event: string, name: string, id: string | null): string {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: waba,
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event,
                message_template_id: '__ID__',
                message_template_name: name,
                message_template_language: 'es_MX',
                reason: 'NONE',
              },
            },
          ],
        },
      ],
    });
    return body.replace('"__ID__"', id ?? 'null');
  }

  it('apply while the creation waits (360dialog names the number): the provider’s later answer does not undo it', async () => {
    const c = await freshCompany();
    fake.createDelayMs = 1200;
    const pending = create(c, 'aprobada_al_vuelo', c.dialog);
    await waitFor(
      async () => fake.inFlight,
      (n) => n === 1,
      3000,
    );
    const hook = await t.http
      .post(`/webhooks/360dialog/${c.dialogPhone}`)
      .set('Content-Type', 'application/json')
      .set('x-webhook-token', WEBHOOK_SECRET)
      .send(statusWebhook('102299999', 'APPROVED', 'aprobada_al_vuelo', null));
    expect(hook.status).toBe(200);
    const during = await waitFor(
      () => ds.query(`SELECT * FROM whatsapp_templates WHERE "channelId" = $1`, [c.dialog]),
      (rows: Array<{ status: string }>) => rows[0]?.status === 'accepted',
    );
    expect(during[0]).toMatchObject({ status: 'accepted', rawStatus: 'APPROVED', providerTemplateId: null });
    expect(fake.inFlight).toBe(1);

    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.createWhatsappTemplate).toMatchObject({ status: 'accepted', rawStatus: 'APPROVED' });
    const [row] = await ds.query(`SELECT * FROM whatsapp_templates WHERE "channelId" = $1`, [c.dialog]);
    expect(row).toMatchObject({ status: 'accepted', rawStatus: 'APPROVED', origin: 'created' });
    expect(row.providerTemplateId).toMatch(/^\d+$/);
  });

  // Meta's template ids are unique, but other test files' fakes hand out the same ones: CI once applied this
  // status to another company's template of the same id, which is why a status now only reaches templates of the
  // account it comes from.
  it('apply once the creation completes when they name the template by Meta’s id (Cloud API)', {
    timeout: 40_000,
  }, async () => {
    const c = await freshCompany();
    fake.createDelayMs = 1200;
    const id = fake.peekNextId();
    const pending = create(c, 'aprobada_por_id');
    await waitFor(
      async () => fake.inFlight,
      (n) => n === 1,
      3000,
    );
    expect((await postWhatsapp(t, statusWebhook(c.waba, 'APPROVED', 'aprobada_por_id', id))).status).toBe(
      200,
    );
    const res = await pending;
    expect(res.status).toBe(200);
    // The status waits in a retry job; earlier tests of this file leave slow provider calls (syncs) on the workers,
    // so under CI load its turn can come several seconds later.
    const row = await waitFor(
      async () => (await rowsOf(c.companyId))[0],
      (r: { status: string }) => r.status === 'accepted',
      25_000,
    );
    expect(row).toMatchObject({ status: 'accepted', rawStatus: 'APPROVED', providerTemplateId: id });

    // Another account's status naming the same id is not about this template.
    const other = `9${c.waba}`;
    expect((await postWhatsapp(t, statusWebhook(other, 'REJECTED', 'aprobada_por_id', id))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await rowsOf(c.companyId))[0]).toMatchObject({ status: 'accepted', rawStatus: 'APPROVED' });
  });
});

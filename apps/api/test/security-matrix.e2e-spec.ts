import { request as httpRequest } from 'node:http';
import {
  agentRoom,
  campaignsRoom,
  companyConversationsRoom,
  companyRoom,
  conversationSocketRooms,
  INVALID_CHARACTERS_MESSAGE,
  onboardingRoom,
  phoneRoom,
} from '@crm/shared';
import { io, type Socket } from 'socket.io-client';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS_PATHS } from '../src/app.factory';
import { SessionsService } from '../src/modules/sessions/sessions.service';
import { registerCompany, startTestApp, type TestApp, uniqueIp } from './helpers';
import {
  buildGraphqlCall,
  buildRestCall,
  enumerateOperations,
  type GraphqlCall,
  type OpenApiDocument,
  type Operation,
  openApiOperation,
  type RestCall,
  UnbuildableCall,
  ValueMaker,
} from './security-matrix-calls';
import { dropTenant, seedTenant, type Tenant, tenantSnapshot, userLacking } from './security-matrix-kit';
import { nextEvent } from './socket-helpers';
import { type TestSql, testSql } from './sql';

/**
 * Issue 22 "Security": every REST route and GraphQL operation of the running app, enumerated from Nest's metadata
 * and the built schema, is called (a) without a token, (b) by a user whose role lacks its permission, (c) by an
 * all-permission user of company A with company B's ids in every id field; and every route is checked for the
 * protections every answer must keep. A new route is enumerated like the others: it passes these or fails here.
 */

/** Open without a token, on purpose, each with why. A public handler missing here fails the matrix. */
const PUBLIC_HANDLERS: Record<string, string> = {
  'AuthController.login': 'sign-in',
  'AuthController.getUserByEmail': 'sign-in (asks which sign-in the e-mail uses)',
  'AuthController.sendTwoFactorCode': 'sign-in (second factor)',
  'AuthController.verifyToken': 'sign-in (checks a token it is given)',
  'AuthController.emailVerification': 'sign-up (e-mail code)',
  'AuthController.verify': 'sign-up (e-mail code)',
  'AuthController.register': 'sign-up',
  'AuthController.sendResetPasswordEmail': 'password reset',
  'AuthController.resetPassword': 'password reset (by its one-time token)',
  'BillingController.pricing': 'plan prices shown on /select-plan before sign-up (issue 19)',
  'DevOutboxController.outbox': 'development outbox (mounted outside production only)',
  'HealthController.health': 'health check (GET /api/health, kept for earlier callers)',
  'HealthController.live': 'liveness probe (GET /health): the process answers, nothing else',
  'HealthController.ready': 'readiness probe (GET /ready): database reachable and migrated, no data',
  'MetricsController.scrape':
    'Prometheus scrape (GET /metrics): loopback callers or the METRICS_TOKEN bearer only',
  'OnboardingController.get': 'sign-up record before the account exists, by its random id (issue 19)',
  'OnboardingController.set': 'sign-up record before the account exists, by its random id (issue 19)',
  'OnboardingResolver.createOnboardingInProcess': 'sign-up record before the account exists (issue 19)',
  'OnboardingResolver.onboardingInProcesses': 'sign-up record before the account exists (issue 19)',
  'OnboardingResolver.updateOnboardingInProcess': 'sign-up record before the account exists (issue 19)',
  'StripeWebhookController.receive': 'webhook: answers by Stripe-Signature',
  'WebhooksController.receive': "webhook: answers by the provider's signature",
  'WebhooksController.verify': "webhook: Meta's subscription handshake (verify token)",
};

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a80000000049454e44ae426082',
  'hex',
);
const DISGUISED_PAGE = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');

interface Answer {
  op: string;
  status: number;
  code?: string;
  userMessage?: string;
  field?: string;
  text: string;
}

let t: TestApp;
let db: TestSql;
let A: Tenant;
let B: Tenant;
let doc: OpenApiDocument;
let ops: Operation[];
const tokens = {} as Record<'aAdmin' | 'aNobody' | 'aAgent' | 'aAgent2' | 'bAdmin', string>;
const headerFaults: string[] = [];
const counts: Record<string, number> = {};
const count = (key: string, n = 1) => {
  counts[key] = (counts[key] ?? 0) + n;
};

function checkHeaders(op: string, headers: Record<string, string | string[] | undefined>): void {
  const missing: string[] = [];
  if (headers['x-content-type-options'] !== 'nosniff') missing.push('nosniff');
  if (headers['x-frame-options'] !== 'DENY') missing.push('x-frame-options');
  if (!String(headers['content-security-policy'] ?? '').includes("frame-ancestors 'none'"))
    missing.push('csp');
  if (!headers['referrer-policy']) missing.push('referrer-policy');
  if (missing.length > 0) headerFaults.push(`${op}: ${missing.join(', ')}`);
  count('answers with headers checked');
}

function textOf(res: Response): string {
  if (typeof res.text === 'string' && res.text.length > 0) return res.text;
  if (Buffer.isBuffer(res.body)) return res.body.toString('utf8');
  return JSON.stringify(res.body ?? '');
}

async function sendRest(
  op: Operation,
  call: RestCall,
  token: string | null,
  override?: { body?: Record<string, unknown>; query?: Record<string, string>; file?: Buffer },
): Promise<Answer> {
  const method = call.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = t.http[method](call.url).set('X-Forwarded-For', uniqueIp());
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  req = req.query(override?.query ?? call.query);
  const body = override?.body ?? call.body;
  if (call.multipart || (override?.file && call.files.length > 0)) {
    for (const [key, value] of Object.entries(body ?? {})) {
      req = req.field(key, typeof value === 'string' ? value : JSON.stringify(value));
    }
    for (const file of call.files) {
      req = req.attach(file, override?.file ?? PNG, {
        filename: 'foto.png',
        contentType: 'image/png',
      });
    }
  } else if (body && method !== 'get') {
    req = req.send(body);
  }
  const res = await req.buffer(true);
  checkHeaders(op.name, res.headers);
  const json = (res.body ?? {}) as { code?: string; userMessage?: string; field?: string };
  return {
    op: op.name,
    status: res.status,
    code: json.code,
    userMessage: json.userMessage,
    field: json.field,
    text: textOf(res),
  };
}

async function sendGraphql(
  op: Operation,
  call: GraphqlCall,
  token: string | null,
  variables?: object,
): Promise<Answer> {
  let req = t.http.post('/graphql').set('X-Forwarded-For', uniqueIp());
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  const res = await req.send({ query: call.query, variables: variables ?? call.variables });
  checkHeaders(op.name, res.headers);
  const body = res.body as {
    data?: unknown;
    errors?: Array<{ extensions?: { code?: string; status?: number; userMessage?: string; field?: string } }>;
  };
  const error = body.errors?.[0]?.extensions;
  const code = error?.code;
  const status =
    res.status !== 200
      ? res.status
      : error
        ? (error.status ??
          (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_USER_INPUT' ? 400 : code ? 500 : 500))
        : 200;
  return { op: op.name, status, code, userMessage: error?.userMessage, field: error?.field, text: res.text };
}

type Built =
  | { op: Operation; kind: 'rest'; call: RestCall; maker: ValueMaker }
  | { op: Operation; kind: 'graphql'; call: GraphqlCall; maker: ValueMaker };

function build(op: Operation, tenant: Tenant, foreign?: { path: string; tenant: Tenant }): Built {
  const maker = new ValueMaker(op, tenant, foreign);
  if (op.kind === 'graphql') return { op, kind: 'graphql', call: buildGraphqlCall(op, maker), maker };
  const api = openApiOperation(doc, op);
  if (!api) throw new UnbuildableCall(`${op.name} (${op.handler}): not in the OpenAPI document`);
  return { op, kind: 'rest', call: buildRestCall(doc, op, api, maker), maker };
}

function send(built: Built, token: string | null): Promise<Answer> {
  return built.kind === 'rest'
    ? sendRest(built.op, built.call, token)
    : sendGraphql(built.op, built.call, token);
}

/** Calls in batches of `size` at once: the suite stays fast on two cores without flooding the app. */
async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

function isMutating(op: Operation): boolean {
  return op.kind === 'graphql' ? op.operationType === 'mutation' : op.method !== 'GET';
}

/** Values of `tenant`'s rows found in `text`: names, phones, e-mails, texts, and (in a success) its row ids. */
function leaks(tenant: Tenant, answer: Answer, withIds: boolean): string[] {
  const found = tenant.secrets.filter((s) => answer.text.includes(s));
  if (withIds && answer.status < 300) {
    for (const id of tenant.rowIds)
      if (new RegExp(`(?<![\\d.])${id}(?![\\d.])`).test(answer.text)) found.push(`id ${id}`);
  }
  return found;
}

async function openSession(userId: number, companyId: number): Promise<string> {
  return t.app.get(SessionsService).open({ id: userId, companyId }, { ip: '127.0.0.1', userAgent: 'matriz' });
}

async function companyOf(email: string): Promise<number> {
  const [row] = await db.query(`SELECT "companyId" FROM users WHERE email = $1`, [email]);
  return row.companyId as number;
}

beforeAll(async () => {
  t = await startTestApp();
  db = testSql();
  const [ownerA, ownerB] = await Promise.all([registerCompany(t, 'matriza'), registerCompany(t, 'matrizb')]);
  // Ids far above the sequences (and apart per run), so an id of B is recognisable in any answer.
  const base = 7_000_000 + Math.floor(Math.random() * 10_000) * 200;
  A = await seedTenant(db, await companyOf(ownerA.email), 'Alfa', base);
  B = await seedTenant(db, await companyOf(ownerB.email), 'Bravo', base + 100);
  // Boards are an option of the company (off after sign-up): on, so their routes reach their own checks.
  await db.query(`UPDATE companies SET "isBoardsActive" = true WHERE id = ANY($1)`, [
    [A.companyId, B.companyId],
  ]);
  tokens.aAdmin = ownerA.token;
  tokens.bAdmin = ownerB.token;
  tokens.aNobody = await openSession(A.users.nobody, A.companyId);
  tokens.aAgent = await openSession(A.users.agent, A.companyId);
  tokens.aAgent2 = await openSession(A.users.agent2, A.companyId);
  doc = (await t.http.get('/api/docs/openapi.json')).body as OpenApiDocument;
  // The global prefix's exclusions (app.factory): webhooks, the probes and metrics, and /api/health as declared.
  const unprefixed = (path: string) =>
    path === '/webhooks' ||
    path.startsWith('/webhooks/') ||
    path === '/api/health' ||
    OPERATIONS_PATHS.some((p) => path === `/${p}`);
  ops = enumerateOperations(t, (path) => (unprefixed(path) ? path : `/api${path === '/' ? '' : path}`));
});

afterAll(async () => {
  await t?.close();
  if (process.env.MATRIX_SUMMARY) console.info('security matrix', JSON.stringify(counts));
  for (const tenant of [A, B]) if (tenant) await dropTenant(db, tenant.companyId);
});

describe('the matrix covers every route and operation', () => {
  it('enumerates the REST routes and GraphQL operations, each with a declared access and a call it can build', () => {
    expect(ops.filter((o) => o.kind === 'rest').length).toBeGreaterThan(100);
    expect(ops.filter((o) => o.kind === 'graphql').length).toBeGreaterThan(100);
    expect(ops.filter((o) => o.access === 'none').map((o) => `${o.name} (${o.handler})`)).toEqual([]);
    const publicOnes = [...new Set(ops.filter((o) => o.access === 'public').map((o) => o.handler))].sort();
    expect(publicOnes).toEqual(Object.keys(PUBLIC_HANDLERS).sort());
    const unbuildable: string[] = [];
    for (const op of ops) {
      try {
        build(op, B);
      } catch (error) {
        if (!(error instanceof UnbuildableCall)) throw error;
        unbuildable.push(error.message);
      }
    }
    expect(unbuildable).toEqual([]);
    count('REST routes', ops.filter((o) => o.kind === 'rest').length);
    count('GraphQL operations', ops.filter((o) => o.kind === 'graphql').length);
  });
});

describe('(a) without a token', () => {
  it('answers every non-public route and operation with 401 (GraphQL: INVALID_TOKEN)', async () => {
    const guarded = ops.filter((o) => o.access !== 'public');
    const answers = await inBatches(guarded, 8, (op) => send(build(op, B), null));
    const wrong = answers
      .filter((a, i) =>
        guarded[i].kind === 'rest'
          ? a.status !== 401 || a.code !== 'UNAUTHORIZED'
          : a.status !== 401 || a.code !== 'INVALID_TOKEN',
      )
      .map((a) => `${a.op}: ${a.status} ${a.code}`);
    expect(wrong).toEqual([]);
    for (const a of answers) expect(leaks(B, a, true), a.op).toEqual([]);
    count('(a) calls', answers.length);
  });
});

describe('(b) with a token lacking the permission', () => {
  it('answers every permission-guarded route 403, and routes for any signed-in user with nothing but their own data', async () => {
    // For each route, a user of A holding every permission but the ones the route's guard accepts (any one of
    // them would do): the refusal must come, whatever else the user may do.
    const guarded = ops.filter((o) => o.access === 'permissions');
    const lackingSets = [...new Set(guarded.map((o) => [...o.permissions].sort().join(',')))];
    const tokenLacking = new Map<string, string>();
    for (const [i, set] of lackingSets.entries()) {
      const userId = await userLacking(db, A, set.split(','), i);
      tokenLacking.set(set, await openSession(userId, A.companyId));
    }
    count('roles lacking a route’s permissions', lackingSets.length);
    const refused = await inBatches(guarded, 8, (op) =>
      send(build(op, A), tokenLacking.get([...op.permissions].sort().join(',')) ?? null),
    );
    const wrong = refused
      .filter((a) => a.status !== 403 || a.code !== 'FORBIDDEN')
      .map((a) => `${a.op}: ${a.status} ${a.code}`);
    expect(wrong).toEqual([]);
    count('(b) calls refused 403', refused.length);

    // Routes any signed-in user may call: nothing of another company, nor the conversations of their own they may
    // not see (customers' names, phones, messages, data-sheet values). Sign-out last: it ends the session.
    const anyUser = ops
      .filter((o) => o.access === 'authenticated')
      .sort(
        (x, y) =>
          Number(x.handler === 'AuthController.logout') - Number(y.handler === 'AuthController.logout'),
      );
    const conversationsOfA = A.secrets.filter((s) => /Cliente|Mensaje|Dato|Seguimiento/.test(s));
    const phonesOfA = Object.values(A.clientPhones);
    const answered: string[] = [];
    for (const op of anyUser) {
      const a = await send(build(op, A), tokens.aNobody);
      expect(a.status, `${a.op}: ${a.code}`).toBeLessThan(500);
      expect(leaks(B, a, true), a.op).toEqual([]);
      expect(
        [...conversationsOfA, ...phonesOfA].filter((s) => a.text.includes(s)),
        a.op,
      ).toEqual([]);
      answered.push(`${a.op} ${a.status}`);
    }
    count('(b) calls by any signed-in user', anyUser.length);
    expect(answered.length).toBe(anyUser.length);
  });
});

/** The last named segment of a field path (`columns.0.id` → `id`, `input.channelId` → `channelId`). */
function fieldName(path: string | undefined): string | undefined {
  return path
    ?.split('.')
    .filter((p) => !/^\d+$/.test(p))
    .pop();
}

describe('(c) with another company’s ids in every id field', () => {
  it('answers only 401/403/404 or the documented 400, changes none of its rows and shows none of its data', async () => {
    const before = await tenantSnapshot(db, B.companyId);
    const faults: string[] = [];
    const inconclusive: string[] = [];
    // Every id field at once with B's rows; then, where a call names several rows, each field alone with B's row
    // and the others with A's own, so no other id can stop the call before that field is checked.
    const calls: Array<{ built: Built; foreign: string[]; variant: boolean }> = [];
    for (const op of ops) {
      if (op.access === 'public') continue;
      const built = build(op, B);
      const rowIds = built.maker.idFields.filter((f) => f.kind !== 'company').map((f) => f.path);
      // A call naming no row of B (only the company id, accepted and ignored) acts on the caller's own company:
      // queries still run for the leak check; such mutations are left to (a) and (b), they would change A.
      if (rowIds.length === 0 && isMutating(op)) {
        count('(c) mutations naming no row (not called)');
        continue;
      }
      calls.push({ built, foreign: rowIds, variant: false });
      if (rowIds.length < 2) continue;
      for (const path of new Set(rowIds)) {
        calls.push({ built: build(op, A, { path, tenant: B }), foreign: [path], variant: true });
      }
    }
    for (const { built, foreign, variant } of calls) {
      const a = await send(built, tokens.aAdmin);
      const label = variant ? `${a.op} [B's ${foreign[0]} only]` : a.op;
      count(variant ? '(c) calls with one field of B' : '(c) calls with every id of B');
      count(`(c) answers ${a.status}`);
      const leaked = leaks(B, a, true);
      if (leaked.length > 0) faults.push(`${label}: shows B's ${leaked.join(', ')}`);
      if (foreign.length > 0) {
        const documented400 = built.kind === 'rest' ? built.call.documented400 : true;
        const allowed = [401, 403, 404, ...(documented400 ? [400] : [])];
        if (!allowed.includes(a.status)) faults.push(`${label}: ${a.status} ${a.code ?? ''} with B's ids`);
        if (a.status === 400 && !a.userMessage) faults.push(`${label}: 400 without a userMessage`);
        // A 400 must be about one of B's ids: a refusal for another field would mean the call never reached the
        // ownership checks, and the matrix would prove nothing for that route.
        const names = new Set(foreign.map(fieldName));
        if (a.status === 400 && !names.has(fieldName(a.field))) {
          // With A's own rows in the other fields, a refusal for another field (two ids that exclude each other,
          // a value the A-side lacks) says nothing about B's: counted, while the call with every id of B stands.
          if (variant) inconclusive.push(`${label}: 400 on ${a.field}`);
          else faults.push(`${label}: 400 on ${a.field}, not B's id`);
        }
      } else if (a.status >= 500) {
        faults.push(`${label}: ${a.status}`);
      }
      if (isMutating(built.op)) {
        const after = await tenantSnapshot(db, B.companyId);
        const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
        if (changed.length > 0) {
          faults.push(`${label}: changed B's ${changed.join(', ')}`);
          Object.assign(before, after);
        }
      }
    }
    // Queries are not followed by a snapshot each; none of them may have changed anything either.
    const final = await tenantSnapshot(db, B.companyId);
    const changed = Object.keys(before).filter((table) => before[table] !== final[table]);
    if (changed.length > 0) faults.push(`a query changed B's ${changed.join(', ')}`);
    count('(c) single-field calls refused for another field (inconclusive)', inconclusive.length);
    if (process.env.MATRIX_SUMMARY) console.info('inconclusive', inconclusive);
    expect(faults).toEqual([]);
  });
});

/** A request that declares a body of 1 GiB and sends none of it: the answer must come before any byte is read. */
function declareHugeBody(method: string, path: string, contentType: string): Promise<Answer> {
  const url = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: {
          'content-type': contentType,
          'content-length': String(1024 ** 3),
          'x-forwarded-for': uniqueIp(),
          authorization: `Bearer ${tokens.aAdmin}`,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          req.destroy();
          checkHeaders(`${method} ${path} (declared 1 GiB)`, res.headers);
          const body = JSON.parse(text || '{}') as { code?: string; userMessage?: string };
          resolve({
            op: `${method} ${path}`,
            status: res.statusCode ?? 0,
            code: body.code,
            userMessage: body.userMessage,
            text,
          });
        });
      },
    );
    req.on('error', reject);
    req.flushHeaders();
  });
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target as Record<string, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1]] = value;
}

/** Webhooks keep a provider's payload (NULs removed, never refused: a refused delivery would be retried forever). */
const KEEPS_NUL = new Set([
  'StripeWebhookController.receive',
  'WebhooksController.receive',
  'WebhooksController.verify',
]);

describe('protections every route inherits', () => {
  it('refuses a body declared over the limit with 413 before reading it, on every route that takes one', async () => {
    const withBody = ops.filter((o) => o.kind === 'rest' && o.method !== 'GET');
    const targets = [
      ...withBody.map((op) => {
        const api = openApiOperation(doc, op);
        const content = api?.requestBody?.content ?? {};
        const multipart = !!content['multipart/form-data'] && !content['application/json'];
        return {
          method: op.method ?? 'POST',
          path: (op.path ?? '').replace(/:\w+/g, '1'),
          type: multipart ? 'multipart/form-data; boundary=x' : 'application/json',
        };
      }),
      { method: 'POST', path: '/graphql', type: 'application/json' },
    ];
    const answers = await inBatches(targets, 8, (x) => declareHugeBody(x.method, x.path, x.type));
    const wrong = answers
      .filter((a) => a.status !== 413 || !a.code || !a.userMessage)
      .map((a) => `${a.op}: ${a.status} ${a.code}`);
    expect(wrong).toEqual([]);
    count('routes refusing a declared 1 GiB body', answers.length);
  });

  it('refuses a NUL in any text a route reads with 400 and the Spanish message, REST and GraphQL', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of ops) {
      if (KEEPS_NUL.has(op.handler) || op.handler === 'AuthController.logout') continue;
      const built = build(op, A);
      let answer: Answer | null = null;
      if (built.kind === 'rest') {
        const call = built.call;
        const target = call.stringFields[0];
        if (target?.in === 'query') {
          answer = await sendRest(op, call, tokens.aAdmin, {
            query: { ...call.query, [target.path[0]]: 'Ma\u0000triz' },
          });
        } else if (target?.in === 'body' && call.body) {
          const body = structuredClone(call.body);
          setPath(body, target.path, 'Ma\u0000triz');
          answer = await sendRest(op, call, tokens.aAdmin, { body });
        } else if (call.body && !call.multipart) {
          // No text field: a NUL in a key is refused just the same.
          answer = await sendRest(op, call, tokens.aAdmin, { body: { ...call.body, 'cla\u0000ve': 1 } });
        }
      } else {
        const target = built.call.stringFields[0];
        if (target) {
          const variables = structuredClone(built.call.variables);
          setPath(variables, target, 'Ma\u0000triz');
          answer = await sendGraphql(op, built.call, tokens.aAdmin, variables);
        }
      }
      if (!answer) {
        count('operations without text input (NUL check not applicable)');
        continue;
      }
      checked += 1;
      if (answer.status !== 400 || answer.userMessage !== INVALID_CHARACTERS_MESSAGE) {
        wrong.push(`${answer.op}: ${answer.status} ${answer.code} ${answer.userMessage ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
    count('operations refusing a NUL', checked);
  });

  it('types every upload by its bytes: a page disguised as a PNG is refused on every route that takes a file', async () => {
    const uploads = ops
      .map((op) => (op.kind === 'rest' ? build(op, A) : null))
      .filter((b): b is Built & { kind: 'rest' } => b?.kind === 'rest' && b.call.files.length > 0);
    expect(uploads.length).toBeGreaterThan(5);
    const wrong: string[] = [];
    for (const built of uploads) {
      const a = await sendRest(built.op, built.call, tokens.aAdmin, { file: DISGUISED_PAGE });
      // Refused for the file itself, not for another field: the check that types it by its bytes ran.
      const forTheFile = a.field !== undefined && built.call.files.includes(a.field);
      if (
        a.status < 400 ||
        a.status >= 500 ||
        !forTheFile ||
        !a.userMessage ||
        a.text.includes('/uploads/')
      ) {
        wrong.push(`${a.op}: ${a.status} ${a.code} ${a.field ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
    count('upload routes refusing a disguised file', uploads.length);
  });

  it('sends the security headers (CSP without framing, nosniff, DENY, referrer policy) on every answer', () => {
    expect(headerFaults).toEqual([]);
    expect(counts['answers with headers checked']).toBeGreaterThan(500);
  });
});

describe('sockets: no room of another company or another agent, whatever a client sends', () => {
  const opened: Socket[] = [];
  afterAll(() => {
    for (const socket of opened) socket.disconnect();
  });

  /** A socket whose handshake also claims another company's rooms and ids, in every place a client can put them. */
  function forgedSocket(token: string, claims: Record<string, unknown>): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = io(t.baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token, ...claims },
        query: Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, JSON.stringify(v)])),
        reconnection: false,
      });
      opened.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  function heard(socket: Socket): string[] {
    const events: string[] = [];
    socket.onAny((event: string, ...args: unknown[]) => events.push(`${event} ${JSON.stringify(args)}`));
    return events;
  }

  async function writeIn(token: string, channelId: number, from: string, text: string): Promise<void> {
    const res = await t.http
      .post('/api/sandbox/simulate')
      .set('Authorization', `Bearer ${token}`)
      .send({ channelId, from, name: 'Cliente Simulado', text });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  }

  it("hears nothing of company B nor of another agent's conversations after joins, forged rooms and real events", async () => {
    // Every room name of B and of A's second agent, as a client could spell them.
    const forbiddenRooms = [
      companyRoom(B.companyId),
      companyConversationsRoom(B.companyId),
      campaignsRoom(B.companyId),
      onboardingRoom(B.companyId),
      phoneRoom(B.channelPhone),
      agentRoom(B.users.admin),
      agentRoom(B.users.agent),
      agentRoom(A.users.agent2),
      ...conversationSocketRooms(
        { userId: B.users.admin, companyId: B.companyId, roleName: 'admin', adminOf: [] },
        true,
      ),
      ...conversationSocketRooms(
        { userId: A.users.agent2, companyId: A.companyId, roleName: 'agente', adminOf: [] },
        true,
      ),
    ];
    const claims = {
      companyId: B.companyId,
      userId: B.users.admin,
      rooms: forbiddenRooms,
      room: companyRoom(B.companyId),
    };
    const aAdmin = await forgedSocket(tokens.aAdmin, claims);
    const aAgent = await forgedSocket(tokens.aAgent, claims);
    // Who may hear each event, so an event that never went out cannot pass for one that was withheld.
    const bAdmin = await forgedSocket(tokens.bAdmin, {});
    const aAgent2 = await forgedSocket(tokens.aAgent2, {});
    const heardBy = { aAdmin: heard(aAdmin), aAgent: heard(aAgent) };
    for (const socket of [aAdmin, aAgent]) {
      for (const event of [
        'join',
        'joinRoom',
        'join_room',
        'subscribe',
        'room',
        'enter',
        'conversation',
        'openConversation',
      ]) {
        for (const room of forbiddenRooms) {
          socket.emit(event, room);
          socket.emit(event, {
            room,
            rooms: [room],
            companyId: B.companyId,
            clientId: B.ids.client,
            userId: B.users.agent,
          });
        }
        socket.emit(event, forbiddenRooms);
      }
    }
    count('socket join attempts', 2 * 8 * (forbiddenRooms.length * 2 + 1));

    // A customer writes to company B: B's admin hears it, nobody of A does.
    const toB = nextEvent<{ client: { id: number } }>(bAdmin, 'newMessage', 5000);
    await writeIn(tokens.bAdmin, B.ids.channel, B.clientPhones[B.ids.client], 'Mensaje para Bravo');
    expect((await toB).client.id).toBe(B.ids.client);
    // A's second agent's customer writes: that agent hears it, A's first agent (who may not see it) does not.
    const agent2Client = Number(Object.keys(A.clientPhones).find((id) => Number(id) !== A.ids.client));
    const toAgent2 = nextEvent<{ client: { id: number } }>(
      aAgent2,
      'newMessage',
      5000,
      (p) => p.client.id === agent2Client,
    );
    await writeIn(tokens.aAdmin, A.ids.channel, A.clientPhones[agent2Client], 'Mensaje para el agente dos');
    await toAgent2;
    // Strays would arrive within this while.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const bValues = [...B.secrets, ...B.rowIds.map(String), 'Mensaje para Bravo'];
    expect(heardBy.aAdmin.filter((e) => bValues.some((v) => e.includes(v)))).toEqual([]);
    expect(heardBy.aAgent.filter((e) => bValues.some((v) => e.includes(v)))).toEqual([]);
    expect(
      heardBy.aAgent.filter(
        (e) => e.includes('Mensaje para el agente dos') || e.includes(String(agent2Client)),
      ),
    ).toEqual([]);
    // A's admin sees the whole company: the event reached it, so the agent's silence is the rule, not a lost event.
    expect(heardBy.aAdmin.some((e) => e.includes('Mensaje para el agente dos'))).toBe(true);
    expect(aAdmin.connected && aAgent.connected).toBe(true);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { inject } from 'vitest';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { type TestSql } from './sql';

export const DEMO_PASSWORD = 'Demo12345';

export interface TestApp {
  app: INestApplication;
  baseUrl: string;
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

/**
 * The real application on a loopback port, against the run's PostgreSQL (or `databaseUrl`), with a stub web
 * build.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  databaseUrl: string = inject('databaseUrl'),
): Promise<TestApp> {
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
      // Shared by every instance of a run, as several production instances share theirs.
      JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
      ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      ...env,
    },
    dataDir,
  );
  const app = await createApp(config, databaseUrl);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const close = async (): Promise<void> => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, baseUrl, http: request(baseUrl), close };
}

// Files share one process (and this counter) and one database, whose rate-limit buckets outlive a file: the
// counter never wraps, and starts at a random point so a rerun against the same database meets fresh buckets.
let ipCounter = Math.floor(Math.random() * 0x400000);
/** A distinct client address per call, so per-IP limits of one test never touch another. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function login(
  t: TestApp,
  email: string,
  password = DEMO_PASSWORD,
  extra: object = {},
): Promise<string> {
  const res = await t.http
    .post('/api/loginDash')
    .set('X-Forwarded-For', uniqueIp())
    .send({ email, password, ...extra });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export interface GqlResult<T> {
  data: T | null;
  errors?: Array<{ message: string; extensions: { code: string; userMessage: string; field?: string } }>;
}

export async function gql<T = Record<string, unknown>>(
  t: TestApp,
  token: string | null,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GqlResult<T>> {
  const req = t.http.post('/graphql').send({ query, variables });
  if (token) req.set('Authorization', `Bearer ${token}`);
  const res = await req;
  return res.body as GqlResult<T>;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

export async function outboxFor(t: TestApp, to: string): Promise<OutboxMail[]> {
  const res = await t.http.get('/api/dev/outbox');
  return (res.body as OutboxMail[]).filter((m) => m.to === to);
}

/** The registration's first two steps: the code sent to `email` (dev outbox) and checked, as the sign-up page does. */
export async function verifyEmail(
  t: TestApp,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const sent = await t.http
    .post('/api/emailVerification')
    .set('X-Forwarded-For', uniqueIp())
    .send({ email, ...extra });
  if (sent.status !== 200) throw new Error(`emailVerification failed: ${JSON.stringify(sent.body)}`);
  const [mail] = await outboxFor(t, email);
  const code = /([A-Z0-9]{6})/.exec(mail.text)?.[1];
  const verified = await t.http.post('/api/verify').set('X-Forwarded-For', uniqueIp()).send({ email, code });
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
}

let companyCounter = 0;
/** A brand-new company through the real registration flow (e-mail code from the dev outbox). */
export async function registerCompany(
  t: TestApp,
  prefix = 'empresa',
): Promise<{ email: string; token: string; password: string }> {
  companyCounter += 1;
  const tag = `${prefix}${process.pid}x${companyCounter}${Date.now() % 100000}`;
  const email = `${tag}@example.com`;
  const password = 'Segura123';
  await verifyEmail(t, email, { plan: 'PRO' });
  const reg = await t.http
    .post('/api/register')
    .send({ name: 'Dueña Prueba', email, password, phone: '5215512345678', businessName: `Negocio ${tag}` });
  if (reg.status !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  return { email, token: reg.body.token as string, password };
}

/** Until some statement of the database waits on a row lock (an API insert blocked behind a test's transaction). */
export async function waitForLockWait(db: TestSql, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    if (n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no statement waited on the lock');
}

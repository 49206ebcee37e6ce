import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueueService, PermanentJobError, RetryJobError } from '../src/jobs/job-queue.service';
import { MaintenanceService } from '../src/jobs/maintenance.service';
import { startTestApp, type TestApp } from './helpers';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp({ JOB_POLL_MS: '100' });
  b = await startTestApp({ JOB_POLL_MS: '100' });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached in time');
}

describe('durable job queue', () => {
  it('runs each job exactly once when two instances work the same queue', async () => {
    const seen: string[] = [];
    const queue = `test-once-${Date.now()}`;
    for (const t of [a, b]) {
      t.app.get(JobQueueService).register(queue, async (payload) => {
        await new Promise((r) => setTimeout(r, 5));
        seen.push(String(payload.n));
      });
    }
    const jobs = a.app.get(JobQueueService);
    for (let n = 0; n < 60; n++) await jobs.enqueue(queue, { n });
    await until(async () => seen.length >= 60);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.length).toBe(60);
    expect(new Set(seen).size).toBe(60);
    const [row] = await a.app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n, count(DISTINCT "lockedBy")::int AS workers FROM jobs WHERE queue = $1 AND "doneAt" IS NOT NULL`,
        [queue],
      );
    expect(row.n).toBe(60);
  });

  it('ignores a second job with the same singleton key', async () => {
    const queue = `test-singleton-${Date.now()}`;
    let runs = 0;
    a.app.get(JobQueueService).register(queue, async () => {
      runs += 1;
    });
    const jobs = a.app.get(JobQueueService);
    await jobs.enqueue(queue, {}, { singletonKey: `${queue}:1` });
    await jobs.enqueue(queue, {}, { singletonKey: `${queue}:1` });
    await until(async () => runs >= 1);
    await new Promise((r) => setTimeout(r, 300));
    await jobs.enqueue(queue, {}, { singletonKey: `${queue}:1` });
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toBe(1);
  });

  it('retries a failing job with backoff and stops a permanent failure at once', async () => {
    const queue = `test-retry-${Date.now()}`;
    let attempts = 0;
    a.app.get(JobQueueService).register(queue, async (payload) => {
      attempts += 1;
      if (payload.permanent) throw new PermanentJobError('no sirve');
      if (attempts < 3) throw new RetryJobError('rate limited', 50);
    });
    const jobs = a.app.get(JobQueueService);
    const ds = a.app.get(DataSource);
    await jobs.enqueue(queue, {}, { singletonKey: `${queue}:retry` });
    await until(async () => {
      const [row] = await ds.query(`SELECT "doneAt", attempts, failed FROM jobs WHERE "singletonKey" = $1`, [
        `${queue}:retry`,
      ]);
      return row.doneAt !== null;
    });
    const [retried] = await ds.query(`SELECT attempts, failed FROM jobs WHERE "singletonKey" = $1`, [
      `${queue}:retry`,
    ]);
    expect(retried).toEqual({ attempts: 3, failed: false });

    await jobs.enqueue(queue, { permanent: true }, { singletonKey: `${queue}:perm` });
    await until(async () => {
      const [row] = await ds.query(`SELECT "doneAt" FROM jobs WHERE "singletonKey" = $1`, [`${queue}:perm`]);
      return row.doneAt !== null;
    });
    const [failed] = await ds.query(
      `SELECT attempts, failed, "lastError" FROM jobs WHERE "singletonKey" = $1`,
      [`${queue}:perm`],
    );
    expect(failed).toEqual({ attempts: 1, failed: true, lastError: 'no sirve' });
  });

  it('runs again a job whose worker died holding it, once its lease ends', async () => {
    const queue = `test-lease-${Date.now()}`;
    let runs = 0;
    a.app.get(JobQueueService).register(queue, async () => {
      runs += 1;
    });
    await a.app
      .get(DataSource)
      .query(
        `INSERT INTO jobs (queue, payload, attempts, "lockedUntil", "lockedBy") VALUES ($1, '{}', 1, now() - interval '1 second', 'dead-worker')`,
        [queue],
      );
    await a.app.get(JobQueueService).enqueue(`${queue}-wake`, {});
    await until(async () => runs === 1);
  });
});

describe('maintenance tick', () => {
  it('removes finished jobs older than a week and expired rate-limit windows, and keeps recent ones', async () => {
    const ds = a.app.get(DataSource);
    await ds.query(
      `INSERT INTO jobs (queue, payload, "doneAt", "singletonKey") VALUES
         ('old', '{}', now() - interval '8 days', 'maint-old-${Date.now()}'),
         ('recent', '{}', now() - interval '1 day', 'maint-recent-${Date.now()}')`,
    );
    await ds.query(
      `INSERT INTO rate_limit_buckets (key, "windowStart", count) VALUES ('maint:old', now() - interval '2 hours', 3)
       ON CONFLICT (key) DO UPDATE SET "windowStart" = EXCLUDED."windowStart"`,
    );
    const removed = await a.app.get(MaintenanceService).cleanUp();
    expect(removed.jobs).toBeGreaterThanOrEqual(1);
    expect(removed.buckets).toBeGreaterThanOrEqual(1);
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM jobs WHERE "singletonKey" LIKE 'maint-recent-%'`,
    );
    expect(n).toBe(1);
  });
});

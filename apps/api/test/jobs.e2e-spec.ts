import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE, type Database } from '../src/database/kysely';
import { JobQueueService, PermanentJobError, RetryJobError } from '../src/jobs/job-queue.service';
import { MaintenanceService } from '../src/jobs/maintenance.service';
import { startTestApp, type TestApp } from './helpers';

// The tests' own jobs, besides the application's (JobPayloads).
type TestJobs = Record<`test-${string}`, { n?: number }>;

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await startTestApp({ JOB_POLL_MS: '100' });
  // b polls once a minute: it finds new jobs only through LISTEN/NOTIFY.
  b = await startTestApp({ JOB_POLL_MS: '60000' });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const queue = (t: TestApp) => t.app.get(JobQueueService) as unknown as JobQueueService<TestJobs>;
const database = (t: TestApp) => t.app.get<symbol, Database>(DATABASE);

let counter = 0;
/** A job name no other test uses. */
function jobName(what: string): `test-${string}` {
  counter += 1;
  return `test-${what}-${process.pid}-${Date.now()}-${counter}`;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not reached in time');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface QueuedJob {
  id: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
}

/** Graphile's rows of one task (a completed job is deleted). */
async function jobsOf(name: string): Promise<QueuedJob[]> {
  const { rows } = await sql<QueuedJob>`SELECT id, attempts, max_attempts, last_error, locked_by
    FROM graphile_worker.jobs WHERE task_identifier = ${name} ORDER BY id`.execute(database(a));
  return rows;
}

describe('job queue (Graphile Worker)', () => {
  it('runs each job exactly once when two instances work the same queue', async () => {
    const name = jobName('once');
    const seen: Array<{ n: number; by: string }> = [];
    for (const [t, by] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      queue(t).register(name, async (payload) => {
        await sleep(5);
        seen.push({ n: payload.n ?? -1, by });
      });
    }
    for (let n = 0; n < 60; n++) await queue(a).enqueue(name, { n });
    await until(() => seen.length >= 60);
    await sleep(300);
    expect(seen.length).toBe(60);
    expect(new Set(seen.map((s) => s.n)).size).toBe(60);
    expect(await jobsOf(name)).toEqual([]);
  });

  it('wakes an idle worker through LISTEN/NOTIFY, long before its next poll', async () => {
    const name = jobName('notify');
    let ranAt = 0;
    queue(b).register(name, async () => {
      ranAt = Date.now();
    });
    // b has just fetched (registering does not wake it); only a notification brings the job within the minute.
    await sleep(200);
    const enqueuedAt = Date.now();
    await queue(a).enqueue(name, {});
    await until(() => ranAt > 0, 5000);
    expect(ranAt - enqueuedAt).toBeLessThan(5000);
  });

  it('refuses a second job with the same singleton key, even after the first has run', async () => {
    const name = jobName('singleton');
    let runs = 0;
    queue(a).register(name, async () => {
      runs += 1;
    });
    const key = `${name}:1`;
    expect(await queue(a).enqueue(name, {}, { singletonKey: key })).toBe(true);
    expect(await queue(a).enqueue(name, {}, { singletonKey: key })).toBe(false);
    await until(() => runs >= 1);
    expect(await jobsOf(name)).toEqual([]);
    expect(await queue(b).enqueue(name, {}, { singletonKey: key })).toBe(false);
    await sleep(300);
    expect(runs).toBe(1);
  });

  it('adds nothing when the enqueuing transaction rolls back, and the job when it commits', async () => {
    const name = jobName('transaction');
    let runs = 0;
    queue(a).register(name, async () => {
      runs += 1;
    });
    const key = `${name}:1`;
    await expect(
      database(a)
        .transaction()
        .execute(async (trx) => {
          await queue(a).enqueue(name, { n: 1 }, { db: trx, singletonKey: key });
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    await sleep(300);
    expect(runs).toBe(0);
    expect(await jobsOf(name)).toEqual([]);
    // The key went with the transaction: the same work, committed this time, gets its job.
    await database(a)
      .transaction()
      .execute(async (trx) => {
        expect(await queue(a).enqueue(name, { n: 2 }, { db: trx, singletonKey: key })).toBe(true);
      });
    await until(() => runs === 1);
  });

  it('retries a failing job with backoff, and keeps it as failed after its last attempt', async () => {
    const name = jobName('backoff');
    const tries: Array<{ attempts: number; maxAttempts: number; at: number }> = [];
    queue(a).register(name, async (payload, job) => {
      tries.push({ attempts: job.attempts, maxAttempts: job.maxAttempts, at: Date.now() });
      if (payload.n === 1 && job.attempts < 2) throw new Error('boom');
      if (payload.n === 2) throw new Error('always boom');
    });
    await queue(a).enqueue(name, { n: 1 }, { maxAttempts: 4 });
    await until(() => tries.length >= 2, 15_000);
    expect(tries.map((t) => [t.attempts, t.maxAttempts])).toEqual([
      [1, 4],
      [2, 4],
    ]);
    // Graphile's exponential backoff: e^1 s after the first failure.
    expect(tries[1].at - tries[0].at).toBeGreaterThanOrEqual(2500);
    await until(async () => (await jobsOf(name)).length === 0);

    tries.length = 0;
    await queue(a).enqueue(name, { n: 2 }, { maxAttempts: 1 });
    await until(() => tries.length >= 1);
    await until(async () => (await jobsOf(name))[0]?.last_error === 'always boom');
    const [failed] = await jobsOf(name);
    expect(failed).toMatchObject({ attempts: 1, max_attempts: 1, locked_by: null });
    await sleep(300);
    expect(tries.length).toBe(1);
    await sql`SELECT graphile_worker.complete_jobs(ARRAY[${failed.id}]::bigint[])`.execute(database(a));
  });

  it('stops a permanent failure at once', async () => {
    const name = jobName('permanent');
    let runs = 0;
    queue(a).register(name, async () => {
      runs += 1;
      throw new PermanentJobError('no sirve');
    });
    await queue(a).enqueue(name, {}, { maxAttempts: 8 });
    await until(() => runs >= 1);
    await until(async () => (await jobsOf(name)).length === 0);
    await sleep(300);
    expect(runs).toBe(1);
  });

  it('retries after the delay a RetryJobError asks for, counting attempts across tries', async () => {
    const name = jobName('retry-after');
    const tries: Array<{ attempts: number; maxAttempts: number; n: number | undefined; at: number }> = [];
    queue(a).register(name, async (payload, job) => {
      tries.push({ attempts: job.attempts, maxAttempts: job.maxAttempts, n: payload.n, at: Date.now() });
      if (payload.n === 2 || job.attempts < 3) throw new RetryJobError('rate limited', 400);
    });
    await queue(a).enqueue(name, { n: 1 }, { maxAttempts: 5 });
    await until(() => tries.length >= 3);
    expect(tries.map((t) => [t.attempts, t.maxAttempts, t.n])).toEqual([
      [1, 5, 1],
      [2, 5, 1],
      [3, 5, 1],
    ]);
    for (const i of [1, 2]) {
      const gap = tries[i].at - tries[i - 1].at;
      // The handler's delay, not Graphile's e^n seconds.
      expect(gap).toBeGreaterThanOrEqual(400);
      expect(gap).toBeLessThan(2500);
    }
    await until(async () => (await jobsOf(name)).length === 0);

    // On its last attempt a RetryJobError is a failure for good.
    tries.length = 0;
    await queue(a).enqueue(name, { n: 2 }, { maxAttempts: 2 });
    await until(() => tries.length >= 2);
    await until(async () => (await jobsOf(name)).length === 0);
    await sleep(700);
    expect(tries.map((t) => t.attempts)).toEqual([1, 2]);
  });

  it('runs again a job whose worker died holding it, and leaves a live worker its job', async () => {
    const db = database(a);
    const name = jobName('crash');
    const runs: number[] = [];
    queue(a).register(name, async (_payload, job) => {
      runs.push(job.attempts);
    });
    // A job taken by a worker that then died: locked two minutes ago by a pool that holds no liveness lock.
    await queue(a).enqueue(name, {}, { runAt: new Date(Date.now() + 3_600_000) });
    const [job] = await jobsOf(name);
    const dead = `pool-dead-${process.pid}-${Date.now()}`;
    // Graphile has no way to lock a job for another worker: its private table, in a test only.
    await sql`UPDATE graphile_worker._private_jobs SET locked_by = ${dead}, locked_at = now() - interval '2 minutes',
      attempts = 1, run_at = now() WHERE id = ${job.id}::bigint`.execute(db);
    await sleep(300);
    expect(runs).toEqual([]);
    expect(await queue(a).recoverAbandonedJobs()).toContain(dead);
    await until(() => runs.length === 1);
    expect(runs).toEqual([2]);

    // A job that b is still running, locked as long ago, stays b's.
    const slow = jobName('crash-live');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowRuns = 0;
    queue(b).register(slow, async () => {
      slowRuns += 1;
      await gate;
    });
    await queue(b).enqueue(slow, {});
    await until(() => slowRuns === 1);
    const [running] = await jobsOf(slow);
    expect(running.locked_by).not.toBeNull();
    await sql`UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '2 minutes'
      WHERE id = ${running.id}::bigint`.execute(db);
    expect(await queue(a).recoverAbandonedJobs()).not.toContain(running.locked_by);
    expect((await jobsOf(slow))[0].locked_by).toBe(running.locked_by);
    release();
    await until(async () => (await jobsOf(slow)).length === 0);
    expect(slowRuns).toBe(1);
  });
});

describe('job queue start-up', () => {
  it('refuses to start while a declared job has no handler', async () => {
    const register = JobQueueService.prototype.register;
    const registerSpy = vi.spyOn(JobQueueService.prototype, 'register').mockImplementation(function (
      this: JobQueueService,
      name,
      handler,
    ) {
      if (name !== 'sandbox-events') register.call(this, name, handler);
    });
    const create = NestFactory.create.bind(NestFactory);
    const created: INestApplication[] = [];
    const createSpy = vi.spyOn(NestFactory, 'create').mockImplementation(async (...args: unknown[]) => {
      const app = await (create as (...a: unknown[]) => Promise<INestApplication>)(...args);
      created.push(app);
      return app as never;
    });
    try {
      await expect(startTestApp()).rejects.toThrow(/no handler registered for 'sandbox-events'/);
    } finally {
      registerSpy.mockRestore();
      createSpy.mockRestore();
      for (const app of created) await app.close().catch(() => undefined);
    }
    expect(created.length).toBe(1);
  });
});

describe('maintenance tick', () => {
  it('removes job keys older than a week and expired rate-limit windows, and keeps recent keys', async () => {
    const db = database(a);
    const tag = `maint-${process.pid}-${Date.now()}`;
    await db
      .insertInto('job_keys')
      .values([
        { key: `${tag}-old`, createdAt: sql<Date>`now() - interval '8 days'` },
        { key: `${tag}-recent`, createdAt: sql<Date>`now() - interval '1 day'` },
      ])
      .execute();
    await db
      .insertInto('rate_limit_buckets')
      .values({ key: 'maint:old', windowStart: sql<Date>`now() - interval '2 hours'`, count: 3 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ windowStart: sql<Date>`excluded."windowStart"` }))
      .execute();
    const removed = await a.app.get(MaintenanceService).cleanUp();
    expect(removed.jobs).toBeGreaterThanOrEqual(1);
    expect(removed.buckets).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('job_keys').select('key').where('key', 'like', `${tag}-%`).execute();
    expect(left).toEqual([{ key: `${tag}-recent` }]);
  });
});

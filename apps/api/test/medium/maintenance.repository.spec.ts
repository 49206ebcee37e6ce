import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MaintenanceRepository } from '../../src/jobs/maintenance.repository';
import { createTestCompany, testDatabase } from './database';

const db = testDatabase();
const maintenance = new MaintenanceRepository(db);

const tag = `maint-${process.pid}-${Date.now()}`;

describe('MaintenanceRepository', () => {
  it('deletes job keys older than the retention, and keeps recent ones', async () => {
    await db
      .insertInto('job_keys')
      .values([
        { key: `${tag}-old`, createdAt: sql<Date>`now() - interval '8 days'` },
        { key: `${tag}-recent`, createdAt: sql<Date>`now() - interval '1 day'` },
      ])
      .execute();
    expect(await maintenance.deleteOldJobKeys(7)).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom('job_keys').select('key').where('key', 'like', `${tag}-%`).execute();
    expect(left.map((k) => k.key)).toEqual([`${tag}-recent`]);
  });

  it('deletes jobs failed for good past the retention, and keeps recent failures and jobs still to run', async () => {
    // Tasks no worker knows, so that no running instance of the test run takes them.
    const add = async (name: string) => {
      const { rows } = await sql<{
        id: string;
      }>`SELECT (graphile_worker.add_job(${`${tag}-${name}`}, '{}'::json,
        run_at => now() + interval '1 day', max_attempts => 1)).id`.execute(db);
      return rows[0].id;
    };
    const oldFailed = await add('old-failed');
    const recentFailed = await add('recent-failed');
    const oldPending = await add('old-pending');
    await sql`SELECT graphile_worker.permanently_fail_jobs(ARRAY[${oldFailed}, ${recentFailed}]::bigint[], 'no')`.execute(
      db,
    );
    // Graphile has no way to back-date a job: its private table, in a test only.
    await sql`UPDATE graphile_worker._private_jobs SET updated_at = now() - interval '8 days'
      WHERE id = ANY(ARRAY[${oldFailed}, ${oldPending}]::bigint[])`.execute(db);
    expect(await maintenance.deleteOldFailedJobs(7)).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{ task_identifier: string }>`SELECT task_identifier FROM graphile_worker.jobs
      WHERE task_identifier LIKE ${`${tag}-%`} ORDER BY task_identifier`.execute(db);
    expect(rows.map((r) => r.task_identifier)).toEqual([`${tag}-old-pending`, `${tag}-recent-failed`]);
    await sql`SELECT graphile_worker.complete_jobs(ARRAY[${recentFailed}, ${oldPending}]::bigint[])`.execute(
      db,
    );
  });

  it('deletes rate-limit windows past their length, attachments past an hour and reset links a day expired', async () => {
    await db
      .insertInto('rate_limit_buckets')
      .values([
        { key: `${tag}:old`, windowStart: sql<Date>`now() - interval '2 hours'`, count: 3 },
        { key: `${tag}:new`, windowStart: sql<Date>`now()`, count: 1 },
      ])
      .execute();
    expect(await maintenance.deleteExpiredRateBuckets(3600)).toBeGreaterThanOrEqual(1);
    const buckets = await db
      .selectFrom('rate_limit_buckets')
      .select('key')
      .where('key', 'like', `${tag}:%`)
      .execute();
    expect(buckets.map((b) => b.key)).toEqual([`${tag}:new`]);

    const [old, fresh] = await db
      .insertInto('realtime_attachments')
      .values([{ payload: 'old', createdAt: sql<Date>`now() - interval '2 hours'` }, { payload: 'fresh' }])
      .returning('id')
      .execute();
    await maintenance.deleteOldRealtimeAttachments();
    const attachments = await db
      .selectFrom('realtime_attachments')
      .select('payload')
      .where('id', 'in', [old.id, fresh.id])
      .execute();
    expect(attachments).toEqual([{ payload: 'fresh' }]);

    const company = await createTestCompany(db);
    const role = await db
      .insertInto('roles')
      .values({ companyId: company, name: 'r', key: `${company}:r` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        companyId: company,
        roleId: role.id,
        name: 'U',
        email: `${tag}@test.local`,
        passwordHash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('password_reset_tokens')
      .values([
        { userId: user.id, tokenHash: `${tag}-old`, expiresAt: sql<Date>`now() - interval '2 days'` },
        { userId: user.id, tokenHash: `${tag}-recent`, expiresAt: sql<Date>`now() - interval '1 hour'` },
      ])
      .execute();
    await maintenance.deleteExpiredResetTokens();
    const tokens = await db
      .selectFrom('password_reset_tokens')
      .select('tokenHash')
      .where('userId', '=', user.id)
      .execute();
    expect(tokens).toEqual([{ tokenHash: `${tag}-recent` }]);
  });
});

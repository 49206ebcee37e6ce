import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Database, InjectDatabase } from '../database/kysely';

/**
 * What the maintenance tick deletes: rows past their use in tables whose modules keep no clean-up of their own
 * (job singleton keys and failed jobs, rate-limit windows, realtime attachments, password-reset links). Each
 * statement is idempotent.
 */
@Injectable()
export class MaintenanceRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Singleton keys of jobs enqueued more than `days` ago (the job is long done by then); how many went. */
  async deleteOldJobKeys(days: number): Promise<number> {
    const result = await this.db
      .deleteFrom('job_keys')
      .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${days})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Jobs Graphile Worker keeps as failed for good (their last try threw) and untouched for `days`, through its
   * public `complete_jobs`; how many went.
   */
  async deleteOldFailedJobs(days: number): Promise<number> {
    const { rows } = await sql<{ id: string }>`SELECT id FROM graphile_worker.complete_jobs(ARRAY(
      SELECT id FROM graphile_worker.jobs
      WHERE attempts >= max_attempts AND locked_at IS NULL
        AND updated_at < now() - make_interval(days => ${days})))`.execute(this.db);
    return rows.length;
  }

  /** Rate-limit windows that started more than `seconds` ago; how many went. */
  async deleteExpiredRateBuckets(seconds: number): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limit_buckets')
      .where('windowStart', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Realtime attachments are fetched within moments of being sent: an hour is long past their use. */
  async deleteOldRealtimeAttachments(): Promise<void> {
    await this.db
      .deleteFrom('realtime_attachments')
      .where('createdAt', '<', sql<Date>`now() - interval '1 hour'`)
      .execute();
  }

  /** Reset links expired for more than a day. */
  async deleteExpiredResetTokens(): Promise<void> {
    await this.db
      .deleteFrom('password_reset_tokens')
      .where('expiresAt', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { Client } from 'pg';
import type { JobQueueSample } from '../common/observability/metrics.service';
import { DATABASE_URL, type Database, type Executor, InjectDatabase } from '../database/kysely';

export interface NewJob {
  name: string;
  payload: unknown;
  runAt?: Date;
  maxAttempts: number;
  /** Recorded in job_keys: the job is added only if this key was never used (within the retention). */
  singletonKey?: string;
  /**
   * Graphile's own job key: at most one waiting job holds it; adding again replaces the waiting one (a running one
   * keeps running, and the new one waits beside it).
   */
  jobKey?: string;
}

// Two-key advisory locks of this class say "this Graphile Worker pool is alive" (the second key is the hash of
// its id). One-key locks (the migration lock) live in another space and never collide with these.
const WORKER_ALIVE_LOCK = 727_002;

/** A worker's "I am alive" lock, held on a connection of its own for as long as the worker runs. */
export interface LivenessLock {
  release(): Promise<void>;
}

/**
 * The job queue's SQL: Graphile Worker's public functions (`graphile_worker.add_job`, `reschedule_jobs`,
 * `force_unlock_workers`) and our `job_keys` table. Graphile's own tables are never written directly.
 */
@Injectable()
export class JobsRepository {
  private readonly logger = new Logger(JobsRepository.name);

  constructor(
    @InjectDatabase() private readonly db: Database,
    @Inject(DATABASE_URL) private readonly url: string,
  ) {}

  /**
   * Adds a job on `db` (the caller's transaction: the job then exists only if it commits; the pool when
   * absent). With a singleton key, the key's insert and the job's are one statement, and a key already used adds
   * nothing. Returns whether a job was added.
   */
  async add(db: Executor | undefined, job: NewJob): Promise<boolean> {
    const on = db ?? this.db;
    const payload = JSON.stringify(job.payload);
    const runAt = job.runAt ?? null;
    if (job.jobKey !== undefined) {
      await sql`SELECT (graphile_worker.add_job(${job.name}, ${payload}::json,
        run_at => ${runAt}::timestamptz, max_attempts => ${job.maxAttempts}::int,
        job_key => ${job.jobKey}::text, job_key_mode => 'replace')).id`.execute(on);
      return true;
    }
    if (job.singletonKey === undefined) {
      await sql`SELECT (graphile_worker.add_job(${job.name}, ${payload}::json,
        run_at => ${runAt}::timestamptz, max_attempts => ${job.maxAttempts}::int)).id`.execute(on);
      return true;
    }
    const { rows } = await sql<{ id: string }>`
      WITH k AS (INSERT INTO job_keys (key) VALUES (${job.singletonKey}) ON CONFLICT DO NOTHING RETURNING key)
      SELECT (graphile_worker.add_job(${job.name}, ${payload}::json,
        run_at => ${runAt}::timestamptz, max_attempts => ${job.maxAttempts}::int)).id FROM k`.execute(on);
    return rows.length > 0;
  }

  /**
   * The next try of a job after `delayMs`, as a new job that carries the attempts made so far (so the handler
   * still sees attempt n + 1 of the same maximum). The running job is then completed by its worker.
   */
  async addRetry(
    job: Omit<NewJob, 'singletonKey' | 'runAt'>,
    attemptsMade: number,
    delayMs: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        SELECT (graphile_worker.add_job(${job.name}, ${JSON.stringify(job.payload)}::json,
          run_at => now() + make_interval(secs => ${delayMs / 1000}),
          max_attempts => ${job.maxAttempts}::int)).id`.execute(trx);
      await sql`SELECT id FROM graphile_worker.reschedule_jobs(ARRAY[${rows[0].id}::bigint],
        attempts => ${attemptsMade}::int)`.execute(trx);
    });
  }

  /**
   * Issue 22: the queue by task for the metrics: ready (due, free, attempts left), scheduled (later), running
   * (locked; a try counts from its start), failed (out of attempts), and how long the oldest ready job has been due. One scan of the queue.
   */
  async queueSample(): Promise<JobQueueSample[]> {
    const { rows } = await sql<JobQueueSample>`
      SELECT task_identifier AS task,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts AND run_at <= now())::int AS ready,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts AND run_at > now())::int AS scheduled,
        count(*) FILTER (WHERE locked_at IS NOT NULL)::int AS running,
        count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts)::int AS failed,
        extract(epoch FROM now() - min(run_at) FILTER (
          WHERE locked_at IS NULL AND attempts < max_attempts AND run_at <= now()))::float8 AS "oldestReadySeconds"
      FROM graphile_worker.jobs GROUP BY task_identifier ORDER BY task_identifier`.execute(this.db);
    return rows;
  }

  /**
   * Holds the advisory lock that marks the worker pool `workerId` as alive, on a connection of its own: it lasts
   * as long as this process (and that connection) does, and PostgreSQL drops it the moment either dies. A lost
   * connection is reopened and the lock taken again (also when the first try fails).
   */
  async holdLiveness(workerId: string): Promise<LivenessLock> {
    let client: Client | null = null;
    let released = false;
    let retry: NodeJS.Timeout | null = null;
    const connect = async (): Promise<void> => {
      const next = new Client({ connectionString: this.url, application_name: `crm-jobs ${workerId}` });
      next.on('error', (error: Error) => this.logger.warn(`liveness of ${workerId}: ${error.message}`));
      next.on('end', () => {
        if (released || client !== next) return;
        client = null;
        retry = setTimeout(reconnect, 1000);
      });
      client = next;
      try {
        await next.connect();
        await next.query('SELECT pg_advisory_lock($1, hashtext($2))', [WORKER_ALIVE_LOCK, workerId]);
      } catch (error) {
        if (client === next) client = null;
        await next.end().catch(() => undefined);
        throw error;
      }
    };
    const reconnect = (): void => {
      retry = null;
      if (released) return;
      connect().catch((error: unknown) => {
        this.logger.warn(`liveness of ${workerId} not restored: ${String(error)}`);
        if (!released) retry = setTimeout(reconnect, 1000);
      });
    };
    await connect().catch((error: unknown) => {
      this.logger.warn(`liveness of ${workerId} not taken yet: ${String(error)}`);
      retry = setTimeout(reconnect, 1000);
    });
    return {
      release: async () => {
        released = true;
        if (retry) clearTimeout(retry);
        await client?.end().catch(() => undefined);
        client = null;
      },
    };
  }

  /** Unlocks the jobs still locked by worker pools that have stopped (Graphile's force_unlock_workers); how many. */
  async unlockWorkers(workerIds: string[]): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      WITH locked AS (
        SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE locked_by = ANY(${workerIds}::text[])
      )
      SELECT locked.n, graphile_worker.force_unlock_workers(${workerIds}::text[]) FROM locked`.execute(
      this.db,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Crash recovery: unlocks the jobs of worker pools that hold jobs locked for more than `graceSeconds` but no
   * longer hold their liveness lock (their process or connection died). Returns the dead pools' ids.
   */
  async unlockDeadWorkers(graceSeconds: number): Promise<string[]> {
    const { rows } = await sql<{ workers: string[] }>`
      SELECT dead.ids AS workers, graphile_worker.force_unlock_workers(dead.ids)
      FROM (
        SELECT coalesce(array_agg(w.locked_by), '{}') AS ids
        FROM (
          SELECT DISTINCT locked_by FROM graphile_worker.jobs
          WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => ${graceSeconds})
        ) w
        WHERE pg_try_advisory_xact_lock(${WORKER_ALIVE_LOCK}, hashtext(w.locked_by))
      ) dead`.execute(this.db);
    return rows[0]?.workers ?? [];
  }
}

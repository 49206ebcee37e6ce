import { hostname } from 'node:os';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { sql } from 'kysely';
import { Client as PgClient } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { Executor } from '../database/kysely';
import { queryRows } from '../database/query-rows';
import type { Job } from './job.entity';

export interface EnqueueOptions {
  runAt?: Date;
  /** A second enqueue with the same key is ignored, even after the first has run. */
  singletonKey?: string;
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction: the job exists only if the work it belongs to was committed. */
  manager?: EntityManager;
  /** The same, for a Kysely transaction (repositories). */
  db?: Executor;
}

/** Thrown by a handler for an error that retrying cannot fix. */
export class PermanentJobError extends Error {}

/** Thrown by a handler to be retried after a given delay (e.g. a provider's Retry-After). */
export class RetryJobError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

const CHANNEL = 'crm_jobs';
const LEASE_SECONDS = 120;

/**
 * Durable jobs on PostgreSQL (ARCHITECTURE rules 6 and 9). Claims use FOR UPDATE SKIP LOCKED with a lease, so
 * several API instances share the work and never run one job at the same time; a crashed worker's job runs
 * again when its lease ends. New jobs wake the workers through LISTEN/NOTIFY, with polling as the safety net.
 */
@Injectable()
export class JobQueueService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobQueueService.name);
  private readonly handlers = new Map<string, JobHandler>();
  private readonly workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private listener: PgClient | null = null;
  private running = false;
  private ticking: Promise<void> | null = null;
  private wakeAgain = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  register(queue: string, handler: JobHandler): void {
    this.handlers.set(queue, handler);
  }

  async enqueue(
    queue: string,
    payload: Record<string, unknown>,
    options: EnqueueOptions = {},
  ): Promise<void> {
    if (options.db) {
      await sql`INSERT INTO jobs (queue, payload, "runAt", "maxAttempts", "singletonKey")
        VALUES (${queue}, ${JSON.stringify(payload)}, coalesce(${options.runAt ?? null}::timestamptz, now()),
          ${options.maxAttempts ?? 8}, ${options.singletonKey ?? null}) ON CONFLICT ("singletonKey") DO NOTHING`.execute(
        options.db,
      );
      await sql`SELECT pg_notify(${CHANNEL}, ${queue})`.execute(options.db);
      return;
    }
    const runner = options.manager ?? this.dataSource.manager;
    await runner.query(
      `INSERT INTO jobs (queue, payload, "runAt", "maxAttempts", "singletonKey")
       VALUES ($1, $2, coalesce($3, now()), $4, $5) ON CONFLICT ("singletonKey") DO NOTHING`,
      [
        queue,
        JSON.stringify(payload),
        options.runAt ?? null,
        options.maxAttempts ?? 8,
        options.singletonKey ?? null,
      ],
    );
    // Delivered at commit when inside a transaction.
    await runner.query('SELECT pg_notify($1, $2)', [CHANNEL, queue]);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.jobsEnabled) return;
    this.running = true;
    await this.listen().catch((error) =>
      this.logger.warn(`LISTEN unavailable, polling only: ${String(error)}`),
    );
    this.timer = setInterval(() => this.wake(), this.config.jobPollMs);
    this.wake();
  }

  /** Before the database connections close: stop claiming and let running jobs finish. */
  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await this.listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string };
    this.listener = new PgClient({ connectionString: options.url });
    this.listener.on('error', (error: Error) => this.logger.warn(`job listener: ${error.message}`));
    await this.listener.connect();
    this.listener.on('notification', () => this.wake());
    await this.listener.query(`LISTEN ${CHANNEL}`);
  }

  private wake(): void {
    if (!this.running) return;
    if (this.ticking) {
      this.wakeAgain = true;
      return;
    }
    this.ticking = this.drain()
      .then(() => undefined)
      .catch((error) => this.logger.error(`job loop: ${String(error)}`))
      .finally(() => {
        this.ticking = null;
        if (this.wakeAgain && this.running) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  /** Runs ready jobs until none is left. Public for tests that want to wait for the queue to settle. */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const jobs = await this.claim(10);
      if (jobs.length === 0) return ran;
      await Promise.all(jobs.map((job) => this.run(job)));
      ran += jobs.length;
    }
  }

  private async claim(limit: number): Promise<Job[]> {
    const queues = [...this.handlers.keys()];
    if (queues.length === 0) return [];
    const rows: unknown = await this.dataSource.query(
      `UPDATE jobs SET "lockedUntil" = now() + make_interval(secs => $3), "lockedBy" = $4, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM jobs
         WHERE queue = ANY($1) AND "doneAt" IS NULL AND "runAt" <= now()
           AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
         ORDER BY "runAt", id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [queues, limit, LEASE_SECONDS, this.workerId],
    );
    return queryRows<Job>(rows);
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers.get(job.queue);
    if (!handler) return;
    try {
      await handler(job.payload, job);
      await this.dataSource.query(
        `UPDATE jobs SET "doneAt" = now(), "lockedUntil" = NULL, "lastError" = NULL WHERE id = $1`,
        [job.id],
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      if (permanent) {
        this.logger.warn(
          `job ${job.queue}#${job.id} failed for good after ${job.attempts} attempts: ${message}`,
        );
        await this.dataSource.query(
          `UPDATE jobs SET "doneAt" = now(), failed = true, "lockedUntil" = NULL, "lastError" = $2 WHERE id = $1`,
          [job.id, message],
        );
        return;
      }
      // Exponential backoff (1 s, 2 s, 4 s … capped at 5 min) unless the handler knows better.
      const delayMs =
        error instanceof RetryJobError ? error.delayMs : Math.min(300_000, 1000 * 2 ** (job.attempts - 1));
      await this.dataSource.query(
        `UPDATE jobs SET "runAt" = now() + make_interval(secs => $2), "lockedUntil" = NULL, "lastError" = $3
         WHERE id = $1`,
        [job.id, delayMs / 1000, message],
      );
    }
  }
}

import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import {
  type JobHelpers,
  type ParsedCronItem,
  parseCronItems,
  type Runner,
  run,
  type TaskList,
  type WorkerEvents,
  Logger as WorkerLogger,
} from 'graphile-worker';
import { PinoLogger } from 'nestjs-pino';
import { MetricsService } from '../common/observability/metrics.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DATABASE_URL, type Executor } from '../database/kysely';
import { JOB_NAMES, type JobPayloads } from './job-types';
import { JobsRepository, type LivenessLock } from './jobs.repository';

export interface EnqueueOptions {
  runAt?: Date;
  /** A second enqueue with the same key adds nothing, even after the first job has run (kept a week). */
  singletonKey?: string;
  /** Graphile's job key: one waiting job per key, a new enqueue replaces it (see NewJob.jobKey). */
  jobKey?: string;
  /** Tries in all, this one included (default 8). */
  maxAttempts?: number;
  /** Enqueue inside the caller's Kysely transaction: the job exists only if the work it belongs to commits. */
  db?: Executor;
}

/** The job a handler is running. */
export interface JobInfo {
  id: string;
  name: string;
  /** This try, from 1. */
  attempts: number;
  maxAttempts: number;
  /**
   * Aborted when this instance stops (a drain, issue 22): a long job (a campaign's one-minute slice) ends its work
   * early and leaves the rest to a job queued for another instance, so the stop does not wait for it.
   */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, job: JobInfo) => Promise<void>;

/** Thrown by a handler for an error that retrying cannot fix: the job stops at once, logged, never retried. */
export class PermanentJobError extends Error {}

/** Thrown by a handler to be retried after a given delay (e.g. a provider's Retry-After). */
export class RetryJobError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
    /** False for a wait, not a failure (the job's turn has not come): the next try keeps this one's number. */
    readonly countsAsAttempt = true,
  ) {
    super(message);
  }
}

const DEFAULT_MAX_ATTEMPTS = 8;
// Jobs run at once per instance; Graphile's pool gets two connections more (its LISTEN and bookkeeping).
const CONCURRENCY = 8;
// A job locked this long by a worker whose liveness lock is gone is released to run again.
const RECOVERY_GRACE_SECONDS = 60;
const RECOVERY_INTERVAL_MS = 60_000;
const STOP_ABORT_MS = 1000;

/**
 * Issue 22: the id of the request that enqueued a job travels in its payload under this key (Graphile Worker has
 * no metadata column), so its log lines — and the jobs it enqueues in turn — carry the same `reqId`. Handlers
 * never see it.
 */
export const REQUEST_ID_KEY = '_requestId';

function splitRequestId<T>(payload: T): { payload: T; requestId: string | undefined } {
  if (payload === null || typeof payload !== 'object' || !(REQUEST_ID_KEY in payload)) {
    return { payload, requestId: undefined };
  }
  const { [REQUEST_ID_KEY]: requestId, ...rest } = payload as Record<string, unknown>;
  return { payload: rest as T, requestId: typeof requestId === 'string' ? requestId : undefined };
}

/**
 * Durable jobs on Graphile Worker (ARCHITECTURE rules 6 and 9): PostgreSQL only, jobs claimed with SKIP LOCKED so
 * several API instances share the work and never run one job twice at once, new jobs wake the workers through
 * LISTEN/NOTIFY with `jobPollMs` polling for delayed ones. On top of Graphile: typed payloads (`JobPayloads`),
 * singleton keys that outlive the job (`job_keys`), `PermanentJobError` / `RetryJobError(delayMs)`, and crash
 * recovery within minutes instead of Graphile's 4 hours (see `JobsRepository.unlockDeadWorkers`).
 *
 * Generic only so tests can run jobs of their own (`JobQueueService<TestPayloads>`); the application's is typed
 * by `JobPayloads`.
 */
@Injectable()
export class JobQueueService<P extends object = JobPayloads>
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger('JobQueue');
  private readonly handlers = new Set<string>();
  // Graphile reads this object's keys at each fetch, so a handler registered after start (tests) runs too.
  private readonly tasks: TaskList = {};
  private readonly cronItems: ParsedCronItem[] = [];
  private runner: Runner | null = null;
  private liveness: Promise<LivenessLock> | null = null;
  private recoveryTimer: NodeJS.Timeout | null = null;
  private stopping: Promise<void> | null = null;
  private poolId: string | null = null;

  constructor(
    private readonly jobs: JobsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly log: PinoLogger,
    private readonly metrics: MetricsService,
  ) {
    this.log.setContext('JobQueue');
  }

  onModuleInit(): void {
    this.metrics.sampleJobQueueWith(() => this.jobs.queueSample());
  }

  /** The request id of the request (or job) running now: the `reqId` its log lines carry. */
  private currentRequestId(): string | undefined {
    const reqId: unknown = this.log.logger.bindings().reqId;
    return typeof reqId === 'string' ? reqId : undefined;
  }

  /** Declares the handler of a job name; services call this in `onModuleInit`. */
  register<N extends keyof P & string>(name: N, handler: JobHandler<P[N]>): void {
    this.handlers.add(name);
    this.tasks[name] = (payload: unknown, helpers: JobHelpers) =>
      this.runTask(name, handler, payload as P[N], helpers);
  }

  /**
   * A job Graphile's cron adds on `match` (crontab syntax, UTC), once per tick across every instance (its
   * known_crontabs table decides); a tick missed while no instance ran is not made up. Call in `onModuleInit`.
   */
  cron<N extends keyof P & string>(name: N, match: string, payload: P[N] & Record<string, unknown>): void {
    this.cronItems.push(
      ...parseCronItems([{ task: name, match, identifier: name, payload, options: { backfillPeriod: 0 } }]),
    );
  }

  /** Adds a job; returns false when its singleton key was already used. */
  async enqueue<N extends keyof P & string>(
    name: N,
    payload: P[N],
    options: EnqueueOptions = {},
  ): Promise<boolean> {
    const requestId = this.currentRequestId();
    return this.jobs.add(options.db, {
      name,
      payload: requestId === undefined ? payload : { ...payload, [REQUEST_ID_KEY]: requestId },
      runAt: options.runAt,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      singletonKey: options.singletonKey,
      jobKey: options.jobKey,
    });
  }

  /** Refuses to start while a declared job has no handler, then starts the worker (when jobs are enabled). */
  async onApplicationBootstrap(): Promise<void> {
    const missing = JOB_NAMES.filter((name) => !this.handlers.has(name));
    if (missing.length > 0) {
      throw new Error(
        `Job queue: no handler registered for ${missing.map((name) => `'${name}'`).join(', ')} ` +
          '(every job of JobPayloads needs one, registered in onModuleInit)',
      );
    }
    if (!this.config.jobsEnabled) return;
    const events = new EventEmitter() as WorkerEvents;
    // Graphile names the pool when it creates it; its jobs are locked under that name.
    events.on('pool:create', ({ workerPool }) => {
      this.poolId = workerPool.id;
      this.liveness = this.jobs.holdLiveness(workerPool.id);
    });
    this.runner = await run({
      connectionString: this.databaseUrl,
      maxPoolSize: CONCURRENCY + 2,
      concurrency: CONCURRENCY,
      // One fetch per poll for the whole pool (up to CONCURRENCY jobs), handed to the workers as they free up.
      // A stop aborts running jobs' signal after STOP_ABORT_MS (JobInfo.signal): short jobs just finish first.
      preset: { worker: { localQueue: { size: CONCURRENCY }, gracefulShutdownAbortTimeout: STOP_ABORT_MS } },
      pollInterval: this.config.jobPollMs,
      // Nest owns the process's signals: beforeApplicationShutdown stops the runner.
      noHandleSignals: true,
      taskList: this.tasks,
      // No crontab file: jobs that must run once per period across instances are declared with `cron`; ticks
      // that any instance may run (maintenance) stay on Nest's scheduler.
      parsedCronItems: this.cronItems,
      logger: this.workerLogger(),
      events,
    });
    this.runner.promise.catch(async (error: unknown) => {
      // Stopped on its own (its running jobs finished): what it still holds may go to other instances.
      this.logger.error(`job worker stopped: ${String(error)}`);
      await this.releaseLiveness();
    });
    await this.liveness;
    await this.recoverAbandonedJobs().catch(() => undefined);
    this.recoveryTimer = setInterval(
      () => void this.recoverAbandonedJobs().catch(() => undefined),
      RECOVERY_INTERVAL_MS,
    );
  }

  /** Before the database connections close: stop taking jobs and let running ones finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /**
   * Graphile's graceful stop: no new job is taken, the ones fetched but not started are released at once to the
   * other instances, the running ones finish. A drain (issue 22) calls it early; a second call waits for the first.
   */
  stop(): Promise<void> {
    this.stopping ??= this.stopRunner();
    return this.stopping;
  }

  private async stopRunner(): Promise<void> {
    if (this.recoveryTimer) clearInterval(this.recoveryTimer);
    this.recoveryTimer = null;
    const runner = this.runner;
    this.runner = null;
    await runner?.stop().catch((error: unknown) => this.logger.warn(`job worker stop: ${String(error)}`));
    // Issue 22: the pool has stopped, so none of its jobs runs any more; yet a job it fetched as the stop began can
    // stay locked by it (seen in the rolling-restart test: one send job in two drains), and would wait for the dead
    // worker recovery (a minute or more). Its lock is released now, for the other instances to run it at once.
    if (runner && this.poolId) {
      await this.jobs
        .unlockWorkers([this.poolId])
        .then((count) => {
          if (count > 0) this.logger.warn(`released ${count} jobs still locked by the stopped worker`);
        })
        .catch((error: unknown) => this.logger.warn(`job release at stop: ${String(error)}`));
    }
    // Only once our jobs are done: until then, other instances must not take them.
    await this.releaseLiveness();
  }

  private async releaseLiveness(): Promise<void> {
    const liveness = this.liveness;
    this.liveness = null;
    await (await liveness)?.release();
  }

  /**
   * Releases the jobs of workers that died holding them (process killed, connection lost), so they run again.
   * Runs at start and every minute; public for tests.
   */
  async recoverAbandonedJobs(graceSeconds = RECOVERY_GRACE_SECONDS): Promise<string[]> {
    try {
      const dead = await this.jobs.unlockDeadWorkers(graceSeconds);
      if (dead.length > 0) this.logger.warn(`released the jobs of stopped workers ${dead.join(', ')}`);
      return dead;
    } catch (error) {
      this.logger.warn(`job recovery: ${String(error)}`);
      throw error;
    }
  }

  /** One try of a job: what the handler's outcome means for Graphile. */
  private runTask<T>(name: string, handler: JobHandler<T>, stored: T, helpers: JobHelpers): Promise<void> {
    const { payload, requestId } = splitRequestId(stored);
    const job: JobInfo = {
      id: helpers.job.id,
      name,
      attempts: helpers.job.attempts,
      maxAttempts: helpers.job.max_attempts,
      signal: helpers.abortSignal,
    };
    // Every line logged while the job runs (ours, Nest's, Graphile's) carries the job and its request's id.
    return this.log.runInContext(
      async () => {
        const started = performance.now();
        const line = () => ({ attempt: job.attempts, durationMs: Math.round(performance.now() - started) });
        try {
          const outcome = await this.attempt(name, handler, payload, stored, job);
          // A rescheduled wait (a send waiting for an earlier one) can repeat many times: debug only.
          if (outcome === 'rescheduled') this.log.debug(line(), 'job rescheduled');
          else this.log.info(line(), outcome === 'completed' ? 'job completed' : 'job failed for good');
        } catch (error) {
          // Graphile logs the error itself and retries with its backoff.
          this.log.info(line(), 'job failed, Graphile Worker retries it');
          throw error;
        }
      },
      { bindings: { ...(requestId ? { reqId: requestId } : {}), job: name, jobId: job.id } },
    );
  }

  /** What the handler's outcome means for Graphile; `stored` is the payload as queued (retries keep its id). */
  private async attempt<T>(
    name: string,
    handler: JobHandler<T>,
    payload: T,
    stored: T,
    job: JobInfo,
  ): Promise<'completed' | 'failed' | 'rescheduled'> {
    try {
      await handler(payload, job);
      return 'completed';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof PermanentJobError) {
        // Returning completes (deletes) the job: it never runs again.
        this.logger.warn(`job ${name}#${job.id} failed for good at attempt ${job.attempts}: ${message}`);
        return 'failed';
      }
      if (error instanceof RetryJobError) {
        if (error.countsAsAttempt && job.attempts >= job.maxAttempts) {
          this.logger.warn(
            `job ${name}#${job.id} failed for good after ${job.attempts} attempts: ${message}`,
          );
          return 'failed';
        }
        // Graphile's backoff is its own (e^attempts s): a given delay is a new job carrying the attempts made.
        await this.jobs.addRetry(
          { name, payload: stored, maxAttempts: job.maxAttempts },
          error.countsAsAttempt ? job.attempts : job.attempts - 1,
          error.delayMs,
        );
        return 'rescheduled';
      }
      // Anything else: Graphile retries with exponential backoff, and keeps the job as failed after the last try.
      throw error;
    }
  }

  /** Graphile's log lines through Nest's logger; its per-job success lines only at debug level. */
  private workerLogger(): WorkerLogger {
    return new WorkerLogger(() => (level, message) => {
      const severity: string = level;
      if (severity === 'error') this.logger.error(message);
      else if (severity === 'warning') this.logger.warn(message);
      else if (severity === 'info') this.logger.debug(message);
    });
  }
}

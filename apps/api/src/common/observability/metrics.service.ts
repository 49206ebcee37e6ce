import { Injectable, Logger } from '@nestjs/common';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** How a provider webhook ended: what its answer was. */
export type WebhookOutcome = 'accepted' | 'unauthorized' | 'bad_request' | 'not_found' | 'error';

/** The job queue of one task, as sampled on a scrape. */
export interface JobQueueSample {
  task: string;
  /** Due and waiting for a worker. */
  ready: number;
  /** Waiting for a later time (delayed sends, retries after a backoff, follow-ups). */
  scheduled: number;
  running: number;
  /** Out of attempts: kept by Graphile Worker as failed. */
  failed: number;
  /** Seconds since the oldest ready job became due; null with none ready. */
  oldestReadySeconds: number | null;
}

// The process's own figures (CPU, memory, event loop lag, GC, handles) exist once per process, however many
// applications it builds (tests build several): one registry for them, made on first use.
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

// Provider error codes are the provider's documented numbers or names; anything else (or an unbounded stream of
// new ones from a misbehaving provider) is counted as 'other', so the series stay few.
const CODE_SHAPE = /^[A-Za-z0-9_.-]{1,40}$/;
const MAX_ERROR_CODES = 200;

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Prometheus metrics of this instance (GET /metrics). Labels are bounded: provider (the platform table), outcome,
 * provider error code (bounded above), job task (the job table): never a company, a user or a phone number.
 */
@Injectable()
export class MetricsService {
  private readonly logger = new Logger(MetricsService.name);
  private readonly registry = new Registry();
  private readonly errorCodes = new Set<string>();
  private sampleJobQueue: (() => Promise<JobQueueSample[]>) | null = null;
  private countSockets: (() => number) | null = null;

  private readonly webhooks = new Counter({
    name: 'charla_webhook_requests_total',
    help: 'Provider webhooks received, by provider and outcome',
    labelNames: ['provider', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly webhookAck = new Histogram({
    name: 'charla_webhook_ack_seconds',
    help: 'Time from a provider webhook arriving to its answer (its data committed)',
    labelNames: ['provider'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly sendLatency = new Histogram({
    name: 'charla_send_duration_seconds',
    help: 'Outbound sends: time of the call to the provider, by provider and outcome',
    labelNames: ['provider', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  private readonly sendFailures = new Counter({
    name: 'charla_send_failures_total',
    help: "Outbound sends the provider refused or that did not reach it, by provider and the provider's error code",
    labelNames: ['provider', 'code'] as const,
    registers: [this.registry],
  });

  private readonly jobDepth = new Gauge({
    name: 'charla_job_queue_depth',
    help: 'Jobs in the queue (all instances), by task and state: ready, scheduled, running, failed',
    labelNames: ['task', 'state'] as const,
    registers: [this.registry],
  });

  private readonly jobAge = new Gauge({
    name: 'charla_job_queue_oldest_ready_seconds',
    help: 'Age of the oldest job that is due and not yet taken (all instances), by task',
    labelNames: ['task'] as const,
    registers: [this.registry],
  });

  private readonly sockets = new Gauge({
    name: 'charla_socket_connections',
    help: 'Socket.io connections open on this instance',
    registers: [this.registry],
  });

  readonly contentType = this.registry.contentType;

  /** A webhook's answer, with the seconds it took. `provider` is null when the path names none of ours. */
  observeWebhook(provider: string | null, outcome: WebhookOutcome, seconds: number): void {
    const label = provider ?? 'unknown';
    this.webhooks.inc({ provider: label, outcome });
    if (provider !== null) this.webhookAck.observe({ provider: label }, seconds);
  }

  /** One call to a provider to send a message: its duration and, when it failed, the provider's error code. */
  observeSend(provider: string, seconds: number, failureCode: string | null): void {
    this.sendLatency.observe({ provider, outcome: failureCode === null ? 'sent' : 'failed' }, seconds);
    if (failureCode !== null)
      this.sendFailures.inc({ provider, code: this.boundedCode(provider, failureCode) });
  }

  /** The job queue's sampler, read on each scrape (the queue is the database's, shared by every instance). */
  sampleJobQueueWith(sample: () => Promise<JobQueueSample[]>): void {
    this.sampleJobQueue = sample;
  }

  /** The socket server's count of open connections, read on each scrape. */
  countSocketsWith(count: () => number): void {
    this.countSockets = count;
  }

  /** The Prometheus text exposition: the process's figures, then the application's. */
  async exposition(): Promise<string> {
    await this.sample();
    return `${await processMetrics().metrics()}\n${await this.registry.metrics()}`;
  }

  private async sample(): Promise<void> {
    this.sockets.set(this.countSockets?.() ?? 0);
    if (!this.sampleJobQueue) return;
    try {
      const rows = await this.sampleJobQueue();
      this.jobDepth.reset();
      this.jobAge.reset();
      for (const row of rows) {
        for (const state of ['ready', 'scheduled', 'running', 'failed'] as const)
          this.jobDepth.set({ task: row.task, state }, row[state]);
        this.jobAge.set({ task: row.task }, row.oldestReadySeconds ?? 0);
      }
    } catch (error) {
      // The rest of the metrics still answer; the queue's gauges are dropped rather than left stale.
      this.jobDepth.reset();
      this.jobAge.reset();
      this.logger.warn(`job queue not sampled: ${String(error)}`);
    }
  }

  private boundedCode(provider: string, code: string): string {
    if (!CODE_SHAPE.test(code)) return 'other';
    const key = `${provider}:${code}`;
    if (this.errorCodes.has(key)) return code;
    if (this.errorCodes.size >= MAX_ERROR_CODES) return 'other';
    this.errorCodes.add(key);
    return code;
  }
}

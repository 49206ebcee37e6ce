import { randomUUID } from 'node:crypto';
import { agentRoom, companyRoom, type RealtimeEventMap } from '@crm/shared';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { Client as PgClient } from 'pg';
import type { Server } from 'socket.io';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { pgPool } from '../database/pg-pool';

export function sessionRoom(sessionId: string): string {
  return `session_${sessionId}`;
}

type BusMessage =
  | { o: string; k: 'emit'; r: string[]; e: string; p: unknown }
  | { o: string; k: 'disconnect'; s: string }
  | { o: string; k: 'attachment'; a: string };

const CHANNEL = 'crm_realtime';
// NOTIFY payloads must stay under 8000 bytes; bigger events travel through realtime_attachments.
const MAX_NOTIFY_BYTES = 7500;
const FLUSH_DELAY_MS = 2;
const MAX_BATCH = 64;

/**
 * What domain services call to publish an event; only the gateway touches sockets. Emitting to several rooms at
 * once reaches each socket once, so an admin who is in both rooms never sees an event twice.
 *
 * ARCHITECTURE rule 9: events reach sockets on every API instance. Each event is delivered to this instance's
 * sockets at once and published to the others through PostgreSQL NOTIFY; notifications are batched over a few
 * milliseconds into one query, so under load cross-instance delivery costs a fraction of a round trip per event
 * (it replaced @socket.io/postgres-adapter, which spent one round trip on every event).
 */
@Injectable()
export class RealtimeService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RealtimeService.name);
  private readonly instanceId = randomUUID();
  private server: Server | null = null;
  private listener: PgClient | null = null;
  private queue: string[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  attach(server: Server): void {
    this.server = server;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.realtimeBus) return;
    const { url } = this.dataSource.options as { url?: string };
    this.listener = new PgClient({ connectionString: url });
    this.listener.on('error', (error: Error) => this.logger.warn(`realtime listener: ${error.message}`));
    this.listener.on('notification', (msg) => {
      if (msg.payload) void this.receive(msg.payload);
    });
    await this.listener.connect();
    await this.listener.query(`LISTEN ${CHANNEL}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    await this.flush();
    await this.listener?.end().catch(() => undefined);
  }

  emit<E extends keyof RealtimeEventMap>(rooms: string[], event: E, payload: RealtimeEventMap[E]): void {
    if (rooms.length === 0) return;
    this.deliver(rooms, event, payload);
    this.publish({ o: this.instanceId, k: 'emit', r: rooms, e: String(event), p: payload });
  }

  toCompany<E extends keyof RealtimeEventMap>(
    companyId: number,
    event: E,
    payload: RealtimeEventMap[E],
  ): void {
    this.emit([companyRoom(companyId)], event, payload);
  }

  toUser<E extends keyof RealtimeEventMap>(userId: number, event: E, payload: RealtimeEventMap[E]): void {
    this.emit([agentRoom(userId)], event, payload);
  }

  /** A revoked session's open sockets are closed at once, on every instance. */
  disconnectSession(sessionId: string): void {
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
    this.publish({ o: this.instanceId, k: 'disconnect', s: sessionId });
  }

  private deliver(rooms: string[], event: string, payload: unknown): void {
    this.server?.to(rooms).emit(event, payload);
  }

  private publish(message: BusMessage): void {
    if (!this.config.realtimeBus || this.stopped) return;
    this.queue.push(JSON.stringify(message));
    if (this.queue.length >= MAX_BATCH) this.scheduleFlush(0);
    else this.scheduleFlush(FLUSH_DELAY_MS);
  }

  private scheduleFlush(delay: number): void {
    if (this.flushTimer && delay > 0) return;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flushing = this.flushing
        .then(() => this.flush())
        .catch((error) => {
          this.logger.warn(`realtime publish failed: ${String(error)}`);
        });
    }, delay);
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      const pool = pgPool(this.dataSource);
      const payloads: string[] = [];
      for (const text of batch) {
        if (Buffer.byteLength(text) <= MAX_NOTIFY_BYTES) {
          payloads.push(text);
          continue;
        }
        const { rows } = await pool.query(
          'INSERT INTO realtime_attachments (payload) VALUES ($1) RETURNING id',
          [text],
        );
        payloads.push(JSON.stringify({ o: this.instanceId, k: 'attachment', a: String(rows[0].id) }));
      }
      const calls = payloads.map((_, i) => `pg_notify('${CHANNEL}', $${i + 1})`).join(', ');
      await pool.query(`SELECT ${calls}`, payloads);
    }
  }

  private async receive(raw: string): Promise<void> {
    try {
      let message = JSON.parse(raw) as BusMessage;
      if (message.o === this.instanceId) return;
      if (message.k === 'attachment') {
        const { rows } = await pgPool(this.dataSource).query(
          'SELECT payload FROM realtime_attachments WHERE id = $1',
          [message.a],
        );
        if (!rows[0]) return;
        message = JSON.parse(rows[0].payload) as BusMessage;
      }
      if (message.k === 'emit') this.deliver(message.r, message.e, message.p);
      else if (message.k === 'disconnect') this.server?.in(sessionRoom(message.s)).disconnectSockets(true);
    } catch (error) {
      this.logger.warn(`realtime message dropped: ${String(error)}`);
    }
  }
}

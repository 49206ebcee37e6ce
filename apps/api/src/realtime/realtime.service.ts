import { randomUUID } from 'node:crypto';
import {
  agentRoom,
  companyRoom,
  PHONELESS_SOCKETS_ROOM,
  phonelessRoom,
  type RealtimeEventMap,
} from '@crm/shared';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Server } from 'socket.io';
import { redactPhones } from '../common/privacy/phone-privacy';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type BusListener, RealtimeRepository } from './realtime.repository';

export function sessionRoom(sessionId: string): string {
  return `session_${sessionId}`;
}

type BusMessage =
  | { o: string; k: 'emit'; r: string[]; e: string; p: unknown }
  | { o: string; k: 'disconnect'; s: string }
  | { o: string; k: 'disconnectUser'; u: number }
  | { o: string; k: 'attachment'; a: string }
  // Presence: 'hello' when an instance starts listening (the others answer 'here'), 'here' as a heartbeat,
  // 'bye' when it stops.
  | { o: string; k: 'hello' | 'here' | 'bye' };

const CHANNEL = 'crm_realtime';
// NOTIFY payloads must stay under 8000 bytes; bigger events travel through realtime_attachments.
const MAX_NOTIFY_BYTES = 7500;
const FLUSH_DELAY_MS = 2;
const MAX_BATCH = 64;
const HEARTBEAT_MS = 20_000;
// A peer not heard from for this long is taken as gone (it crashed without saying 'bye').
const PEER_TTL_MS = 3 * HEARTBEAT_MS;
const RECONNECT_MS = 1_000;

/**
 * What domain services call to publish an event; only the gateway touches sockets. Emitting to several rooms at
 * once reaches each socket once, so an admin who is in both rooms never sees an event twice.
 *
 * ARCHITECTURE rule 9: events reach sockets on every API instance. Each event is delivered to this instance's
 * sockets at once and published to the others through PostgreSQL NOTIFY; notifications are batched over a few
 * milliseconds into one query, so under load cross-instance delivery costs a fraction of a round trip per event
 * (it replaced @socket.io/postgres-adapter, which spent one round trip on every event). Instances announce
 * themselves on the same channel, and an instance that knows of no other publishes nothing: a single-instance
 * deployment pays nothing for the bus (measured: it was a third of the webhook path's CPU, spent on
 * notifications that only came back to their sender).
 */
@Injectable()
export class RealtimeService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(RealtimeService.name);
  private readonly instanceId = randomUUID();
  private server: Server | null = null;
  private listener: BusListener | null = null;
  private readonly peers = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private queue: string[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly bus: RealtimeRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  attach(server: Server): void {
    this.server = server;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.realtimeBus) return;
    await this.listen();
    this.heartbeat = setInterval(() => this.announce('here'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    await this.flushing;
    await this.flush().catch(() => undefined);
    if (this.listener)
      await this.notify([this.busText({ o: this.instanceId, k: 'bye' })]).catch(() => undefined);
    await this.listener?.close();
    this.listener = null;
  }

  /** Number of other API instances this one currently publishes to. */
  peerCount(): number {
    this.prunePeers();
    return this.peers.size;
  }

  /** LISTEN on a dedicated connection, then say hello; a lost connection is opened again (and says hello again). */
  private async listen(): Promise<void> {
    let lost = false;
    let listener: BusListener | null = null;
    const onLost = (reason: string) => {
      if (lost || this.stopped) return;
      lost = true;
      this.logger.warn(`realtime listener lost (${reason}); reconnecting`);
      if (listener && this.listener === listener) this.listener = null;
      void listener?.close();
      this.scheduleReconnect();
    };
    listener = await this.bus.listen(CHANNEL, {
      notification: (payload) => void this.receive(payload),
      lost: onLost,
    });
    if (lost) {
      await listener.close();
      return;
    }
    this.listener = listener;
    await this.notify([this.busText({ o: this.instanceId, k: 'hello' })]);
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.stopped) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().catch((error: Error) => {
        this.logger.warn(`realtime listener: ${error.message}`);
        this.scheduleReconnect();
      });
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  private announce(kind: 'hello' | 'here'): void {
    if (this.stopped || !this.listener) return;
    this.notify([this.busText({ o: this.instanceId, k: kind })]).catch((error: Error) =>
      this.logger.warn(`realtime presence: ${error.message}`),
    );
  }

  private prunePeers(): void {
    const oldest = Date.now() - PEER_TTL_MS;
    for (const [id, seen] of this.peers) if (seen < oldest) this.peers.delete(id);
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

  /** Issue 19: the company's channels with a phone (the gateway joins the QR page's phone_{phone} rooms). */
  channelPhones(companyId: number): Promise<Array<{ platform: string; phone: string | null }>> {
    return this.bus.channelPhones(companyId);
  }

  /**
   * Issue 19: the sockets in `fromRooms` on this instance join `room` too (the QR page's phone_{phone}, for sockets
   * opened before their company's number was linked; others join it when they connect).
   */
  joinRoom(fromRooms: string[], room: string): void {
    this.server?.in(fromRooms).socketsJoin(room);
  }

  toUser<E extends keyof RealtimeEventMap>(userId: number, event: E, payload: RealtimeEventMap[E]): void {
    this.emit([agentRoom(userId)], event, payload);
  }

  /**
   * Issue 22, a draining instance: its sockets are closed by the server ('io server disconnect'), which the web
   * client answers by connecting again — through the load balancer, to an instance still running — and reading its
   * lists again, so the events it missed meanwhile are recovered. Other instances' sockets are left alone.
   */
  disconnectLocalSockets(): void {
    this.server?.disconnectSockets(true);
  }

  /** A revoked session's open sockets are closed at once, on every instance. */
  disconnectSession(sessionId: string): void {
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
    this.publish({ o: this.instanceId, k: 'disconnect', s: sessionId });
  }

  /**
   * Closes every open socket of a user, on every instance: a deleted user's, or one whose role changed (their
   * client connects again and the gateway joins the rooms of the new role; a revoked session is refused instead).
   */
  disconnectUser(userId: number): void {
    this.server?.in(agentRoom(userId)).disconnectSockets(true);
    this.publish({ o: this.instanceId, k: 'disconnectUser', u: userId });
  }

  /**
   * Issue 15 §3: an event that carries a customer's phone goes in full to the plain rooms, except to the sockets of
   * users without canSeePhoneNumber, who get it redacted in the phoneless variants of the rooms (gateway). The bus
   * carries the full payload and every instance splits it the same way for its own sockets.
   */
  private deliver(rooms: string[], event: string, payload: unknown): void {
    const server = this.server;
    if (!server) return;
    const phoneless = rooms.map(phonelessRoom);
    // socket.io encodes the packet before looking for sockets; skip that when nobody is in these rooms.
    const present = server.sockets.adapter.rooms;
    const plainPresent = rooms.some((room) => present.has(room));
    const phonelessPresent = phoneless.some((room) => present.has(room));
    if (!plainPresent && !phonelessPresent) return;
    // No socket here of a user without the permission: nobody to redact for, so no walk over the payload.
    if (!present.has(PHONELESS_SOCKETS_ROOM)) {
      server.to(rooms).emit(event, payload);
      return;
    }
    const redacted = redactPhones(payload);
    if (redacted === payload) {
      server.to([...rooms, ...phoneless]).emit(event, payload);
      return;
    }
    if (plainPresent) server.to(rooms).except(PHONELESS_SOCKETS_ROOM).emit(event, payload);
    if (phonelessPresent) server.to(phoneless).emit(event, redacted);
  }

  /** Bus texts start with the sender's id, so an instance drops its own notifications without parsing them. */
  private busText(message: BusMessage): string {
    return `${message.o}|${JSON.stringify(message)}`;
  }

  private publish(message: BusMessage): void {
    if (!this.config.realtimeBus || this.stopped || this.peerCount() === 0) return;
    this.queue.push(this.busText(message));
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
      const payloads: string[] = [];
      for (const text of batch) {
        if (Buffer.byteLength(text) <= MAX_NOTIFY_BYTES) {
          payloads.push(text);
          continue;
        }
        const id = await this.bus.attach(text.slice(text.indexOf('|') + 1));
        payloads.push(this.busText({ o: this.instanceId, k: 'attachment', a: id }));
      }
      await this.notify(payloads);
    }
  }

  private notify(payloads: string[]): Promise<void> {
    return this.bus.notify(CHANNEL, payloads);
  }

  private async receive(raw: string): Promise<void> {
    try {
      const bar = raw.indexOf('|');
      const origin = raw.slice(0, bar);
      if (bar < 0 || origin === this.instanceId) return;
      let message = JSON.parse(raw.slice(bar + 1)) as BusMessage;
      if (message.k === 'bye') {
        this.peers.delete(origin);
        return;
      }
      this.peers.set(origin, Date.now());
      // A newcomer has to learn of us too, or it would publish to nobody.
      if (message.k === 'hello') this.announce('here');
      if (message.k === 'hello' || message.k === 'here') return;
      if (message.k === 'attachment') {
        const attached = await this.bus.attachment(message.a);
        if (attached === undefined) return;
        message = JSON.parse(attached) as BusMessage;
      }
      if (message.k === 'emit') this.deliver(message.r, message.e, message.p);
      else if (message.k === 'disconnect') this.server?.in(sessionRoom(message.s)).disconnectSockets(true);
      else if (message.k === 'disconnectUser') this.server?.in(agentRoom(message.u)).disconnectSockets(true);
    } catch (error) {
      this.logger.warn(`realtime message dropped: ${String(error)}`);
    }
  }
}

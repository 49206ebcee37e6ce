import { agentRoom, companyRoom, type RealtimeEventMap } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { Server } from 'socket.io';

export function sessionRoom(sessionId: string): string {
  return `session_${sessionId}`;
}

/**
 * What domain services call to publish an event; only the gateway touches sockets. Emitting to several rooms
 * at once reaches each socket once, so an admin who is in both rooms never sees an event twice.
 */
@Injectable()
export class RealtimeService {
  private readonly logger = new Logger(RealtimeService.name);
  private server: Server | null = null;

  attach(server: Server): void {
    this.server = server;
  }

  emit<E extends keyof RealtimeEventMap>(rooms: string[], event: E, payload: RealtimeEventMap[E]): void {
    if (!this.server || rooms.length === 0) return;
    this.server.to(rooms).emit(event, payload);
    this.logger.debug(`${String(event)} → ${rooms.join(', ')}`);
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

  /** A revoked session's open sockets are closed at once. */
  disconnectSession(sessionId: string): void {
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
  }
}

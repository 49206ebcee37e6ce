import { agentRoom, companyRoom, isCompanyWideRole } from '@crm/shared';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/postgres-adapter';
import { Pool } from 'pg';
import type { Server, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { bearerToken } from '../common/guards/auth.guard';
import { AuthService } from '../modules/auth/auth.service';
import { RealtimeService, sessionRoom } from './realtime.service';

function handshakeToken(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token.replace(/^Bearer\s+/i, '');
  const query = socket.handshake.query.token;
  if (typeof query === 'string' && query) return query;
  return bearerToken(socket.handshake.headers.authorization);
}

/**
 * 01 §7 Real-time: admin, superadmin and groupadmin join company_{id}; everybody joins agent_{ownId} for events
 * about themselves (updateUserData), and session_{sid} so that logout closes the socket.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeGateway.name);
  private adapterPool: Pool | null = null;

  constructor(
    private readonly auth: AuthService,
    private readonly realtime: RealtimeService,
    private readonly dataSource: DataSource,
  ) {}

  afterInit(server: Server): void {
    this.realtime.attach(server);
    // ARCHITECTURE rule 9: events published on one instance reach sockets connected to any other, through
    // PostgreSQL NOTIFY (the adapter's own pool, so LISTEN never holds an application connection).
    const { url } = this.dataSource.options as { url?: string };
    this.adapterPool = new Pool({ connectionString: url, max: 2 });
    this.adapterPool.on('error', (error: Error) => this.logger.warn(`realtime adapter: ${error.message}`));
    // The adapter's LISTEN client has no error listener of its own: without this, a PostgreSQL restart (or the
    // embedded one stopping first at shutdown) would crash the process instead of letting it reconnect.
    this.adapterPool.on('connect', (client) =>
      client.on('error', (error: Error) => this.logger.warn(`realtime adapter client: ${error.message}`)),
    );
    server.adapter(createAdapter(this.adapterPool, { tableName: 'socket_io_attachments' }));
    server.use((socket, next) => {
      const token = handshakeToken(socket);
      if (!token) return next(new Error('UNAUTHORIZED'));
      this.auth
        .authenticate(token)
        .then((user: AuthUser) => {
          socket.data.user = user;
          const rooms = [agentRoom(user.id), sessionRoom(user.sessionId)];
          if (isCompanyWideRole(user.roleName)) rooms.push(companyRoom(user.companyId));
          return socket.join(rooms);
        })
        .then(() => next())
        .catch(() => next(new Error('UNAUTHORIZED')));
    });
    this.logger.log('socket.io gateway ready at /socket.io');
  }

  async onApplicationShutdown(): Promise<void> {
    await this.adapterPool?.end().catch(() => undefined);
  }
}

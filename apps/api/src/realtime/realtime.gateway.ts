import {
  agentRoom,
  campaignsRoom,
  companyRoom,
  conversationSocketRooms,
  isCompanyWideRole,
  onboardingRoom,
  phoneRoom,
  platformOf,
} from '@crm/shared';
import { Inject, Logger } from '@nestjs/common';
import { type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { AuthUser } from '../common/auth-user';
import { bearerToken } from '../common/http/bearer-token';
import { MetricsService } from '../common/observability/metrics.service';
import { seesPhoneNumbers } from '../common/privacy/phone-privacy';
import { RealtimeService, sessionRoom } from './realtime.service';
import { SOCKET_AUTHENTICATOR, type SocketAuthenticator } from './socket-authenticator';

function handshakeToken(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token.replace(/^Bearer\s+/i, '');
  const query = socket.handshake.query.token;
  if (typeof query === 'string' && query) return query;
  return bearerToken(socket.handshake.headers.authorization);
}

/**
 * 01 §7 Real-time: admin, superadmin and groupadmin join company_{id} for company-wide events; everybody joins
 * agent_{ownId} for events about themselves (updateUserData), and session_{sid} so that logout closes the socket.
 * 02 §6: conversation events travel in their own rooms, joined from the role and isAdminOfIds read with the session
 * (conversationRoomsOfViewer), so a socket hears of a conversation exactly when its user may see it. Those facts are
 * fixed for the socket's life: whoever changes a user's role, its role's canSeePhoneNumber or isAdminOfIds
 * disconnects the user's sockets.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false })
export class RealtimeGateway implements OnGatewayInit {
  private readonly logger = new Logger(RealtimeGateway.name);

  constructor(
    @Inject(SOCKET_AUTHENTICATOR) private readonly auth: SocketAuthenticator,
    private readonly realtime: RealtimeService,
    private readonly metrics: MetricsService,
  ) {}

  afterInit(server: Server): void {
    this.realtime.attach(server);
    this.metrics.countSocketsWith(() => server.of('/').sockets.size);
    server.use((socket, next) => {
      const token = handshakeToken(socket);
      if (!token) return next(new Error('UNAUTHORIZED'));
      this.auth
        .authenticate(token)
        .then(async (user: AuthUser) => {
          socket.data.user = user;
          const rooms = new Set([
            agentRoom(user.id),
            sessionRoom(user.sessionId),
            // Issue 15 §3: without canSeePhoneNumber, the phoneless variants (events without phones).
            ...conversationSocketRooms(
              { userId: user.id, companyId: user.companyId, roleName: user.roleName, adminOf: user.adminOf },
              seesPhoneNumbers(user),
            ),
          ]);
          if (isCompanyWideRole(user.roleName)) rooms.add(companyRoom(user.companyId));
          // Issue 18: campaign progress reaches only those who may open the campaigns.
          if (user.permissions.campaigns === true) rooms.add(campaignsRoom(user.companyId));
          // Issue 19, 01 §7: the linking's 'status' reaches those who may link a number; every user of the company
          // hears the QR page's 'qr' on its WhatsApp numbers' phone_{phone}.
          if (user.permissions.writeSpaces === true) rooms.add(onboardingRoom(user.companyId));
          // WhatsApp numbers, the sandbox's included: the platforms that send WhatsApp templates.
          for (const channel of await this.realtime.channelPhones(user.companyId)) {
            if (channel.phone && platformOf(channel.platform)?.templates === true)
              rooms.add(phoneRoom(channel.phone));
          }
          return socket.join([...rooms]);
        })
        .then(() => next())
        .catch(() => next(new Error('UNAUTHORIZED')));
    });
    this.logger.log('socket.io gateway ready at /socket.io');
  }
}

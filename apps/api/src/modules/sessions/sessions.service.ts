import { toPermissionMap } from '@crm/shared';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Executor } from '../../database/kysely';
import { RealtimeService } from '../../realtime/realtime.service';
import { SessionsRepository } from './sessions.repository';
import { TokenService } from './token.service';

/** Where a sign-in came from, kept with its session. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/**
 * Sessions: opened at sign-in, checked on every request and socket handshake, revoked at sign-out, by a new
 * password, or when an admin deletes the user. Revoking one closes its open sockets.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokenService,
    private readonly realtime: RealtimeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Token → caller, or UNAUTHORIZED. The token must be ours, unexpired, and its session live (not logged out). */
  async authenticate(token: string): Promise<AuthUser> {
    const claims = this.tokens.verify(token);
    if (!claims) throw new AppException('UNAUTHORIZED', { message: 'Invalid token' });
    const row = await this.sessions.findLive(claims.sessionId, claims.userId);
    if (!row) throw new AppException('UNAUTHORIZED', { message: 'Session revoked or expired' });
    return {
      id: row.id,
      companyId: row.companyId,
      roleName: row.role,
      permissions: toPermissionMap(row.permissions),
      sessionId: claims.sessionId,
      adminOf: row.isAdminOfIds ?? [],
      selectedSpaceId: row.selectedSpaceId,
    };
  }

  /** A new session for the user, answered as its signed token. */
  async open(
    user: { id: number; companyId: number },
    meta: RequestMeta,
    firebaseToken?: string,
  ): Promise<string> {
    const expiresAt = new Date(Date.now() + this.config.sessionTtlHours * 3600_000);
    const sessionId = await this.sessions.create({
      userId: user.id,
      companyId: user.companyId,
      expiresAt,
      ip: meta.ip.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      firebaseToken: firebaseToken ?? null,
    });
    return this.tokens.sign({ userId: user.id, companyId: user.companyId, sessionId }, expiresAt);
  }

  /** Sign-out: the session ends and its sockets close. */
  async end(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
    this.realtime.disconnectSession(sessionId);
  }

  /**
   * Revokes every open session of a user (but `exceptId`) inside the caller's transaction; answers their ids, whose
   * sockets the caller closes with `closeSockets` once the transaction has committed.
   */
  revokeAllOf(db: Executor, userId: number, exceptId?: string): Promise<string[]> {
    return this.sessions.revokeAllOf(db, userId, exceptId);
  }

  closeSockets(sessionIds: readonly string[]): void {
    for (const sessionId of sessionIds) this.realtime.disconnectSession(sessionId);
  }
}

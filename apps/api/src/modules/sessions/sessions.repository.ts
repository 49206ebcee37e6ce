import { Injectable } from '@nestjs/common';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import { prepared } from '../../database/prepared-statements';
import type { Sessions } from '../../database/schema';

export type SessionRow = Selectable<Sessions>;
export type NewSession = Pick<
  Insertable<Sessions>,
  'userId' | 'companyId' | 'expiresAt' | 'ip' | 'userAgent' | 'firebaseToken'
>;

/** A live session's user as every request reads it: company, role, permissions, administered users, space. */
export interface LiveSessionUser {
  id: number;
  companyId: number;
  isAdminOfIds: number[] | null;
  selectedSpaceId: number | null;
  role: string;
  permissions: string[];
}

/** The sessions table: the server-side half of every token (its `sid`). */
@Injectable()
export class SessionsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async create(session: NewSession): Promise<string> {
    const row = await this.db
      .insertInto('sessions')
      .values(session)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * One round trip on every request: the session, if unrevoked and unexpired, with its user (still in the
   * session's company), the user's role and the role's permissions. A named statement, so each connection plans it
   * once instead of on every request.
   */
  async findLive(sessionId: string, userId: number): Promise<LiveSessionUser | undefined> {
    const { rows } = await sql<LiveSessionUser>`${prepared('auth-session')}
      SELECT u.id, u."companyId", u."isAdminOfIds", u."selectedSpaceId", r.name AS role,
             coalesce(array_agg(p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
        FROM sessions s
        JOIN users u ON u.id = s."userId" AND u."companyId" = s."companyId"
        JOIN roles r ON r.id = u."roleId"
        LEFT JOIN role_permissions rp ON rp."roleId" = r.id
        LEFT JOIN permissions p ON p.id = rp."permissionId"
       WHERE s.id = ${sessionId} AND s."userId" = ${userId} AND s."revokedAt" IS NULL AND s."expiresAt" > now()
       GROUP BY u.id, r.name`.execute(this.db);
    return rows[0];
  }

  /** Ends one session (sign-out). */
  async revoke(sessionId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revokedAt: sql<Date>`now()` })
      .where('id', '=', sessionId)
      .execute();
  }

  /** Ends every open session of a user but `exceptId`, in the caller's transaction; answers the ended ids. */
  async revokeAllOf(db: Executor, userId: number, exceptId?: string): Promise<string[]> {
    let query = db
      .updateTable('sessions')
      .set({ revokedAt: sql<Date>`now()` })
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null);
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    const rows = await query.returning('id').execute();
    return rows.map((row) => row.id);
  }
}

import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { PasswordResetTokens } from '../../database/schema';

export type PasswordResetTokenRow = Selectable<PasswordResetTokens>;

/** The password_reset_tokens table: single-use links, stored as the SHA-256 of the token sent by e-mail. */
@Injectable()
export class PasswordResetsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async create(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insertInto('password_reset_tokens').values({ userId, tokenHash, expiresAt }).execute();
  }

  /** Uses the link if unused and unexpired, atomically (of two uses, exactly one gets the user id). */
  async consume(db: Executor, tokenHash: string): Promise<number | undefined> {
    const row = await db
      .updateTable('password_reset_tokens')
      .set({ usedAt: sql<Date>`now()` })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .returning('userId')
      .executeTakeFirst();
    return row?.userId;
  }
}

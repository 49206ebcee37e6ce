import { Injectable } from '@nestjs/common';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { EmailVerifications } from '../../database/schema';

export type EmailVerificationRow = Selectable<EmailVerifications>;
export type EmailVerificationCode = Pick<
  Insertable<EmailVerifications>,
  'email' | 'codeHash' | 'plan' | 'expiresAt'
>;

/** The email_verifications table: one sign-up code per e-mail (01 §8), replaced on every send. */
@Injectable()
export class EmailVerificationsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  find(email: string): Promise<EmailVerificationRow | undefined> {
    return this.db
      .selectFrom('email_verifications')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /** A new code for the e-mail, sent now: unverified, no failed attempts (the previous code, if any, is gone). */
  async replace(code: EmailVerificationCode, sentAt: Date): Promise<void> {
    const values = { ...code, lastSentAt: sentAt, verifiedAt: null, failedAttempts: 0 };
    await this.db
      .insertInto('email_verifications')
      .values(values)
      .onConflict((oc) =>
        oc.column('email').doUpdateSet({
          codeHash: values.codeHash,
          plan: values.plan,
          expiresAt: values.expiresAt,
          lastSentAt: values.lastSentAt,
          verifiedAt: null,
          failedAttempts: 0,
        }),
      )
      .execute();
  }

  /**
   * Counts an attempt on the e-mail's live code before it is compared, in one statement that also enforces the cap:
   * undefined when there is no unexpired code or it already has `maxFailures` attempts. A burst of parallel guesses
   * cannot pass the cap.
   */
  countAttempt(
    email: string,
    maxFailures: number,
  ): Promise<Pick<EmailVerificationRow, 'id' | 'codeHash'> | undefined> {
    return this.db
      .updateTable('email_verifications')
      .set((eb) => ({ failedAttempts: eb('failedAttempts', '+', 1) }))
      .where('email', '=', email)
      .where('expiresAt', '>', sql<Date>`now()`)
      .where('failedAttempts', '<', maxFailures)
      .returning(['id', 'codeHash'])
      .executeTakeFirst();
  }

  /** The right code: its attempt is given back and the e-mail is verified. */
  async markVerified(id: number): Promise<void> {
    await this.db
      .updateTable('email_verifications')
      .set((eb) => ({ failedAttempts: eb('failedAttempts', '-', 1), verifiedAt: sql<Date>`now()` }))
      .where('id', '=', id)
      .execute();
  }

  async delete(db: Executor, email: string): Promise<void> {
    await db.deleteFrom('email_verifications').where('email', '=', email).execute();
  }
}

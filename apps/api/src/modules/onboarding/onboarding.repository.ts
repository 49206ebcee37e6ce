import type { OnboardingPatch } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { OnboardingInProcess } from '../../database/schema';
import { isUniqueViolation } from '../../database/unique-name';

export type OnboardingRow = Selectable<OnboardingInProcess>;

/** Stored fields: what a client may write (checked by @crm/shared parseOnboardingData) plus the computed score. */
export type OnboardingUpdate = OnboardingPatch & { score?: number };

/** The onboarding_in_process table (issue 19): sign-up records, resumable by their random id. */
@Injectable()
export class OnboardingRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  findById(id: string, db: Executor = this.db): Promise<OnboardingRow | undefined> {
    return db.selectFrom('onboarding_in_process').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Locks the record until the transaction ends: its changes and its finishing are serialised. */
  lockById(trx: Executor, id: string): Promise<OnboardingRow | undefined> {
    return trx
      .selectFrom('onboarding_in_process')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The unfinished records of an e-mail (at most one: a partial unique index), whatever its case. */
  findUnfinishedByEmail(email: string, limit: number): Promise<OnboardingRow[]> {
    return this.db
      .selectFrom('onboarding_in_process')
      .selectAll()
      .where(sql<string>`lower("email")`, '=', email.toLowerCase())
      .where('companyId', 'is', null)
      .orderBy('createdAt', 'desc')
      .limit(limit)
      .execute();
  }

  findByCompany(companyId: number): Promise<OnboardingRow | undefined> {
    return this.db
      .selectFrom('onboarding_in_process')
      .selectAll()
      .where('companyId', '=', companyId)
      .executeTakeFirst();
  }

  /**
   * A new unfinished record for the e-mail, or the one that already exists: the partial unique index decides
   * between two racing creations, and the loser reads the winner's row.
   */
  async createOrGet(email: string, score: number): Promise<OnboardingRow> {
    const inserted = await this.db
      .insertInto('onboarding_in_process')
      .values({ email, score })
      .onConflict((oc) => oc.expression(sql`lower("email")`).where('companyId', 'is', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
    const [existing] = await this.findUnfinishedByEmail(email, 1);
    if (!existing) throw new Error('Onboarding record vanished between insert and read');
    return existing;
  }

  /** Writes the fields; false when the new e-mail belongs to another unfinished record. */
  async update(trx: Executor, id: string, patch: OnboardingUpdate): Promise<boolean> {
    try {
      await trx
        .updateTable('onboarding_in_process')
        .set({ ...patch, updatedAt: sql`now()` })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** The record now belongs to its company; the step becomes the flow's last. */
  async markFinished(trx: Executor, id: string, companyId: number, step: string): Promise<void> {
    await trx
      .updateTable('onboarding_in_process')
      .set({ companyId, prevStep: sql`"step"`, step, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Sets needHelpAt once; true only for the call that set it (so support is mailed once). */
  async markNeedHelp(id: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('onboarding_in_process')
      .set({ needHelpAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', '=', id)
      .where('needHelpAt', 'is', null)
      .executeTakeFirst();
    return rows.numUpdatedRows > 0n;
  }

  /** Sets videoSentAt once; true only for the call that set it (so the video is mailed once). */
  async markVideoSent(id: string): Promise<boolean> {
    const rows = await this.db
      .updateTable('onboarding_in_process')
      .set({ videoSentAt: sql`now()`, updatedAt: sql`now()` })
      .where('id', '=', id)
      .where('videoSentAt', 'is', null)
      .executeTakeFirst();
    return rows.numUpdatedRows > 0n;
  }

  /** Gives the "once" back when the mail could not be sent, so the next call tries again. */
  async clearRequest(id: string, column: 'needHelpAt' | 'videoSentAt'): Promise<void> {
    await this.db
      .updateTable('onboarding_in_process')
      .set({ [column]: null })
      .where('id', '=', id)
      .execute();
  }

  async setUseNewPhone(id: string, isUseNewPhone: boolean): Promise<void> {
    await this.db
      .updateTable('onboarding_in_process')
      .set({ isUseNewPhone, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  }
}

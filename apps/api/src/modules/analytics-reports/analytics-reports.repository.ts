import type { ReportFrequency } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import { isUniqueViolation } from '../../database/unique-name';

/** A recipient as the API answers it (01 §3: company is the owner's id). */
export interface ReportRecipientRow {
  id: number;
  name: string;
  frequency: ReportFrequency;
  email: string;
  isActive: boolean;
  company: number;
}

export interface ReportRecipientValues {
  name: string;
  frequency: ReportFrequency;
  email: string;
  isActive: boolean;
}

/** What the digest needs of an active recipient: its period rules come from its company's time zone. */
export interface DueRecipientRow {
  id: number;
  frequency: ReportFrequency;
  timezone: string;
}

/** What one report mail needs. */
export interface ReportTargetRow {
  id: number;
  companyId: number;
  name: string;
  email: string;
  isActive: boolean;
  companyName: string;
}

/** A unique violation of the (company, lower(email)) index: the e-mail already receives the company's report. */
export const EMAIL_TAKEN = Symbol('EMAIL_TAKEN');

/** The report_recipients table (01 §3 Report e-mail recipient). */
@Injectable()
export class AnalyticsReportsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private views() {
    return this.db
      .selectFrom('report_recipients')
      .select(['id', 'name', 'email', 'isActive', 'companyId as company'])
      .select(sql<ReportFrequency>`frequency`.as('frequency'));
  }

  list(companyId: number): Promise<ReportRecipientRow[]> {
    return this.views().where('companyId', '=', companyId).orderBy('id').execute();
  }

  byId(id: number): Promise<ReportRecipientRow | undefined> {
    return this.views().where('id', '=', id).executeTakeFirst();
  }

  async create(companyId: number, values: ReportRecipientValues): Promise<number | typeof EMAIL_TAKEN> {
    try {
      const row = await this.db
        .insertInto('report_recipients')
        .values({ companyId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      if (isUniqueViolation(error)) return EMAIL_TAKEN;
      throw error;
    }
  }

  /** False when the row is not the company's (it may have gone meanwhile). */
  async update(
    companyId: number,
    id: number,
    patch: Partial<ReportRecipientValues>,
  ): Promise<boolean | typeof EMAIL_TAKEN> {
    if (Object.keys(patch).length === 0) return (await this.byId(id))?.company === companyId;
    try {
      const result = await this.db
        .updateTable('report_recipients')
        .set(patch)
        .where('id', '=', id)
        .where('companyId', '=', companyId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    } catch (error) {
      if (isUniqueViolation(error)) return EMAIL_TAKEN;
      throw error;
    }
  }

  /** Deletes the company's recipients with these e-mails (case aside); how many went. */
  async deleteByEmails(companyId: number, emails: string[]): Promise<number> {
    const lowered = emails.map((email) => email.trim().toLowerCase());
    const result = await this.db
      .deleteFrom('report_recipients')
      .where('companyId', '=', companyId)
      .where(sql<boolean>`lower(email) = ANY(${lowered}::text[])`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Every active recipient, with its company's time zone. */
  active(): Promise<DueRecipientRow[]> {
    return this.db
      .selectFrom('report_recipients as r')
      .innerJoin('companies as c', 'c.id', 'r.companyId')
      .where('r.isActive', '=', true)
      .select(['r.id', 'c.timezone'])
      .select(sql<ReportFrequency>`r.frequency`.as('frequency'))
      .orderBy('r.id')
      .execute();
  }

  target(id: number): Promise<ReportTargetRow | undefined> {
    return this.db
      .selectFrom('report_recipients as r')
      .innerJoin('companies as c', 'c.id', 'r.companyId')
      .where('r.id', '=', id)
      .select(['r.id', 'r.companyId', 'r.name', 'r.email', 'r.isActive', 'c.name as companyName'])
      .executeTakeFirst();
  }
}

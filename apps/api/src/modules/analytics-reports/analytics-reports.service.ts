import type { ReportFrequency } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import {
  AnalyticsReportsRepository,
  EMAIL_TAKEN,
  type ReportRecipientRow,
  type ReportRecipientValues,
} from './analytics-reports.repository';
import type { CreateReportInput, UpdateReportInput } from './models/report-recipient.model';

/** Inputs arrive validated (the DTOs bind packages/shared's rules); these only normalise. */
const clean = {
  name: (value: string) => value.trim(),
  email: (value: string) => value.trim(),
  frequency: (value: string) => value as ReportFrequency,
};

/** 01 §7 report recipients of the caller's company: list, create, update, delete by e-mail. */
@Injectable()
export class AnalyticsReportsService {
  constructor(private readonly repo: AnalyticsReportsRepository) {}

  list(user: AuthUser, company: number | null = null): Promise<ReportRecipientRow[]> {
    this.sameCompany(user, company);
    return this.repo.list(user.companyId);
  }

  /** The spec's input carries `company`: the session decides it, and another company's id is refused. */
  private sameCompany(user: AuthUser, company: number | null | undefined): void {
    if (company !== null && company !== undefined && company !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: `report recipient for company ${company}` });
    }
  }

  /** Another company's recipient is FORBIDDEN, an unknown id REPORT_NOT_FOUND (docs/architecture.md tenancy). */
  private async own(user: AuthUser, id: number): Promise<void> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppException('REPORT_NOT_FOUND', { field: 'id' });
    if (row.company !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: `report recipient ${id} of another company` });
    }
  }

  private async saved(id: number): Promise<ReportRecipientRow> {
    const row = await this.repo.byId(id);
    if (!row) throw new AppException('REPORT_NOT_FOUND', { field: 'id' });
    return row;
  }

  async create(user: AuthUser, input: CreateReportInput): Promise<ReportRecipientRow> {
    this.sameCompany(user, input.company);
    const id = await this.repo.create(user.companyId, {
      name: clean.name(input.name),
      frequency: clean.frequency(input.frequency),
      email: clean.email(input.email),
      isActive: input.isActive ?? true,
    });
    if (id === EMAIL_TAKEN) throw new AppException('REPORT_EMAIL_TAKEN', { field: 'email' });
    return this.saved(id);
  }

  async update(user: AuthUser, id: number, input: UpdateReportInput): Promise<ReportRecipientRow> {
    this.sameCompany(user, input.company);
    await this.own(user, id);
    const patch: Partial<ReportRecipientValues> = {};
    if (typeof input.name === 'string') patch.name = clean.name(input.name);
    if (typeof input.frequency === 'string') patch.frequency = clean.frequency(input.frequency);
    if (typeof input.email === 'string') patch.email = clean.email(input.email);
    if (typeof input.isActive === 'boolean') patch.isActive = input.isActive;
    const done = await this.repo.update(user.companyId, id, patch);
    if (done === EMAIL_TAKEN) throw new AppException('REPORT_EMAIL_TAKEN', { field: 'email' });
    if (!done) throw new AppException('REPORT_NOT_FOUND', { field: 'id' });
    return this.saved(id);
  }

  /** Only the caller's company's recipients go; e-mails of other companies are simply not counted. */
  deleteMany(user: AuthUser, emails: string[]): Promise<number> {
    if (emails.length === 0) return Promise.resolve(0);
    return this.repo.deleteByEmails(user.companyId, emails);
  }
}

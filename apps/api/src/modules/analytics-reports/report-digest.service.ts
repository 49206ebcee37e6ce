import { reportEmail, reportJobKey, reportPeriod } from '@crm/shared';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueueService } from '../../jobs/job-queue.service';
import type { JobPayloads } from '../../jobs/job-types';
import { MailService } from '../../providers/mail/mail.service';
import { AnalyticsService } from '../analytics/analytics.service';
import { AnalyticsReportsRepository } from './analytics-reports.repository';

export const REPORT_DIGEST_JOB = 'report-digest';
export const REPORT_EMAIL_JOB = 'report-email';
// A mail server that is down for a while is tried again (Graphile's backoff), not for hours.
const REPORT_EMAIL_ATTEMPTS = 5;

/**
 * The statistics e-mails (01 §3, §7). Every hour at minute 5 (Graphile's cron, once across instances) the digest
 * finds each active recipient whose period just ended in its company's time zone (reportPeriod) and adds one
 * `report-email` job under the singleton key `report:{id}:{frequency}:{period}`: the key's insert into job_keys and
 * the job's are one statement (JobsRepository.add), so two instances, a rerun or the next hour's digest add
 * nothing more. The job computes the figures of the period and of the one before and mails them.
 */
@Injectable()
export class ReportDigestService implements OnModuleInit {
  private readonly logger = new Logger(ReportDigestService.name);

  constructor(
    private readonly jobs: JobQueueService,
    private readonly repo: AnalyticsReportsRepository,
    private readonly analytics: AnalyticsService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register(REPORT_DIGEST_JOB, async () => {
      await this.digest();
    });
    this.jobs.register(REPORT_EMAIL_JOB, async (payload) => {
      await this.send(payload);
    });
    this.jobs.cron(REPORT_DIGEST_JOB, '5 * * * *', {});
  }

  /** One pass at `now` (public for tests: a fixed clock); answers the keys of the reports it queued. */
  async digest(now = new Date()): Promise<string[]> {
    const queued: string[] = [];
    for (const recipient of await this.repo.active()) {
      const period = reportPeriod(recipient.frequency, now, recipient.timezone);
      if (!period) continue;
      const key = reportJobKey(recipient.id, recipient.frequency, period.key);
      const added = await this.jobs.enqueue(
        REPORT_EMAIL_JOB,
        {
          recipientId: recipient.id,
          frequency: recipient.frequency,
          start: period.start.toISOString(),
          end: period.end.toISOString(),
          previousStart: period.previousStart.toISOString(),
          firstDay: period.firstDay,
          lastDay: period.lastDay,
        },
        { singletonKey: key, maxAttempts: REPORT_EMAIL_ATTEMPTS },
      );
      if (added) queued.push(key);
    }
    if (queued.length > 0) this.logger.log(`report e-mails queued: ${queued.join(', ')}`);
    return queued;
  }

  /** One recipient's report of one period; nothing when it was deleted or switched off since it was queued. */
  async send(payload: JobPayloads['report-email']): Promise<boolean> {
    const target = await this.repo.target(payload.recipientId);
    if (!target?.isActive) return false;
    const start = new Date(payload.start);
    const [current, previous] = await Promise.all([
      this.analytics.companyFigures(target.companyId, start, new Date(payload.end)),
      this.analytics.companyFigures(target.companyId, new Date(payload.previousStart), start),
    ]);
    const mail = reportEmail({
      frequency: payload.frequency,
      companyName: target.companyName,
      recipientName: target.name,
      firstDay: payload.firstDay,
      lastDay: payload.lastDay,
      current,
      previous,
      dashboardUrl: `${this.config.appUrl}/analytics`,
    });
    await this.mail.send({ to: target.email, ...mail });
    return true;
  }
}

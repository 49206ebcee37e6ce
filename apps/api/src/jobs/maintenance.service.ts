import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MaintenanceRepository } from './maintenance.repository';

// Singleton keys are kept a week, long after their job is done: a duplicate send is still refused. Jobs failed
// for good are kept as long, to be looked at.
const DONE_JOB_RETENTION_DAYS = 7;

/** Periodic ticks. Each statement is idempotent, so several instances running it at once do no harm. */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    private readonly maintenance: MaintenanceRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'maintenance' })
  async tick(): Promise<void> {
    if (!this.config.jobsEnabled) return;
    const removed = await this.cleanUp();
    if (removed.jobs || removed.buckets)
      this.logger.log(`cleaned ${removed.jobs} jobs, ${removed.buckets} rate buckets`);
  }

  /** Old job keys and failed jobs, expired rate-limit windows and used or expired reset links. */
  async cleanUp(): Promise<{ jobs: number; buckets: number }> {
    const jobs =
      (await this.maintenance.deleteOldJobKeys(DONE_JOB_RETENTION_DAYS)) +
      (await this.maintenance.deleteOldFailedJobs(DONE_JOB_RETENTION_DAYS));
    const buckets = await this.maintenance.deleteExpiredRateBuckets(this.config.rateLimitWindowSeconds);
    await this.maintenance.deleteOldRealtimeAttachments();
    await this.maintenance.deleteExpiredResetTokens();
    return { jobs, buckets };
  }
}

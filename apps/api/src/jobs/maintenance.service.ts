import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

// Finished jobs are kept a week: long enough for a singleton key to still refuse a duplicate send.
const DONE_JOB_RETENTION_DAYS = 7;

/** Periodic ticks. Each statement is idempotent, so several instances running it at once do no harm. */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'maintenance' })
  async tick(): Promise<void> {
    if (!this.config.jobsEnabled) return;
    const removed = await this.cleanUp();
    if (removed.jobs || removed.buckets)
      this.logger.log(`cleaned ${removed.jobs} jobs, ${removed.buckets} rate buckets`);
  }

  /** Old finished jobs, expired rate-limit windows and used or expired reset links. */
  async cleanUp(): Promise<{ jobs: number; buckets: number }> {
    const jobs = await this.dataSource.query(
      `DELETE FROM jobs WHERE "doneAt" < now() - make_interval(days => $1)`,
      [DONE_JOB_RETENTION_DAYS],
    );
    const buckets = await this.dataSource.query(
      `DELETE FROM rate_limit_buckets WHERE "windowStart" < now() - make_interval(secs => $1)`,
      [this.config.rateLimitWindowSeconds],
    );
    await this.dataSource.query(
      `DELETE FROM realtime_attachments WHERE "createdAt" < now() - interval '1 hour'`,
    );
    await this.dataSource.query(
      `DELETE FROM password_reset_tokens WHERE "expiresAt" < now() - interval '1 day'`,
    );
    return { jobs: Number(jobs[1] ?? 0), buckets: Number(buckets[1] ?? 0) };
  }
}

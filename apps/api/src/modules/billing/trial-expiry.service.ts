import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueueService } from '../../jobs/job-queue.service';
import { CompaniesService } from '../companies/companies.service';
import { BillingRepository } from './billing.repository';

export const TRIAL_EXPIRY_JOB = 'trial-expiry';

/**
 * Every five minutes (Graphile's cron, once across instances): TRIAL companies whose trial has ended with no
 * subscription become AWAITING_FIRST_PAYMENT, and their users are told at once (their routing forces /payment).
 */
@Injectable()
export class TrialExpiryService implements OnModuleInit {
  private readonly logger = new Logger(TrialExpiryService.name);

  constructor(
    private readonly jobs: JobQueueService,
    private readonly repo: BillingRepository,
    private readonly companies: CompaniesService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(TRIAL_EXPIRY_JOB, async () => {
      await this.expire();
    });
    this.jobs.cron(TRIAL_EXPIRY_JOB, '*/5 * * * *', {});
  }

  /** One pass (public for tests): the companies whose trial ended. */
  async expire(now = new Date()): Promise<number[]> {
    const ended = await this.repo.expireTrials(now);
    for (const companyId of ended) await this.companies.announceChange(companyId);
    if (ended.length > 0)
      this.logger.log(`trial ended without a subscription: companies ${ended.join(', ')}`);
    return ended;
  }
}

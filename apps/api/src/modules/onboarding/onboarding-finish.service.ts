import { randomUUID } from 'node:crypto';
import { ONBOARDING_FINAL_STEP, ONBOARDING_SANDBOX_CHANNEL_NAME, Plan } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app.exception';
import type { Executor } from '../../database/kysely';
import { ChannelsRepository } from '../channels/channels.repository';
import { CompaniesService } from '../companies/companies.service';
import { OnboardingRepository, type OnboardingRow } from './onboarding.repository';

/** What the sign-up record gives the company created from it. */
export interface OnboardingCompanyData {
  record: OnboardingRow;
  businessName: string | null;
  name: string | null;
  phone: string | null;
}

/**
 * Issue 19: finishing a sign-up. POST /api/register with an onboardingId reads the record here and, in the same
 * transaction that creates the company, gives the company its sandbox channel and marks the record finished.
 */
@Injectable()
export class OnboardingFinishService {
  constructor(
    private readonly records: OnboardingRepository,
    private readonly channels: ChannelsRepository,
    private readonly companies: CompaniesService,
  ) {}

  /**
   * The unfinished record of this e-mail, locked until the registration's transaction ends (a second finish waits,
   * then fails). Its id can be found from its e-mail (onboardingInProcesses), so only whoever verified that e-mail
   * may finish it: another e-mail answers like an unknown record.
   */
  async open(trx: Executor, id: string, email: string): Promise<OnboardingCompanyData> {
    const record = /^[0-9a-f-]{36}$/i.test(id)
      ? await this.records.lockById(trx, id.toLowerCase())
      : undefined;
    if (!record) throw new AppException('ONBOARDING_NOT_FOUND', { field: 'onboardingId' });
    if (record.companyId !== null)
      throw new AppException('ONBOARDING_ALREADY_FINISHED', { field: 'onboardingId' });
    if (record.email.toLowerCase() !== email.toLowerCase()) {
      throw new AppException('ONBOARDING_NOT_FOUND', {
        field: 'onboardingId',
        message: 'Onboarding record of another e-mail',
      });
    }
    return { record, businessName: record.businessName, name: record.name, phone: record.phone };
  }

  /**
   * The new company gets the plan chosen at sign-up and a sandbox channel in its default space (the inbox and the
   * simulator work before any WhatsApp number is linked); the record gets the company and the final step.
   */
  async finish(trx: Executor, record: OnboardingRow, companyId: number): Promise<void> {
    const plan = record.planName === 'BASIC' ? Plan.BASIC : record.planName === 'PRO' ? Plan.PRO : null;
    // The options chosen at sign-up become the company's seats and conversations, as a plan bought later does.
    if (plan !== null) {
      await this.companies.setPlan(trx, companyId, {
        plan,
        ...(record.agents !== null ? { usersLimit: record.agents } : {}),
        ...(record.messages !== null ? { conversationsLimit: record.messages } : {}),
      });
    }
    const channelId = await this.channels.create(trx, {
      companyId,
      name: ONBOARDING_SANDBOX_CHANNEL_NAME,
      platform: 'sandbox',
      providerId: `sandbox-${randomUUID()}`,
    });
    await this.channels.addToDefaultSpace(trx, companyId, channelId);
    await this.records.markFinished(trx, record.id, companyId, ONBOARDING_FINAL_STEP);
  }
}

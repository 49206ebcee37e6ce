import {
  isValidEmail,
  ONBOARDING_FINAL_STEP,
  onboardingHelpRequestEmail,
  onboardingLeadScore,
  onboardingVideoEmail,
  parseOnboardingData,
  VALIDATION_MESSAGES,
} from '@crm/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Executor } from '../../database/kysely';
import { MailService } from '../../providers/mail/mail.service';
import { UsersRepository } from '../users/users.repository';
import { OnboardingRepository, type OnboardingRow } from './onboarding.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the API answers about a record: every stored field, and whether it is finished. */
export interface OnboardingView {
  id: string;
  finished: boolean;
  companyId: number | null;
  email: string;
  name: string | null;
  planName: string | null;
  step: string;
  prevStep: string | null;
  businessName: string | null;
  businessCategory: string | null;
  businessWeb: string | null;
  hasWebsite: boolean | null;
  score: number;
  location: string | null;
  country: string | null;
  device: string | null;
  connSpeedMBps: number | null;
  phone: string | null;
  isUseNewPhone: boolean | null;
  messages: number | null;
  agents: number | null;
  referralCode: string | null;
  needHelpAt: Date | null;
  videoSentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A finished record answered to the public route: nothing beyond this (its data is the company's now). */
export interface FinishedOnboardingView {
  id: string;
  step: typeof ONBOARDING_FINAL_STEP;
  finished: true;
}

export function onboardingView(row: OnboardingRow): OnboardingView {
  return { ...row, finished: row.companyId !== null };
}

/** A record id as sent; anything that is not one of ours answers like an unknown id. */
function checkId(id: string): string {
  if (!UUID.test(id)) throw new AppException('ONBOARDING_NOT_FOUND');
  return id.toLowerCase();
}

/**
 * Issue 19 onboarding: the sign-up record a visitor fills step by step (01 §2.4, §7). The public calls are keyed by
 * the record's random id; the signed-in ones by the caller's company. The lead score (01 §9) is computed here from
 * the stored fields on every change; a score sent by a client is ignored.
 */
@Injectable()
export class OnboardingService {
  private readonly logger = new Logger(OnboardingService.name);

  constructor(
    private readonly records: OnboardingRepository,
    private readonly users: UsersRepository,
    private readonly mail: MailService,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---- public, by id ------------------------------------------------------------------------------------------

  async get(rawId: string): Promise<OnboardingView | FinishedOnboardingView> {
    const row = await this.records.findById(checkId(rawId));
    if (!row) throw new AppException('ONBOARDING_NOT_FOUND');
    if (row.companyId !== null) return { id: row.id, step: ONBOARDING_FINAL_STEP, finished: true };
    return onboardingView(row);
  }

  /** POST /onboarding/set and updateOnboardingInProcess: every field checked first; a fault changes nothing. */
  async set(rawId: string, data: unknown): Promise<OnboardingView> {
    const id = checkId(rawId);
    const parsed = parseOnboardingData(data);
    if (!parsed.ok) {
      const { code, field, message } = parsed.error;
      throw new AppException(code, {
        field,
        fields: { [field]: message },
        userMessage: message,
        message: `Invalid onboarding field: ${field}`,
      });
    }
    const patch = parsed.patch;
    if (patch.email !== undefined && (await this.users.emailTaken(patch.email))) {
      throw new AppException('EMAIL_ALREADY_USED', { field: 'email' });
    }
    const row = await this.records.transaction(async (trx) => {
      const current = await this.lockUnfinished(trx, id);
      const next = { ...current, ...patch };
      const stored = await this.records.update(trx, id, { ...patch, score: onboardingLeadScore(next) });
      // Another unfinished sign-up already uses this e-mail.
      if (!stored) throw new AppException('EMAIL_ALREADY_USED', { field: 'email' });
      return this.records.findById(id, trx);
    });
    if (!row) throw new AppException('ONBOARDING_NOT_FOUND');
    return onboardingView(row);
  }

  private async lockUnfinished(trx: Executor, id: string): Promise<OnboardingRow> {
    const row = await this.records.lockById(trx, id);
    if (!row) throw new AppException('ONBOARDING_NOT_FOUND');
    if (row.companyId !== null) throw new AppException('ONBOARDING_ALREADY_FINISHED');
    return row;
  }

  // ---- public, by e-mail (GraphQL) ----------------------------------------------------------------------------

  /**
   * 01 §7 onboardingInProcesses(where: {email}, first): unfinished records only. Whether an e-mail is signing up
   * is what it reveals, so it is limited per client address like sign-up.
   */
  async findByEmail(email: string, first: number, ip: string): Promise<OnboardingView[]> {
    await this.limit(ip);
    const normalized = email.trim().toLowerCase();
    if (!isValidEmail(normalized)) return [];
    const rows = await this.records.findUnfinishedByEmail(normalized, Math.min(Math.max(first, 1), 10));
    return rows.map(onboardingView);
  }

  /** 01 §7 createOnboardingInProcess(email): the e-mail's unfinished record, created when there is none. */
  async create(email: string, ip: string): Promise<OnboardingView> {
    await this.limit(ip);
    const normalized = email.trim().toLowerCase();
    if (!isValidEmail(normalized)) {
      throw AppException.validation(
        'email',
        normalized ? VALIDATION_MESSAGES.emailInvalid : VALIDATION_MESSAGES.emailRequired,
      );
    }
    if (await this.users.emailTaken(normalized))
      throw new AppException('EMAIL_ALREADY_USED', { field: 'email' });
    // A new record's score: every answer still empty.
    const score = onboardingLeadScore({
      messages: null,
      agents: null,
      hasWebsite: null,
      businessWeb: null,
      device: null,
      connSpeedMBps: null,
      country: null,
      referralCode: null,
    });
    return onboardingView(await this.records.createOrGet(normalized, score));
  }

  private async limit(ip: string): Promise<void> {
    await this.rateLimit.hit([this.rateLimit.ipKey('onboarding', ip)]);
  }

  // ---- signed in: the caller's company's record ---------------------------------------------------------------

  private async ofCompany(user: AuthUser): Promise<OnboardingRow> {
    const row = await this.records.findByCompany(user.companyId);
    if (!row) throw new AppException('ONBOARDING_NOT_FOUND');
    return row;
  }

  async mine(user: AuthUser): Promise<OnboardingView> {
    return onboardingView(await this.ofCompany(user));
  }

  /** 01 §7 GET /onboarding/need-help: support is mailed on the first request only. */
  async needHelp(user: AuthUser): Promise<{ requested: true; needHelpAt: Date | null }> {
    const row = await this.ofCompany(user);
    if (await this.records.markNeedHelp(row.id)) {
      try {
        await this.mail.send({
          to: this.config.supportEmail,
          ...onboardingHelpRequestEmail({
            name: row.name,
            email: row.email,
            phone: row.phone,
            businessName: row.businessName,
            companyId: row.companyId,
            step: row.step,
          }),
        });
      } catch (error) {
        // Not recorded as requested: the user's next click tries again.
        await this.records.clearRequest(row.id, 'needHelpAt');
        throw error;
      }
      this.logger.log(`Company ${user.companyId} asked for onboarding help`);
    }
    const after = await this.ofCompany(user);
    return { requested: true, needHelpAt: after.needHelpAt };
  }

  /** 01 §7 POST /set-old-phone: whether the company links a new number or the one it already uses. */
  async setUseNewPhone(user: AuthUser, isUseNewPhone: boolean): Promise<OnboardingView> {
    const row = await this.ofCompany(user);
    await this.records.setUseNewPhone(row.id, isUseNewPhone);
    return this.mine(user);
  }

  /** 01 §7 POST /send-onboarding-video: the instruction video is mailed to the caller once. */
  async sendVideo(user: AuthUser, send: boolean): Promise<{ sent: boolean; videoSentAt: Date | null }> {
    const row = await this.ofCompany(user);
    let sent = false;
    if (send && (await this.records.markVideoSent(row.id))) {
      try {
        const email = await this.users.emailOf(user.id);
        await this.mail.send({
          to: email,
          ...onboardingVideoEmail(row.name ?? '', this.config.onboardingVideoUrl),
        });
      } catch (error) {
        await this.records.clearRequest(row.id, 'videoSentAt');
        throw error;
      }
      sent = true;
    }
    const after = await this.ofCompany(user);
    return { sent, videoSentAt: after.videoSentAt };
  }
}

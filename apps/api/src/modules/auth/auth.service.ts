import { randomInt } from 'node:crypto';
import {
  CompanyStatus,
  normalizeVerificationCode,
  passwordResetEmail,
  ROLE_NAMES,
  VALIDATION_MESSAGES,
  verificationCodeEmail,
} from '@crm/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { randomToken, safeEqual, sha256 } from '../../common/crypto/secret-box';
import { AppException } from '../../common/errors/app.exception';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MailService } from '../../providers/mail/mail.service';
import { CompaniesService } from '../companies/companies.service';
import { OnboardingFinishService } from '../onboarding/onboarding-finish.service';
import { PasswordService } from '../sessions/password.service';
import { type RequestMeta, SessionsService } from '../sessions/sessions.service';
import { type SignInUser, UsersRepository } from '../users/users.repository';
import type {
  EmailVerificationInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  VerifyCodeInput,
} from './dto/auth.inputs';
import { EmailVerificationsRepository } from './email-verifications.repository';
import { PasswordResetsRepository } from './password-resets.repository';
import { TotpService } from './totp.service';

export type { RequestMeta };

export interface TwoFactorFactor {
  status: 'unverified' | 'verified';
  binding?: { uri: string };
}

// 01 §5 / §9: six uppercase characters; letters and digits that cannot be misread for each other.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const EMAIL_CODE_TTL_MINUTES = 30;
const EMAIL_CODE_MAX_FAILURES = 5;
const RESEND_SECONDS = 60;
// 01 §4: the trial precedes the first charge; its length is not given, 14 days is our product's choice.
const TRIAL_DAYS = 14;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly verifications: EmailVerificationsRepository,
    private readonly resetTokens: PasswordResetsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionsService,
    private readonly passwords: PasswordService,
    private readonly totp: TotpService,
    private readonly rateLimit: RateLimitService,
    private readonly mail: MailService,
    private readonly companies: CompaniesService,
    private readonly onboarding: OnboardingFinishService,
  ) {}

  // ---- sessions -------------------------------------------------------------------------------------------

  /** Token → caller, or UNAUTHORIZED. The token must be ours, unexpired, and its session live (not logged out). */
  authenticate(token: string): Promise<AuthUser> {
    return this.sessions.authenticate(token);
  }

  async logout(user: AuthUser): Promise<void> {
    await this.sessions.end(user.sessionId);
  }

  async verifyToken(token: string): Promise<{ valid: true; userId: number; companyId: number }> {
    const user = await this.authenticate(token);
    return { valid: true, userId: user.id, companyId: user.companyId };
  }

  // ---- sign-in ----------------------------------------------------------------------------------------------

  private async findByEmail(email: string): Promise<SignInUser | undefined> {
    return this.users.findForSignIn(normalizeEmail(email));
  }

  private requiresSecondFactor(user: SignInUser): boolean {
    return user.hasUsed2FA || user.twoFactorStatus === 'verified';
  }

  /**
   * Checks e-mail and password under the per-account and per-IP limits. The attempt is counted first, so a
   * burst is refused with 429 whatever the password; a success clears the account's counter.
   */
  private async checkCredentials(email: string, password: string, meta: RequestMeta): Promise<SignInUser> {
    const keys = [this.rateLimit.accountKey('login', email), this.rateLimit.ipKey('login', meta.ip)];
    await this.rateLimit.hit(keys);
    const user = await this.findByEmail(email);
    const ok = await this.passwords.verify(user?.passwordHash ?? null, password);
    if (!user || !ok) throw new AppException('INVALID_CREDENTIALS');
    return user;
  }

  private async succeeded(email: string, meta: RequestMeta): Promise<void> {
    await this.rateLimit.reset([this.rateLimit.accountKey('login', email)]);
    await this.rateLimit.release([this.rateLimit.ipKey('login', meta.ip)]);
  }

  async login(input: LoginInput, meta: RequestMeta): Promise<{ token: string }> {
    const user = await this.checkCredentials(input.email, input.password, meta);
    if (this.requiresSecondFactor(user)) {
      if (!input.otp) {
        // The password was right: asking for the code is not a failed attempt.
        await this.rateLimit.release([
          this.rateLimit.accountKey('login', input.email),
          this.rateLimit.ipKey('login', meta.ip),
        ]);
        throw new AppException('TWO_FACTOR_REQUIRED');
      }
      await this.consumeTotp(user, input.otp.trim());
    }
    await this.succeeded(input.email, meta);
    return { token: await this.sessions.open(user, meta, input.firebaseToken) };
  }

  private async consumeTotp(user: SignInUser, code: string): Promise<void> {
    if (!user.twoFactorSecret) throw new AppException('ERROR_CHECKING_CODE', { field: 'otp' });
    const secret = this.totp.openSecret(user.twoFactorSecret);
    const last = user.totpLastTimeStep === null ? null : Number(user.totpLastTimeStep);
    const step = await this.totp.check(secret, code, last);
    if (step === null) throw new AppException('ERROR_CHECKING_CODE', { field: 'otp' });
    // Conditional update: of two requests racing with the same code, only one wins.
    if (!(await this.users.useTotpStep(user.id, step)))
      throw new AppException('ERROR_CHECKING_CODE', { field: 'otp' });
  }

  async getUserByEmail(email: string): Promise<{ hasUsed2FA: boolean }> {
    const user = await this.findByEmail(email);
    // Unknown e-mails answer like an account without 2FA: this route does not reveal who has an account.
    return { hasUsed2FA: user ? this.requiresSecondFactor(user) : false };
  }

  /** 01 §7: credentials in, the authenticator binding out (the otpauth URI only while not yet verified). */
  async sendTwoFactorCode(
    email: string,
    password: string,
    meta: RequestMeta,
  ): Promise<{ factor: TwoFactorFactor }> {
    const user = await this.checkCredentials(email, password, meta);
    await this.rateLimit.release([
      this.rateLimit.ipKey('login', meta.ip),
      this.rateLimit.accountKey('login', email),
    ]);
    if (user.twoFactorStatus === 'verified' && user.twoFactorSecret)
      return { factor: { status: 'verified' } };
    let secret: string;
    if (user.twoFactorSecret) {
      secret = this.totp.openSecret(user.twoFactorSecret);
    } else {
      const created = this.totp.createSecret();
      secret = created.secret;
      await this.users.setTwoFactorSecret(user.id, created.sealed);
    }
    return { factor: { status: 'unverified', binding: { uri: this.totp.uri(secret, user.email) } } };
  }

  // ---- registration -----------------------------------------------------------------------------------------

  async emailVerification(
    input: EmailVerificationInput,
    meta: RequestMeta,
  ): Promise<{ sent: true; resendAfterSeconds: number }> {
    const email = normalizeEmail(input.email);
    // Its answer tells whether an e-mail has an account (01 §8 EMAIL_ALREADY_USED): limited like sign-in, so it
    // cannot be used to list a company's addresses. Every call counts, a sent code included.
    await this.rateLimit.hit([
      this.rateLimit.accountKey('signup', email),
      this.rateLimit.ipKey('signup', meta.ip),
    ]);
    if (await this.users.emailTaken(email)) throw new AppException('EMAIL_ALREADY_USED', { field: 'email' });
    const existing = await this.verifications.find(email);
    if (existing && Date.now() - existing.lastSentAt.getTime() < RESEND_SECONDS * 1000) {
      throw new AppException('EMAIL_CODE_RESEND_TOO_SOON', { field: 'email' });
    }
    const code = Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const now = new Date();
    await this.verifications.replace(
      {
        email,
        codeHash: sha256(code),
        plan: input.plan ?? null,
        expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000),
      },
      now,
    );
    await this.mail.send({ to: email, ...verificationCodeEmail(code, EMAIL_CODE_TTL_MINUTES) });
    return { sent: true, resendAfterSeconds: RESEND_SECONDS };
  }

  async verifyEmailCode(input: VerifyCodeInput, meta: RequestMeta): Promise<{ verified: true }> {
    const email = normalizeEmail(input.email);
    await this.rateLimit.hit([this.rateLimit.ipKey('verify', meta.ip)]);
    // The attempt is counted before the code is compared, in one statement that also enforces the cap: a burst of
    // parallel guesses cannot pass EMAIL_CODE_MAX_FAILURES (a read-then-increment let 20 of them through to 6).
    const record = await this.verifications.countAttempt(email, EMAIL_CODE_MAX_FAILURES);
    if (!record) throw new AppException('EMAIL_VERIFICATION_NOT_FOUND', { field: 'code' });
    if (!safeEqual(record.codeHash, sha256(normalizeVerificationCode(input.code)))) {
      throw new AppException('EMAIL_VERIFICATION_NOT_FOUND', { field: 'code' });
    }
    // The right code is not a failure: its attempt is given back.
    await this.verifications.markVerified(record.id);
    await this.rateLimit.release([this.rateLimit.ipKey('verify', meta.ip)]);
    return { verified: true };
  }

  async register(input: RegisterInput, meta: RequestMeta): Promise<{ token: string }> {
    const email = normalizeEmail(input.email);
    const verification = await this.verifications.find(email);
    if (!verification?.verifiedAt || verification.expiresAt < new Date()) {
      throw new AppException('EMAIL_VERIFICATION_NOT_FOUND', { field: 'email' });
    }
    const passwordHash = await this.passwords.hash(input.password);
    const user = await this.users.transaction(async (trx) => {
      if (await this.users.emailTaken(email, null, trx))
        throw new AppException('USER_WITH_SAME_EMAIL', { field: 'email' });
      // Issue 19: the onboarding being finished gives the company its data; the body's fields fill what it lacks.
      const onboarding = input.onboardingId
        ? await this.onboarding.open(trx, input.onboardingId, email)
        : null;
      const given = (value: string | undefined): string | null => value ?? null;
      const businessName = onboarding?.businessName ?? given(input.businessName);
      const name = given(input.name) ?? onboarding?.name ?? null;
      const phone = given(input.phone) ?? onboarding?.phone ?? null;
      if (!businessName) throw AppException.validation('businessName', VALIDATION_MESSAGES.companyRequired);
      if (!name) throw AppException.validation('name', VALIDATION_MESSAGES.nameRequired);
      if (!phone) throw AppException.validation('phone', VALIDATION_MESSAGES.phoneRequired);
      const { company, roles, defaultSpace } = await this.companies.provision(
        {
          name: businessName,
          status: CompanyStatus.TRIAL,
          expirationDate: new Date(Date.now() + TRIAL_DAYS * 86400_000),
        },
        trx,
      );
      const id = await this.users.insert(trx, {
        companyId: company.id,
        roleId: roles[ROLE_NAMES.superadmin].id,
        name: name.trim(),
        email,
        passwordHash,
        phone,
        selectedSpaceId: defaultSpace.id,
      });
      await this.users.addSpaces(trx, id, [defaultSpace.id]);
      if (onboarding) await this.onboarding.finish(trx, onboarding.record, company.id);
      await this.verifications.delete(trx, email);
      return { id, companyId: company.id };
    });
    this.logger.log(`Company ${user.companyId} registered by user ${user.id}`);
    return { token: await this.sessions.open(user, meta) };
  }

  // ---- password reset ----------------------------------------------------------------------------------------

  async sendResetPasswordEmail(emailRaw: string, meta: RequestMeta): Promise<{ sent: true }> {
    const email = normalizeEmail(emailRaw);
    await this.rateLimit.hit([
      this.rateLimit.accountKey('reset', email),
      this.rateLimit.ipKey('reset', meta.ip),
    ]);
    const user = await this.users.findForSignIn(email);
    if (user) {
      const token = randomToken(32);
      await this.resetTokens.create(
        user.id,
        sha256(token),
        new Date(Date.now() + this.config.resetTokenTtlMinutes * 60_000),
      );
      const link = `${this.config.appUrl}/changePassword?token=${encodeURIComponent(token)}`;
      await this.mail.send({
        to: user.email,
        ...passwordResetEmail(user.name, link, this.config.resetTokenTtlMinutes),
      });
    }
    // Same answer for unknown e-mails: the form does not reveal who has an account.
    return { sent: true };
  }

  async resetPassword(input: ResetPasswordInput, meta: RequestMeta): Promise<{ ok: true }> {
    await this.rateLimit.hit([this.rateLimit.ipKey('reset-password', meta.ip)]);
    const passwordHash = await this.passwords.hash(input.password);
    const userId = await this.users.transaction(async (trx) => {
      // Consumed atomically: of two uses of one link, exactly one succeeds.
      const owner = await this.resetTokens.consume(trx, sha256(input.token));
      if (owner === undefined) throw new AppException('RESET_TOKEN_INVALID', { field: 'token' });
      await this.users.setPasswordHash(trx, owner, passwordHash);
      // A new password ends every open session of the account.
      await this.sessions.revokeAllOf(trx, owner);
      return owner;
    });
    await this.rateLimit.release([this.rateLimit.ipKey('reset-password', meta.ip)]);
    await this.rateLimit.reset([this.rateLimit.accountKey('login', await this.users.emailOf(userId))]);
    return { ok: true };
  }
}

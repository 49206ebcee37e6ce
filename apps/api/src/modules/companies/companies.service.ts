import {
  agentRoom,
  applyCompanySettingsChange,
  COMPANY_SETTING_KEYS,
  type CompanySettings,
  CompanyStatus,
  collapseSpaces,
  companyNameError,
  companyRoom,
  companyScopedKey,
  companySettings,
  companySettingsChangeError,
  DEFAULT_TAG_COLOR,
  type Plan,
  REASSIGNED_TAG_NAME,
  type RoleName,
  TAG_MESSAGES,
  TEAM_MESSAGES,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app.exception';
import type { Executor } from '../../database/kysely';
import { RealtimeService } from '../../realtime/realtime.service';
import type { RoleRow } from '../roles/roles.repository';
import { RolesService } from '../roles/roles.service';
import { type SpaceRow, SpacesRepository } from '../spaces/spaces.repository';
import { CompaniesRepository, type CompanyProfilePatch, type CompanyRow } from './companies.repository';

export const DEFAULT_SPACE_NAME = 'General';

/**
 * The IANA time zone to store, or null when the runtime does not know it. The name chosen is kept (ICU would turn
 * America/Argentina/Buenos_Aires into its legacy alias); only its spelling is fixed when it differs in case alone.
 */
export function validTimeZone(raw: string): string | null {
  const name = raw.trim();
  if (!name) return null;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return null;
  }
}

export interface ProvisionCompanyInput {
  name: string;
  status: CompanyStatus;
  expirationDate?: Date | null;
  isBoardsActive?: boolean;
}

export interface ProvisionedCompany {
  company: CompanyRow;
  roles: Record<RoleName, RoleRow>;
  defaultSpace: SpaceRow;
}

@Injectable()
export class CompaniesService {
  constructor(
    private readonly companies: CompaniesRepository,
    private readonly roles: RolesService,
    private readonly spaces: SpacesRepository,
    private readonly realtime: RealtimeService,
  ) {}

  /** A company with its default roles and default space, inside the caller's transaction. */
  async provision(input: ProvisionCompanyInput, trx: Executor): Promise<ProvisionedCompany> {
    const name = input.name.trim();
    if (await this.companies.nameTaken(name, null, trx)) {
      throw new AppException('COMPANY_ALREADY_EXISTS', { field: 'businessName' });
    }
    const company = await this.companies.insert(trx, {
      name,
      status: input.status,
      expirationDate: input.expirationDate ?? null,
      isBoardsActive: input.isBoardsActive ?? false,
    });
    const roles = await this.roles.createDefaultRoles(company.id, trx);
    const defaultSpace = await this.spaces.insertDefault(trx, company.id, DEFAULT_SPACE_NAME);
    // 02 §3: predefined tags exist from the start (reassignment adds 'Reasignada').
    await this.companies.insertDefaultTag(trx, {
      companyId: company.id,
      name: REASSIGNED_TAG_NAME,
      color: DEFAULT_TAG_COLOR,
      key: companyScopedKey(company.id, REASSIGNED_TAG_NAME),
    });
    return { company, roles, defaultSpace };
  }

  /** How many companies exist (the demo data is created only in an empty database). */
  count(db?: Executor): Promise<number> {
    return this.companies.count(db);
  }

  /** Seats bought: how many users and admins the company may have (null: the plan's default). */
  setTeamLimits(
    db: Executor,
    companyId: number,
    limits: { usersLimit: number | null; adminsLimit: number | null },
  ): Promise<void> {
    return this.companies.setTeamLimits(db, companyId, limits);
  }

  /** The plan bought (sign-up or billing): the one place a company's plan, seats and conversations change. */
  setPlan(
    db: Executor,
    companyId: number,
    plan: { plan: Plan; usersLimit?: number; conversationsLimit?: number },
  ): Promise<void> {
    return this.companies.setPlan(db, companyId, plan);
  }

  /**
   * 02 §7 updateUserData to every user of the company (admins in the company room, the others in their own):
   * the top bar, the banner and the status routing read the company from the user's data, so all reload it.
   */
  async announceChange(companyId: number): Promise<void> {
    const users = await this.companies.memberIds(companyId);
    this.realtime.emit([companyRoom(companyId), ...users.map((id) => agentRoom(id))], 'updateUserData', {
      userId: 0,
      companyId,
      reason: 'company',
    });
  }

  async findById(id: number): Promise<CompanyRow> {
    const company = await this.companies.findById(id);
    if (!company) throw new AppException('NOT_FOUND');
    return company;
  }

  /** Company policy for the TOTP second factor (a PRO feature in 01 §2.4). */
  async setTwoFactorPolicy(companyId: number, enabled: boolean): Promise<CompanyRow> {
    await this.companies.setTwoFactorPolicy(companyId, enabled);
    const company = await this.findById(companyId);
    this.realtime.toCompany(companyId, 'updateUserData', { userId: 0, companyId, reason: 'company' });
    return company;
  }

  /** 02 §3 Company settings, every flag resolved against its default. */
  async getSettings(companyId: number): Promise<CompanySettings> {
    return companySettings((await this.findById(companyId)).settings);
  }

  /**
   * Applies the settings sent under 02 §4's rule (bot after a day off → its auto-assign off). The row is locked so two
   * admins switching different flags at once both keep their change. Only what changed is written: a flag never
   * touched keeps following its default.
   */
  async updateSettings(companyId: number, change: Partial<CompanySettings>): Promise<CompanySettings> {
    return this.companies.transaction(async (trx) => {
      const stored = await this.companies.lockSettings(trx, companyId);
      if (!stored) throw new AppException('NOT_FOUND');
      const current = companySettings(stored);
      const refused = companySettingsChangeError(current, change);
      if (refused) throw AppException.validation(refused.field, refused.message);
      const next = applyCompanySettingsChange(current, change);
      if (change.disableBotTagIds) {
        // Issue 17: only the company's own tags can keep its menu bot away.
        const own = await this.companies.ownTagIds(trx, companyId, next.disableBotTagIds);
        if (own.length !== next.disableBotTagIds.length) {
          throw AppException.validation('disableBotTagIds', TAG_MESSAGES.notFound);
        }
      }
      const written: Partial<CompanySettings> = { ...stored };
      for (const key of COMPANY_SETTING_KEYS) {
        if (next[key] !== current[key] || typeof change[key] === 'boolean') written[key] = next[key];
      }
      if (typeof change.templateLanguage === 'string') written.templateLanguage = next.templateLanguage;
      if (change.disableBotTagIds) written.disableBotTagIds = next.disableBotTagIds;
      await this.companies.writeSettings(trx, companyId, written);
      return next;
    });
  }

  /** The company's name (unique, like at sign-up) and time zone (02 §9: dates shown in it). */
  async updateProfile(
    companyId: number,
    input: { name?: string | null; timezone?: string | null },
  ): Promise<CompanyRow> {
    const company = await this.findById(companyId);
    const patch: CompanyProfilePatch = {};
    if (input.name !== undefined && input.name !== null) {
      const error = companyNameError(input.name);
      if (error) throw AppException.validation('name', error);
      const name = collapseSpaces(input.name);
      if (name !== company.name) {
        if (await this.companies.nameTaken(name, companyId))
          throw new AppException('COMPANY_ALREADY_EXISTS', { field: 'name' });
        patch.name = name;
      }
    }
    if (input.timezone !== undefined && input.timezone !== null) {
      const timezone = validTimeZone(input.timezone);
      if (!timezone) throw AppException.validation('timezone', TEAM_MESSAGES.timezoneInvalid);
      if (timezone !== company.timezone) patch.timezone = timezone;
    }
    if (Object.keys(patch).length === 0) return company;
    // False: the unique index, another company took the name between the check and the write.
    if (!(await this.companies.updateProfile(companyId, patch))) {
      throw new AppException('COMPANY_ALREADY_EXISTS', { field: 'name' });
    }
    // Everyone's top bar and dates read the company from their own data: all of its users reload it.
    await this.announceChange(companyId);
    return this.findById(companyId);
  }
}

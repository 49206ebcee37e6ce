import {
  agentRoom,
  applyCompanySettingsChange,
  COMPANY_SETTING_KEYS,
  type CompanySettings,
  CompanyStatus,
  companyRoom,
  companyScopedKey,
  companySettings,
  companySettingsChangeError,
  DEFAULT_TAG_COLOR,
  REASSIGNED_TAG_NAME,
  type RoleName,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import type { Role } from '../roles/entities/role.entity';
import { RolesService } from '../roles/roles.service';
import { Space } from '../spaces/entities/space.entity';
import { Company } from './entities/company.entity';

export const DEFAULT_SPACE_NAME = 'General';
export const COMPANY_NAME_MAX = 120;

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
  company: Company;
  roles: Record<RoleName, Role>;
  defaultSpace: Space;
}

@Injectable()
export class CompaniesService {
  constructor(
    @InjectRepository(Company) private readonly companies: Repository<Company>,
    private readonly roles: RolesService,
    private readonly realtime: RealtimeService,
  ) {}

  /** A company with its default roles and default space, inside the caller's transaction. */
  async provision(input: ProvisionCompanyInput, manager: EntityManager): Promise<ProvisionedCompany> {
    const taken = await manager
      .createQueryBuilder(Company, 'c')
      .where('lower(c.name) = lower(:name)', { name: input.name.trim() })
      .getExists();
    if (taken) throw new AppException('COMPANY_ALREADY_EXISTS', { field: 'businessName' });
    const company = await manager.save(
      manager.create(Company, {
        name: input.name.trim(),
        status: input.status,
        expirationDate: input.expirationDate ?? null,
        isBoardsActive: input.isBoardsActive ?? false,
      }),
    );
    const roles = await this.roles.createDefaultRoles(company.id, manager);
    const defaultSpace = await manager.save(
      manager.create(Space, { companyId: company.id, name: DEFAULT_SPACE_NAME, isDefault: true }),
    );
    // 02 §3: predefined tags exist from the start (reassignment adds 'Reasignada').
    await manager.query(
      `INSERT INTO tags ("companyId", name, color, key, "isDefault") VALUES ($1, $2, $3, $4, true)
       ON CONFLICT (key) DO NOTHING`,
      [company.id, REASSIGNED_TAG_NAME, DEFAULT_TAG_COLOR, companyScopedKey(company.id, REASSIGNED_TAG_NAME)],
    );
    return { company, roles, defaultSpace };
  }

  async findById(id: number): Promise<Company> {
    const company = await this.companies.findOneBy({ id });
    if (!company) throw new AppException('NOT_FOUND');
    return company;
  }

  /** Company policy for the TOTP second factor (a PRO feature in 01 §2.4). */
  async setTwoFactorPolicy(companyId: number, enabled: boolean): Promise<Company> {
    await this.companies.update({ id: companyId }, { hasUsed2FA: enabled });
    const company = await this.findById(companyId);
    this.realtime.toCompany(companyId, 'updateUserData', { userId: 0, companyId, reason: 'company' });
    return company;
  }

  /** 02 §3 Company settings, every flag resolved against its default. */
  async getSettings(companyId: number): Promise<CompanySettings> {
    return companySettings((await this.findById(companyId)).settings);
  }

  /**
   * Applies the flags sent under 02 §4's rule (bot after a day off → its auto-assign off). The row is locked so two
   * admins switching different flags at once both keep their change. Only what changed is written: a flag never
   * touched keeps following its default.
   */
  async updateSettings(companyId: number, change: Partial<CompanySettings>): Promise<CompanySettings> {
    return this.companies.manager.transaction(async (manager) => {
      const rows: Array<{ settings: Partial<CompanySettings> }> = await manager.query(
        'SELECT settings FROM companies WHERE id = $1 FOR UPDATE',
        [companyId],
      );
      if (!rows[0]) throw new AppException('NOT_FOUND');
      const stored = rows[0].settings ?? {};
      const current = companySettings(stored);
      const refused = companySettingsChangeError(current, change);
      if (refused) throw AppException.validation(refused.field, refused.message);
      const next = applyCompanySettingsChange(current, change);
      const written: Partial<CompanySettings> = { ...stored };
      for (const key of COMPANY_SETTING_KEYS) {
        if (next[key] !== current[key] || typeof change[key] === 'boolean') written[key] = next[key];
      }
      await manager.query('UPDATE companies SET settings = $2::jsonb, "updatedAt" = now() WHERE id = $1', [
        companyId,
        JSON.stringify(written),
      ]);
      return next;
    });
  }

  /** The company's name (unique, like at sign-up) and time zone (02 §9: dates shown in it). */
  async updateProfile(
    companyId: number,
    input: { name?: string | null; timezone?: string | null },
  ): Promise<Company> {
    const company = await this.findById(companyId);
    const patch: Partial<Pick<Company, 'name' | 'timezone'>> = {};
    if (input.name !== undefined && input.name !== null) {
      const name = input.name.trim().replace(/\s+/g, ' ');
      if (!name) throw AppException.validation('name', 'Compañia obligatoria');
      if (name.length > COMPANY_NAME_MAX) {
        throw AppException.validation(
          'name',
          `El nombre puede tener como máximo ${COMPANY_NAME_MAX} caracteres.`,
        );
      }
      if (name !== company.name) {
        const taken = await this.companies
          .createQueryBuilder('c')
          .where('lower(c.name) = lower(:name) AND c.id <> :id', { name, id: companyId })
          .getExists();
        if (taken) throw new AppException('COMPANY_ALREADY_EXISTS', { field: 'name' });
        patch.name = name;
      }
    }
    if (input.timezone !== undefined && input.timezone !== null) {
      const timezone = validTimeZone(input.timezone);
      if (!timezone) throw AppException.validation('timezone', 'Zona horaria inválida');
      if (timezone !== company.timezone) patch.timezone = timezone;
    }
    if (Object.keys(patch).length === 0) return company;
    try {
      await this.companies.update({ id: companyId }, patch);
    } catch (error) {
      // The unique index: another company took the name between the check and the write.
      if ((error as { driverError?: { code?: string } }).driverError?.code === '23505') {
        throw new AppException('COMPANY_ALREADY_EXISTS', { field: 'name' });
      }
      throw error;
    }
    // Everyone's top bar and dates read the company from their own data: all of its users reload it.
    const users: Array<{ id: number }> = await this.companies.manager.query(
      'SELECT id FROM users WHERE "companyId" = $1',
      [companyId],
    );
    this.realtime.emit([companyRoom(companyId), ...users.map((u) => agentRoom(u.id))], 'updateUserData', {
      userId: 0,
      companyId,
      reason: 'company',
    });
    return this.findById(companyId);
  }
}

import {
  CompanyStatus,
  companyScopedKey,
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
}

import {
  DEFAULT_ROLE_PERMISSIONS,
  type PermissionName,
  ROLE_NAMES,
  type RoleName,
  withDefaultPermission,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { Executor } from '../../database/kysely';
import { type RoleRow, RolesRepository } from './roles.repository';

export function roleKey(companyId: number, name: string): string {
  return `${companyId}:${name}`;
}

@Injectable()
export class RolesService {
  constructor(private readonly roles: RolesRepository) {}

  /** Makes sure every permission of 01 §6 exists (idempotent). */
  ensurePermissions(db: Executor): Promise<void> {
    return this.roles.ensurePermissions(db);
  }

  /** The four roles every company starts with, each with its default permission set (readChat always). */
  async createDefaultRoles(companyId: number, db: Executor): Promise<Record<RoleName, RoleRow>> {
    await this.roles.ensurePermissions(db);
    const roles = {} as Record<RoleName, RoleRow>;
    for (const name of Object.values(ROLE_NAMES)) {
      const names: PermissionName[] = withDefaultPermission(DEFAULT_ROLE_PERMISSIONS[name]);
      roles[name] = await this.roles.insertWithPermissions(
        db,
        { companyId, name, key: roleKey(companyId, name) },
        names,
      );
    }
    return roles;
  }
}

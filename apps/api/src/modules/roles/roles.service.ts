import {
  DEFAULT_ROLE_PERMISSIONS,
  PERMISSION_NAMES,
  type PermissionName,
  ROLE_NAMES,
  type RoleName,
  withDefaultPermission,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type EntityManager, In } from 'typeorm';
import { Permission } from './entities/permission.entity';
import { Role } from './entities/role.entity';

export function roleKey(companyId: number, name: string): string {
  return `${companyId}:${name}`;
}

@Injectable()
export class RolesService {
  /** Makes sure every permission of 01 §6 exists (idempotent). */
  async ensurePermissions(manager: EntityManager): Promise<void> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(Permission)
      .values(PERMISSION_NAMES.map((name) => ({ name })))
      .orIgnore()
      .execute();
  }

  /** The four roles every company starts with, each with its default permission set (readChat always). */
  async createDefaultRoles(companyId: number, manager: EntityManager): Promise<Record<RoleName, Role>> {
    await this.ensurePermissions(manager);
    const all = await manager.find(Permission, { where: { name: In([...PERMISSION_NAMES]) } });
    const byName = new Map(all.map((p) => [p.name, p]));
    const roles = {} as Record<RoleName, Role>;
    for (const name of Object.values(ROLE_NAMES)) {
      const names: PermissionName[] = withDefaultPermission(DEFAULT_ROLE_PERMISSIONS[name]);
      const role = manager.create(Role, {
        companyId,
        name,
        key: roleKey(companyId, name),
        permissions: names.map((n) => byName.get(n)).filter((p): p is Permission => p !== undefined),
      });
      roles[name] = await manager.save(role);
    }
    return roles;
  }
}

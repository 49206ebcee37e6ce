import {
  isPermissionName,
  normalizeSearchKeyword,
  type PermissionName,
  ROLE_NAMES,
  withDefaultPermission,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { pgPool } from '../../database/pg-pool';
import { RealtimeService } from '../../realtime/realtime.service';
import type { RoleModel } from './models/role.model';
import { roleKey } from './roles.service';

const NAME_MAX = 60;
const ADMIN_ROLES: ReadonlySet<string> = new Set([ROLE_NAMES.admin, ROLE_NAMES.superadmin]);

/** 02 §5: the role name is capitalised (first letter upper case, the rest as typed). */
export function roleName(raw: string): string {
  const name = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!name) throw AppException.validation('name', 'El nombre del rol es obligatorio.');
  if (name.length > NAME_MAX) throw AppException.validation('name', `Máximo ${NAME_MAX} caracteres.`);
  return name.charAt(0).toLocaleUpperCase('es') + name.slice(1);
}

/** 02 §5: at least one permission chosen; the default one (readChat) is always added. */
export function rolePermissions(raw: string[]): PermissionName[] {
  const chosen = raw ?? [];
  if (chosen.length === 0) throw new AppException('EMPTY_PERMISSSIONS_ERROR', { field: 'permissions' });
  const unknown = chosen.find((p) => !isPermissionName(p));
  if (unknown) throw AppException.validation('permissions', `Permiso desconocido: ${unknown}`);
  return withDefaultPermission(chosen as PermissionName[]);
}

interface RoleRow extends RoleModel {
  companyId: number;
}

const SELECT_ROLES = `SELECT r.id, r.name, r."companyId",
    coalesce((SELECT array_agg(p.name ORDER BY p.name) FROM role_permissions rp JOIN permissions p ON p.id = rp."permissionId"
      WHERE rp."roleId" = r.id), '{}') AS permissions,
    (SELECT count(*)::int FROM users u WHERE u."roleId" = r.id) AS "userCount",
    r.name = '${ROLE_NAMES.superadmin}' AS "isSuperadmin",
    r.name IN ('${ROLE_NAMES.admin}', '${ROLE_NAMES.superadmin}') AS "isAdmin"
  FROM roles r`;

/** 01 §6 / 02 §5 role administration (issue 6). */
@Injectable()
export class RolesAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  async list(user: AuthUser): Promise<RoleModel[]> {
    const { rows } = await pgPool(this.dataSource).query<RoleRow>(
      `${SELECT_ROLES} WHERE r."companyId" = $1 ORDER BY r.id`,
      [user.companyId],
    );
    return rows;
  }

  private async own(user: AuthUser, id: number): Promise<RoleRow> {
    const { rows } = await pgPool(this.dataSource).query<RoleRow>(`${SELECT_ROLES} WHERE r.id = $1`, [id]);
    const role = rows[0];
    if (!role || role.companyId !== user.companyId) throw AppException.validation('id', 'El rol no existe.');
    return role;
  }

  /**
   * Same name (case and accents aside) or same permission set as another role of the company: refused (02 §8
   * ROLE_WITH_SAME_NAME_ERROR, ROLE_ALREADY_EXISTS). The fixed superadmin role takes no part in the set
   * comparison: it holds every permission and nobody can edit it, so it would otherwise stop admin (seeded with
   * the same full set) from being saved unchanged or from getting back a permission it lost.
   */
  private async checkUnique(
    user: AuthUser,
    name: string,
    permissions: PermissionName[],
    except: number | null,
  ) {
    const others = (await this.list(user)).filter((r) => r.id !== except);
    const key = normalizeSearchKeyword(name);
    if (others.some((r) => normalizeSearchKeyword(r.name) === key)) {
      throw new AppException('ROLE_WITH_SAME_NAME_ERROR', { field: 'name' });
    }
    const wanted = [...permissions].sort().join();
    if (others.some((r) => !r.isSuperadmin && [...r.permissions].sort().join() === wanted)) {
      throw new AppException('ROLE_ALREADY_EXISTS', { field: 'permissions' });
    }
  }

  async create(user: AuthUser, input: { name: string; permissions: string[] }): Promise<RoleModel> {
    const permissions = rolePermissions(input.permissions);
    const name = roleName(input.name);
    await this.checkUnique(user, name, permissions, null);
    const id = await this.dataSource.transaction(async (manager) => {
      const [role] = await manager.query(
        `INSERT INTO roles ("companyId", name, key) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id`,
        [user.companyId, name, roleKey(user.companyId, name)],
      );
      if (!role) throw new AppException('ROLE_WITH_SAME_NAME_ERROR', { field: 'name' });
      await manager.query(
        `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions WHERE name = ANY($2)`,
        [role.id, permissions],
      );
      return role.id as number;
    });
    return this.own(user, id);
  }

  async update(
    user: AuthUser,
    id: number,
    input: { name: string; permissions: string[] },
  ): Promise<RoleModel> {
    const role = await this.own(user, id);
    if (role.isSuperadmin) throw new AppException('SUPERADMIN_ROLE_CANNOT_BE_EDITED', { field: 'id' });
    const permissions = rolePermissions(input.permissions);
    // The four default roles keep their names: code and the spec's rules refer to them by name.
    const name = role.name in ROLE_NAMES ? role.name : roleName(input.name);
    await this.checkUnique(user, name, permissions, id);
    await this.dataSource.transaction(async (manager) => {
      const renamed = await manager.query(
        `UPDATE roles SET name = $2, key = $3 WHERE id = $1
         AND NOT EXISTS (SELECT 1 FROM roles o WHERE o.key = $3 AND o.id <> $1) RETURNING id`,
        [id, name, roleKey(user.companyId, name)],
      );
      if (renamed[0].length === 0) throw new AppException('ROLE_WITH_SAME_NAME_ERROR', { field: 'name' });
      await manager.query('DELETE FROM role_permissions WHERE "roleId" = $1', [id]);
      await manager.query(
        `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions WHERE name = ANY($2)`,
        [id, permissions],
      );
    });
    // The session check reads permissions on every request; open clients reload the user to redraw their menus.
    const { rows } = await pgPool(this.dataSource).query<{ id: number }>(
      'SELECT id FROM users WHERE "roleId" = $1',
      [id],
    );
    for (const u of rows) {
      this.realtime.toUser(u.id, 'updateUserData', {
        userId: u.id,
        companyId: user.companyId,
        reason: 'role',
      });
    }
    return this.own(user, id);
  }

  async delete(user: AuthUser, id: number): Promise<boolean> {
    const role = await this.own(user, id);
    if (ADMIN_ROLES.has(role.name)) throw new AppException('ADMIN_ROLES_CANNOT_BE_DELETED', { field: 'id' });
    // The check and the delete in one statement: a user given the role meanwhile keeps it from going.
    const { rows } = await pgPool(this.dataSource).query(
      `DELETE FROM roles r WHERE r.id = $1 AND NOT EXISTS (SELECT 1 FROM users u WHERE u."roleId" = r.id) RETURNING id`,
      [id],
    );
    if (rows.length === 0) throw new AppException('ROLE_ASSIGNED_TO_USERS', { field: 'id' });
    return true;
  }
}

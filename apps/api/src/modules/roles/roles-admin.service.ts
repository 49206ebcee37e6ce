import {
  collapseSpaces,
  isPermissionName,
  normalizeSearchKeyword,
  type PermissionName,
  ROLE_MESSAGES,
  ROLE_NAMES,
  roleNameError,
  unknownPermissionMessage,
  withDefaultPermission,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import type { RoleModel } from './models/role.model';
import { RolesRepository, type RoleView } from './roles.repository';
import { roleKey } from './roles.service';

const ADMIN_ROLES: ReadonlySet<string> = new Set([ROLE_NAMES.admin, ROLE_NAMES.superadmin]);

/** 02 §5: the role name is capitalised (first letter upper case, the rest as typed). */
export function roleName(raw: string): string {
  const error = roleNameError(raw);
  if (error) throw AppException.validation('name', error);
  const name = collapseSpaces(raw);
  return name.charAt(0).toLocaleUpperCase('es') + name.slice(1);
}

/** 02 §5: at least one permission chosen; the default one (readChat) is always added. */
export function rolePermissions(raw: string[]): PermissionName[] {
  const chosen = raw ?? [];
  if (chosen.length === 0) throw new AppException('EMPTY_PERMISSSIONS_ERROR', { field: 'permissions' });
  const unknown = chosen.find((p) => !isPermissionName(p));
  if (unknown) throw AppException.validation('permissions', unknownPermissionMessage(unknown));
  return withDefaultPermission(chosen as PermissionName[]);
}

/** 01 §6 / 02 §5 role administration (issue 6). */
@Injectable()
export class RolesAdminService {
  constructor(
    private readonly roles: RolesRepository,
    private readonly realtime: RealtimeService,
  ) {}

  /** 02 §3 Permission {id, name}: the catalogue a role is made of. */
  permissions(): Promise<Array<{ id: number; name: string }>> {
    return this.roles.permissions();
  }

  list(user: AuthUser): Promise<RoleModel[]> {
    return this.roles.list(user.companyId);
  }

  private async own(user: AuthUser, id: number): Promise<RoleView> {
    const role = await this.roles.find(id);
    if (!role || role.companyId !== user.companyId)
      throw AppException.validation('id', ROLE_MESSAGES.notFound);
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
    const id = await this.roles.create(
      { companyId: user.companyId, name, key: roleKey(user.companyId, name) },
      permissions,
    );
    if (id === undefined) throw new AppException('ROLE_WITH_SAME_NAME_ERROR', { field: 'name' });
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
    const saved = await this.roles.update(id, { name, key: roleKey(user.companyId, name) }, permissions);
    if (!saved) throw new AppException('ROLE_WITH_SAME_NAME_ERROR', { field: 'name' });
    // The session check reads permissions on every request; open clients reload the user to redraw their menus.
    // Issue 15 §3: sockets joined the rooms with or without phones from the permission; they join again.
    const phonesChanged =
      role.permissions.includes('canSeePhoneNumber') !== permissions.includes('canSeePhoneNumber');
    for (const userId of await this.roles.holderIds(id)) {
      this.realtime.toUser(userId, 'updateUserData', {
        userId,
        companyId: user.companyId,
        reason: 'role',
      });
      if (phonesChanged) this.realtime.disconnectUser(userId);
    }
    return this.own(user, id);
  }

  async delete(user: AuthUser, id: number): Promise<boolean> {
    const role = await this.own(user, id);
    if (ADMIN_ROLES.has(role.name)) throw new AppException('ADMIN_ROLES_CANNOT_BE_DELETED', { field: 'id' });
    // The check and the delete in one statement: a user given the role meanwhile keeps it from going.
    if (!(await this.roles.deleteUnassigned(id)))
      throw new AppException('ROLE_ASSIGNED_TO_USERS', { field: 'id' });
    return true;
  }
}

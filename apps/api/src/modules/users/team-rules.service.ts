import {
  INPUT_MESSAGES,
  manageUserError,
  roleGrantError,
  TEAM_MESSAGES,
  takesAdminSeat,
  teamLimitError,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { parseId } from '../../common/id-list';
import type { Executor } from '../../database/kysely';
import { limitsOf } from './team-queries.service';
import {
  type OwnedTable,
  type RoleWithPermissions,
  type TeamTargetRow,
  UsersRepository,
} from './users.repository';

/** 02 §5–§6 the team's rules: tenancy of every id, escalation, unique e-mail, plan seats. Each throws its error. */
@Injectable()
export class TeamRulesService {
  constructor(private readonly users: UsersRepository) {}

  /** Escalation rule: only users whose role the caller could give are edited or deleted by them. */
  checkManageable(caller: AuthUser, target: TeamTargetRow): void {
    const refused = manageUserError(caller, {
      roleName: target.roleName,
      permissions: target.rolePermissions,
    });
    if (refused) {
      throw new AppException('FORBIDDEN', {
        field: 'id',
        userMessage: refused,
        message: 'Target user holds permissions the caller lacks',
      });
    }
  }

  /** A role of the caller's company (another company's reads as unknown) that the caller may give. */
  async role(caller: AuthUser, id: number): Promise<RoleWithPermissions> {
    const role = await this.users.role(caller.companyId, id);
    if (!role) throw AppException.validation('rolId', TEAM_MESSAGES.roleNotFound);
    const refused = roleGrantError(caller, { roleName: role.name, permissions: role.permissions });
    if (refused) {
      throw new AppException('FORBIDDEN', {
        field: 'rolId',
        userMessage: refused,
        message: 'Role holds permissions the caller lacks',
      });
    }
    return role;
  }

  /** Ids of the caller's company only; another company's read as unknown. */
  private async checkOwned(
    caller: AuthUser,
    table: OwnedTable,
    ids: number[],
    field: string,
    message: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    const n = await this.users.countOwned(table, caller.companyId, ids);
    if (n !== new Set(ids).size) throw AppException.validation(field, message);
  }

  checkSpaces(caller: AuthUser, spaceIds: number[]): Promise<void> {
    return this.checkOwned(caller, 'spaces', spaceIds, 'spacesIds', TEAM_MESSAGES.spaceNotFound);
  }

  checkCategories(caller: AuthUser, categoryIds: number[]): Promise<void> {
    return this.checkOwned(
      caller,
      'categories',
      categoryIds,
      'categoriesIds',
      TEAM_MESSAGES.categoryNotFound,
    );
  }

  /**
   * isAdminOfIds: users of the same company, never the user themself; and, as with roles, the caller adds only
   * users they could manage (administering someone shows their conversations).
   */
  async checkAdministered(
    caller: AuthUser,
    ids: number[],
    self: number | null,
    previous: number[] = [],
  ): Promise<void> {
    if (self !== null && ids.includes(self)) {
      throw AppException.validation('isAdminOfIds', TEAM_MESSAGES.cannotAdministerSelf);
    }
    await this.checkOwned(caller, 'users', ids, 'isAdminOfIds', TEAM_MESSAGES.userNotFound);
    const added = ids.filter((id) => !previous.includes(id));
    if (added.length === 0) return;
    const rows = await this.users.rolesOfUsers(caller.companyId, added);
    const refused = rows
      .map((row) => manageUserError(caller, { roleName: row.roleName, permissions: row.rolePermissions }))
      .find((error) => error !== null);
    if (refused) {
      throw new AppException('FORBIDDEN', {
        field: 'isAdminOfIds',
        userMessage: refused,
        message: 'Administered user holds permissions the caller lacks',
      });
    }
  }

  /** Optional: '' or null means none. */
  async location(caller: AuthUser, raw: unknown): Promise<number | null> {
    const id = parseId(raw, 'locationId', INPUT_MESSAGES.invalidLocation);
    if (id === undefined) return null;
    await this.checkOwned(caller, 'locations', [id], 'locationId', TEAM_MESSAGES.locationNotFound);
    return id;
  }

  /** Sign-in is by e-mail alone, so an address belongs to one user in the whole product. */
  async checkEmailFree(email: string, exceptId: number | null): Promise<void> {
    if (await this.users.emailTaken(email, exceptId)) {
      throw new AppException('USER_WITH_SAME_EMAIL', { field: 'email' });
    }
  }

  /**
   * 02 §6 plan limits, counted under a lock on the company row: two admins adding the last seat at the same
   * moment cannot both get it.
   */
  async checkLimits(
    trx: Executor,
    caller: AuthUser,
    beforeRole: string | null,
    afterRole: string,
  ): Promise<void> {
    const seats = await this.users.lockedSeats(trx, caller.companyId);
    if (!seats) throw new AppException('FORBIDDEN', { message: 'Unknown company' });
    const current = limitsOf(seats);
    const error = teamLimitError(
      { users: current.users, admins: current.admins },
      { users: current.usersLimit, admins: current.adminsLimit },
      {
        before: beforeRole === null ? null : { admin: takesAdminSeat(beforeRole) },
        after: { admin: takesAdminSeat(afterRole) },
      },
    );
    if (error)
      throw new AppException(error, { field: error === 'REACH_ADMINS_LIMIT_ERROR' ? 'rolId' : undefined });
  }
}

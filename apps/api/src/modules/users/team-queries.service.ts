import {
  manageUserError,
  type PermissionMap,
  roleGrantError,
  TEAM_MESSAGES,
  teamLimitsFor,
  timeZoneOffset,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { CategoryModel } from '../categories/models/category.model';
import { SpaceModel } from '../spaces/models/space.model';
import {
  TeamCompanyModel,
  TeamFormOptionsModel,
  TeamLimitsModel,
  TeamLocationModel,
  TeamUserModel,
} from './models/team-user.model';
import { type SeatCounts, type TeamTargetRow, type TeamUserRow, UsersRepository } from './users.repository';

/** The caller as the escalation rule reads them. */
export interface Grantor {
  roleName: string;
  permissions: PermissionMap;
}

function toModel(row: TeamUserRow, caller: Grantor): TeamUserModel {
  return Object.assign(new TeamUserModel(), {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    imageUrl: row.imageUrl,
    isAvailable: row.isAvailable,
    isAdminOfIds: row.isAdminOfIds ?? [],
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    company: Object.assign(new TeamCompanyModel(), {
      id: row.companyId,
      name: row.companyName,
      utcOffsetLabel: timeZoneOffset(row.companyTimezone),
    }),
    rol: { id: row.roleId, name: row.roleName },
    spaces: row.spaces.map((s) => Object.assign(new SpaceModel(), s)),
    workingHours: row.workingHours,
    location: row.location ? Object.assign(new TeamLocationModel(), row.location) : null,
    categories: row.categories.map((c) => Object.assign(new CategoryModel(), c)),
    canManage: manageUserError(caller, { roleName: row.roleName, permissions: row.rolePermissions }) === null,
  });
}

/** 02 §6 the seats taken and the plan's (or the company's own) limits. */
export function limitsOf(seats: SeatCounts): TeamLimitsModel {
  const limits = teamLimitsFor(seats.plan, seats);
  return Object.assign(new TeamLimitsModel(), {
    users: seats.users,
    admins: seats.admins,
    usersLimit: limits.users,
    adminsLimit: limits.admins,
  });
}

/** 02 §2 team, §5 user form, §6 limits: what the team screens read. */
@Injectable()
export class TeamQueriesService {
  constructor(private readonly users: UsersRepository) {}

  async list(caller: AuthUser): Promise<TeamUserModel[]> {
    const rows = await this.users.listTeam(caller.companyId);
    return rows.map((row) => toModel(row, caller));
  }

  async get(caller: AuthUser, id: number): Promise<TeamUserModel> {
    await this.target(caller, id);
    return this.view(caller, id);
  }

  /** The user as the team screens show them to the caller. */
  async view(caller: AuthUser, id: number): Promise<TeamUserModel> {
    const row = await this.users.teamUser(caller.companyId, id);
    if (!row) throw AppException.validation('id', TEAM_MESSAGES.userNotFound);
    return toModel(row, caller);
  }

  /**
   * Tenancy: a user of another company is answered exactly as a user that does not exist (a 400 on `id`), so an
   * id reveals nothing about other companies.
   */
  async target(caller: AuthUser, id: number): Promise<TeamTargetRow> {
    const row = await this.users.teamTarget(caller.companyId, id);
    if (!row) throw AppException.validation('id', TEAM_MESSAGES.userNotFound);
    return row;
  }

  async limits(caller: AuthUser): Promise<TeamLimitsModel> {
    const seats = await this.users.seats(caller.companyId);
    if (!seats) throw new AppException('FORBIDDEN', { message: 'Unknown company' });
    return limitsOf(seats);
  }

  async formOptions(caller: AuthUser): Promise<TeamFormOptionsModel> {
    const choices = await this.users.formChoices(caller.companyId);
    return Object.assign(new TeamFormOptionsModel(), {
      // Only the roles the caller may give: the form never offers what the server would refuse.
      roles: choices.roles
        .filter(
          (role) => roleGrantError(caller, { roleName: role.name, permissions: role.permissions }) === null,
        )
        .map((role) => ({ id: role.id, name: role.name })),
      spaces: choices.spaces.map((s) => Object.assign(new SpaceModel(), s)),
      locations: choices.locations.map((l) => Object.assign(new TeamLocationModel(), l)),
      categories: choices.categories.map((c) => Object.assign(new CategoryModel(), c)),
      timezone: choices.timezone ?? 'America/Mexico_City',
    });
  }
}

import {
  agentRoom,
  companyRoom,
  INPUT_MESSAGES,
  ROLE_NAMES,
  TEAM_MESSAGES,
  validateTeamUserDraft,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { parseId } from '../../common/id-list';
import { isUniqueViolation } from '../../database/unique-name';
import type { SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import { RealtimeService } from '../../realtime/realtime.service';
import { PasswordService } from '../sessions/password.service';
import { SessionsService } from '../sessions/sessions.service';
import type { CreateTeamUserInput, UpdateTeamUserInput } from './dto/team-user.input';
import type { TeamUserModel } from './models/team-user.model';
import { draftError, idList, phoneOf, sameIds, text, workingHoursOf } from './team-input';
import { TeamPhotosService } from './team-photos.service';
import { TeamQueriesService } from './team-queries.service';
import { TeamRulesService } from './team-rules.service';
import { UsersRepository } from './users.repository';

/** Two admins saving the same e-mail at once: the unique index refuses the second, with the form's error. */
async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppException('USER_WITH_SAME_EMAIL', { field: 'email' });
    }
    throw error;
  }
}

/** 02 §2 team, §5 user form, §7 POST/PUT /user, PUT /deleteUser: the company's users as its admins change them. */
@Injectable()
export class TeamService {
  constructor(
    private readonly users: UsersRepository,
    private readonly queries: TeamQueriesService,
    private readonly rules: TeamRulesService,
    private readonly photos: TeamPhotosService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
    private readonly realtime: RealtimeService,
  ) {}

  /** 02 §7 POST /user. Every check runs before anything is written, the photo included. */
  async create(
    caller: AuthUser,
    input: CreateTeamUserInput,
    image: SpooledFile | null,
  ): Promise<TeamUserModel> {
    const name = text(input.name, 'name')?.trim() ?? '';
    const email = (text(input.email, 'email') ?? '').trim().toLowerCase();
    const phone = phoneOf(input.phone);
    const roleId = parseId(input.rolId, 'rolId', INPUT_MESSAGES.invalidRole);
    const password = text(input.password, 'password') ?? '';
    const spaceIds = idList(input.spacesIds, 'spacesIds') ?? [];
    const invalid = validateTeamUserDraft({ name, email, phone, roleId, password, spaceIds }, 'create');
    if (invalid) throw draftError(invalid);
    const role = await this.rules.role(caller, roleId as number);
    await this.rules.checkSpaces(caller, spaceIds);
    const adminOf = idList(input.isAdminOfIds, 'isAdminOfIds') ?? [];
    await this.rules.checkAdministered(caller, adminOf, null);
    const hours = workingHoursOf(input.userWorkingHours);
    const locationId = await this.rules.location(caller, input.locationId);
    const categoryIds = idList(input.categoriesIds, 'categoriesIds') ?? [];
    await this.rules.checkCategories(caller, categoryIds);
    const photo = await this.photos.check(image);
    await this.rules.checkEmailFree(email, null);
    const passwordHash = await this.passwords.hash(password);

    const id = await this.photos.withPhoto(photo, (storePhoto) =>
      uniqueEmail(() =>
        this.users.transaction(async (trx) => {
          await this.rules.checkLimits(trx, caller, null, role.name);
          // Stored last of all checks: a refused user leaves no file behind (withPhoto removes it if the insert fails).
          const imageUrl = await storePhoto();
          const userId = await this.users.insert(trx, {
            companyId: caller.companyId,
            roleId: role.id,
            name,
            email,
            passwordHash,
            phone,
            imageUrl,
            locationId,
            selectedSpaceId: spaceIds[0],
            isAdminOfIds: adminOf,
          });
          await this.users.addSpaces(trx, userId, spaceIds);
          await this.users.addCategories(trx, userId, categoryIds);
          if (hours) await this.users.setWorkingHours(trx, userId, hours);
          return userId;
        }),
      ),
    );
    this.announce(caller, id, 'team');
    return this.queries.view(caller, id);
  }

  /** 02 §7 PUT /user: an absent field keeps its value. */
  async update(
    caller: AuthUser,
    input: UpdateTeamUserInput,
    image: SpooledFile | null,
  ): Promise<TeamUserModel> {
    const target = await this.queries.target(caller, input.id);
    this.rules.checkManageable(caller, target);
    const name = text(input.name, 'name')?.trim() ?? target.name;
    const emailRaw = text(input.email, 'email');
    const email = emailRaw === undefined ? target.email : emailRaw.trim().toLowerCase();
    const phone = input.phone === undefined ? target.phone : phoneOf(input.phone);
    const roleId = parseId(input.rolId, 'rolId', INPUT_MESSAGES.invalidRole) ?? target.roleId;
    const password = text(input.password, 'password') ?? '';
    const spaceIds = idList(input.spacesIds, 'spacesIds') ?? target.spaceIds;
    const invalid = validateTeamUserDraft({ name, email, phone, roleId, password, spaceIds }, 'update');
    if (invalid) throw draftError(invalid);
    const role = await this.rules.role(caller, roleId);
    if (target.roleName === ROLE_NAMES.superadmin && role.name !== ROLE_NAMES.superadmin) {
      throw AppException.validation('rolId', TEAM_MESSAGES.superadminRoleFixed);
    }
    await this.rules.checkSpaces(caller, spaceIds);
    const adminOfRaw = idList(input.isAdminOfIds, 'isAdminOfIds');
    if (adminOfRaw)
      await this.rules.checkAdministered(caller, adminOfRaw, target.id, target.isAdminOfIds ?? []);
    const adminOf = adminOfRaw ?? target.isAdminOfIds;
    const hours = workingHoursOf(input.userWorkingHours);
    const locationId =
      input.locationId === undefined ? undefined : await this.rules.location(caller, input.locationId);
    const categoryIds = idList(input.categoriesIds, 'categoriesIds');
    if (categoryIds) await this.rules.checkCategories(caller, categoryIds);
    const photo = await this.photos.check(image);
    if (email !== target.email) await this.rules.checkEmailFree(email, target.id);
    const passwordHash = password === '' ? null : await this.passwords.hash(password);
    const removeImage = input.removeImage === true || input.removeImage === 'true';
    const selectedSpaceId =
      target.selectedSpaceId !== null && spaceIds.includes(target.selectedSpaceId)
        ? target.selectedSpaceId
        : spaceIds[0];

    const revokedSessions = await this.photos.withPhoto(photo, (storePhoto) =>
      uniqueEmail(() =>
        this.users.transaction(async (trx) => {
          await this.rules.checkLimits(trx, caller, target.roleName, role.name);
          const imageUrl = photo ? await storePhoto() : removeImage ? null : target.imageUrl;
          await this.users.update(trx, target.id, {
            name,
            email,
            phone,
            roleId: role.id,
            imageUrl,
            selectedSpaceId,
            isAdminOfIds: adminOf,
            // Absent: the password and the location stay as they are.
            ...(passwordHash ? { passwordHash } : {}),
            ...(locationId !== undefined ? { locationId } : {}),
          });
          await this.users.setSpaces(trx, target.id, spaceIds);
          if (categoryIds) await this.users.setCategories(trx, target.id, categoryIds);
          if (hours) await this.users.setWorkingHours(trx, target.id, hours);
          // A password set by an admin ends the user's open sessions (but not the admin's own, when editing oneself).
          if (!passwordHash) return [];
          return this.sessions.revokeAllOf(trx, target.id, caller.sessionId);
        }),
      ),
    );
    // The photo it replaced or removed is no longer used by anything.
    if (photo || removeImage) await this.photos.remove(target.imageUrl);
    const roleChanged = role.id !== target.roleId;
    this.announce(caller, target.id, roleChanged ? 'role' : 'team');
    // Live sockets follow at once, after the commit: an ended session loses its sockets; a new role or a new
    // isAdminOfIds drops every socket of the user, whose client connects again and joins only the rooms of what
    // it may now see (02 §6: the gateway reads both at the handshake).
    this.sessions.closeSockets(revokedSessions);
    if (roleChanged || !sameIds(adminOf, target.isAdminOfIds ?? [])) this.realtime.disconnectUser(target.id);
    return this.queries.view(caller, target.id);
  }

  /**
   * 02 §7 PUT /deleteUser. The user's conversations go back to the unassigned pool (their history stays), nobody
   * administers them any longer, and their sessions and open sockets end at once.
   */
  async delete(caller: AuthUser, id: number): Promise<{ id: number; deleted: true }> {
    const target = await this.queries.target(caller, id);
    if (target.id === caller.id) throw AppException.validation('id', TEAM_MESSAGES.cannotDeleteSelf);
    if (target.roleName === ROLE_NAMES.superadmin) {
      throw new AppException('SUPERADMIN_CANNOT_BE_DELETED', { field: 'id' });
    }
    this.rules.checkManageable(caller, target);
    const administrators = await this.users.transaction(async (trx) => {
      await this.users.releaseConversations(trx, caller.companyId, id);
      const changed = await this.users.removeAdministered(trx, caller.companyId, id);
      await this.sessions.revokeAllOf(trx, id);
      await this.users.delete(trx, id);
      return changed;
    });
    await this.photos.remove(target.imageUrl);
    this.announce(caller, id, 'deleted');
    this.realtime.disconnectUser(id);
    // Their isAdminOfIds changed (an admin left with none now sees the whole company): their sockets join anew.
    for (const userId of administrators) this.realtime.disconnectUser(userId);
    return { id, deleted: true };
  }

  /** The availability toggle of the team list (an admin sets an agent available or not). */
  async setAvailability(caller: AuthUser, id: number, isAvailable: boolean): Promise<TeamUserModel> {
    const target = await this.queries.target(caller, id);
    this.rules.checkManageable(caller, target);
    await this.users.setAvailability(id, isAvailable);
    this.announce(caller, id, 'availability');
    return this.queries.view(caller, id);
  }

  /** 02 §7 updateUserData: the user loads their data again, and the team screens of the company refresh. */
  private announce(caller: AuthUser, userId: number, reason: string): void {
    this.realtime.emit([agentRoom(userId), companyRoom(caller.companyId)], 'updateUserData', {
      userId,
      companyId: caller.companyId,
      reason,
    });
  }
}

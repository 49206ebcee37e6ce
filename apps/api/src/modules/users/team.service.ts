import {
  agentRoom,
  companyRoom,
  manageUserError,
  type PermissionMap,
  ROLE_NAMES,
  roleGrantError,
  TEAM_MESSAGES,
  type TeamUserDraftError,
  takesAdminSeat,
  teamLimitError,
  teamLimitsFor,
  validateTeamUserDraft,
  validateWorkingHours,
  WEEKDAYS,
  type Weekday,
  type WorkingHours,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { parseId, parseIdList } from '../../common/id-list';
import { firstRow } from '../../database/query-rows';
import { FileStorageService, type StoredFile } from '../../providers/storage/file-storage.service';
import { checkPublicImage } from '../../providers/storage/public-image';
import { type SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import { RealtimeService } from '../../realtime/realtime.service';
import { PasswordService } from '../auth/password.service';
import { CategoryModel } from '../categories/models/category.model';
import { SpaceModel } from '../spaces/models/space.model';
import type { CreateTeamUserInput, UpdateTeamUserInput } from './dto/team-user.input';
import {
  TeamFormOptionsModel,
  TeamLimitsModel,
  TeamLocationModel,
  TeamUserModel,
} from './models/team-user.model';

const UNIQUE_VIOLATION = '23505';

interface TeamUserRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  imageUrl: string | null;
  isAvailable: boolean;
  isAdminOfIds: number[];
  createdAt: Date;
  rol: { id: number; name: string };
  rolePermissions: string[];
  spaces: Array<{ id: number; name: string; isDefault: boolean; isGroup: boolean; imageUrl: string | null }>;
  workingHours: WorkingHours | null;
  location: { id: number; name: string } | null;
  categories: Array<{ id: number; name: string }>;
}

interface TargetRow {
  id: number;
  companyId: number;
  roleId: number;
  roleName: string;
  rolePermissions: string[];
  email: string;
  name: string;
  phone: string | null;
  imageUrl: string | null;
  selectedSpaceId: number | null;
  isAdminOfIds: number[];
  spaceIds: number[];
}

interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
}

/** The caller as the escalation rule reads them. */
interface Grantor {
  roleName: string;
  permissions: PermissionMap;
}

/** A photo whose content passed the 01 §5 image rules, not stored yet. */
interface CheckedPhoto {
  upload: SpooledFile;
  mimeType: string;
}

const ROLE_PERMISSIONS = (role: string) =>
  `ARRAY(SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp."permissionId"
          WHERE rp."roleId" = ${role}.id ORDER BY p.name)`;

const TEAM_USER_SELECT = `SELECT u.id, u.name, u.email, u.phone, u."imageUrl", u."isAvailable", u."isAdminOfIds",
  u."createdAt", json_build_object('id', r.id, 'name', r.name) AS rol, ${ROLE_PERMISSIONS('r')} AS "rolePermissions",
  (SELECT json_build_object('id', l.id, 'name', l.name) FROM locations l
    WHERE l.id = u."locationId" AND l."companyId" = u."companyId") AS location,
  COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name, c.id)
              FROM user_categories uc JOIN categories c ON c.id = uc."categoryId"
             WHERE uc."userId" = u.id), '[]') AS categories,
  COALESCE((SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'isDefault', s."isDefault",
                    'isGroup', s."isGroup", 'imageUrl', s."imageUrl") ORDER BY s."isDefault" DESC, s.name)
              FROM user_spaces us JOIN spaces s ON s.id = us."spaceId" WHERE us."userId" = u.id), '[]') AS spaces,
  (SELECT json_build_object('timezone', w.timezone, 'isActive', w."isActive", 'days', w.days)
     FROM user_working_hours w WHERE w."userId" = u.id) AS "workingHours"
  FROM users u JOIN roles r ON r.id = u."roleId"`;

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
    rol: { id: row.rol.id, name: row.rol.name },
    spaces: row.spaces.map((s) => Object.assign(new SpaceModel(), s)),
    workingHours: row.workingHours,
    location: row.location ? Object.assign(new TeamLocationModel(), row.location) : null,
    categories: row.categories.map((c) => Object.assign(new CategoryModel(), c)),
    canManage: manageUserError(caller, { roleName: row.rol.name, permissions: row.rolePermissions }) === null,
  });
}

function text(raw: unknown, field: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw AppException.validation(field, 'Valor inválido');
  return raw;
}

/** A list of ids from the form; undefined when the field is absent (an edit keeps the current list). */
function idList(raw: unknown, field: string): number[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  return parseIdList(raw, field, 'Lista inválida');
}

/** Whether two id lists hold the same ids, whatever their order or repetitions. */
function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

const TIME_SHAPE = /^\d{2}:\d{2}$/;

/** userWorkingHours: {timezone, isActive, days: [{day, isActive, start, end}]} as JSON text or object. */
function workingHoursOf(raw: unknown): WorkingHours | undefined {
  const field = 'userWorkingHours';
  if (raw === undefined || raw === null || raw === '') return undefined;
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw AppException.validation(field, 'Horario inválido');
    }
  }
  const invalid = () => AppException.validation(field, 'Horario inválido');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  const { timezone, isActive, days } = value as Record<string, unknown>;
  const flag = (v: unknown) => v === true || v === 'true';
  if (typeof timezone !== 'string' || !Array.isArray(days)) throw invalid();
  const parsedDays = days.map((entry) => {
    if (typeof entry !== 'object' || entry === null) throw invalid();
    const d = entry as Record<string, unknown>;
    if (typeof d.day !== 'string' || !(WEEKDAYS as readonly string[]).includes(d.day)) throw invalid();
    const start = typeof d.start === 'string' && TIME_SHAPE.test(d.start) ? d.start : '';
    const end = typeof d.end === 'string' && TIME_SHAPE.test(d.end) ? d.end : '';
    return { day: d.day as Weekday, isActive: flag(d.isActive), start, end };
  });
  const hours: WorkingHours = { timezone: timezone.trim(), isActive: flag(isActive), days: parsedDays };
  const error = validateWorkingHours(hours);
  if (error) {
    throw new AppException('VALIDATION_ERROR', {
      field,
      fields: { [`${field}.${error.field}`]: error.message },
      userMessage: error.message,
    });
  }
  // Stored in weekday order whatever order they came in.
  hours.days.sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day));
  return hours;
}

function draftError(error: TeamUserDraftError): AppException {
  if (error.code === 'VALIDATION_ERROR') return AppException.validation(error.field, error.message);
  return new AppException(error.code, { field: error.field });
}

/** The uploaded user photo, checked against 01 §5 image rules (jpg, jpeg, png) on its content; stored later. */
async function checkPhoto(upload: SpooledFile | null): Promise<CheckedPhoto | null> {
  if (!upload) return null;
  return { upload, mimeType: await checkPublicImage(upload) };
}

/** 02 §2 team, §5 user form, §6 limits: the company's users as its admins manage them. */
@Injectable()
export class TeamService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly passwords: PasswordService,
    private readonly storage: FileStorageService,
    private readonly realtime: RealtimeService,
  ) {}

  async list(caller: AuthUser): Promise<TeamUserModel[]> {
    const rows: TeamUserRow[] = await this.dataSource.query(
      `${TEAM_USER_SELECT} WHERE u."companyId" = $1 ORDER BY lower(u.name), u.id`,
      [caller.companyId],
    );
    return rows.map((row) => toModel(row, caller));
  }

  async get(caller: AuthUser, id: number): Promise<TeamUserModel> {
    await this.target(caller, id);
    return this.view(caller, id);
  }

  private async view(
    caller: AuthUser,
    id: number,
    db: DataSource | EntityManager = this.dataSource,
  ): Promise<TeamUserModel> {
    const row = firstRow<TeamUserRow>(
      await db.query(`${TEAM_USER_SELECT} WHERE u.id = $1 AND u."companyId" = $2`, [id, caller.companyId]),
    );
    if (!row) throw AppException.validation('id', TEAM_MESSAGES.userNotFound);
    return toModel(row, caller);
  }

  async limits(caller: AuthUser, db: DataSource | EntityManager = this.dataSource): Promise<TeamLimitsModel> {
    const row = firstRow<{
      plan: number;
      usersLimit: number | null;
      adminsLimit: number | null;
      users: number;
      admins: number;
    }>(
      await db.query(
        `SELECT c.plan, c."usersLimit", c."adminsLimit",
                (SELECT count(*)::int FROM users u WHERE u."companyId" = c.id) AS users,
                (SELECT count(*)::int FROM users u JOIN roles r ON r.id = u."roleId"
                  WHERE u."companyId" = c.id AND r.name = ANY($2)) AS admins
           FROM companies c WHERE c.id = $1`,
        [caller.companyId, [ROLE_NAMES.admin, ROLE_NAMES.superadmin]],
      ),
    );
    if (!row) throw new AppException('FORBIDDEN', { message: 'Unknown company' });
    const limits = teamLimitsFor(row.plan, row);
    return Object.assign(new TeamLimitsModel(), {
      users: row.users,
      admins: row.admins,
      usersLimit: limits.users,
      adminsLimit: limits.admins,
    });
  }

  async formOptions(caller: AuthUser): Promise<TeamFormOptionsModel> {
    const [roles, spaces, locations, categories, company] = await Promise.all([
      this.dataSource.query(
        `SELECT r.id, r.name, ${ROLE_PERMISSIONS('r')} AS permissions FROM roles r
          WHERE r."companyId" = $1 ORDER BY r.name, r.id`,
        [caller.companyId],
      ) as Promise<RoleRow[]>,
      this.dataSource.query(
        `SELECT id, name, "isDefault", "isGroup", "imageUrl" FROM spaces WHERE "companyId" = $1
          ORDER BY "isDefault" DESC, name`,
        [caller.companyId],
      ) as Promise<SpaceModel[]>,
      this.dataSource.query(`SELECT id, name FROM locations WHERE "companyId" = $1 ORDER BY name, id`, [
        caller.companyId,
      ]) as Promise<Array<{ id: number; name: string }>>,
      this.dataSource.query(`SELECT id, name FROM categories WHERE "companyId" = $1 ORDER BY name, id`, [
        caller.companyId,
      ]) as Promise<Array<{ id: number; name: string }>>,
      this.dataSource.query(`SELECT timezone FROM companies WHERE id = $1`, [caller.companyId]),
    ]);
    return Object.assign(new TeamFormOptionsModel(), {
      // Only the roles the caller may give: the form never offers what the server would refuse.
      roles: roles
        .filter(
          (role) => roleGrantError(caller, { roleName: role.name, permissions: role.permissions }) === null,
        )
        .map((role) => ({ id: role.id, name: role.name })),
      spaces: spaces.map((s) => Object.assign(new SpaceModel(), s)),
      locations: locations.map((l) => Object.assign(new TeamLocationModel(), l)),
      categories: categories.map((c) => Object.assign(new CategoryModel(), c)),
      timezone: firstRow<{ timezone: string }>(company)?.timezone ?? 'America/Mexico_City',
    });
  }

  /** 02 §7 POST /user. Every check runs before anything is written, the photo included. */
  async create(
    caller: AuthUser,
    input: CreateTeamUserInput,
    image: SpooledFile | null,
  ): Promise<TeamUserModel> {
    const name = text(input.name, 'name')?.trim() ?? '';
    const email = (text(input.email, 'email') ?? '').trim().toLowerCase();
    const phone = this.phoneOf(input.phone);
    const roleId = parseId(input.rolId, 'rolId', 'Rol inválido');
    const password = text(input.password, 'password') ?? '';
    const spaceIds = idList(input.spacesIds, 'spacesIds') ?? [];
    const invalid = validateTeamUserDraft({ name, email, phone, roleId, password, spaceIds }, 'create');
    if (invalid) throw draftError(invalid);
    const role = await this.role(caller, roleId as number);
    await this.checkSpaces(caller, spaceIds);
    const adminOf = idList(input.isAdminOfIds, 'isAdminOfIds') ?? [];
    await this.checkAdministered(caller, adminOf, null);
    const hours = workingHoursOf(input.userWorkingHours);
    const locationId = await this.location(caller, input.locationId);
    const categoryIds = idList(input.categoriesIds, 'categoriesIds') ?? [];
    await this.checkCategories(caller, categoryIds);
    const photo = await checkPhoto(image);
    await this.checkEmailFree(email, null);
    const passwordHash = await this.passwords.hash(password);

    const id = await this.withPhoto(photo, (storePhoto) =>
      this.uniqueEmail(() =>
        this.dataSource.transaction(async (manager) => {
          await this.checkLimits(manager, caller, null, role.name);
          // Stored last of all checks: a refused user leaves no file behind (withPhoto removes it if the insert fails).
          const imageUrl = await storePhoto();
          const inserted = firstRow<{ id: number }>(
            await manager.query(
              `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", phone, "imageUrl",
                                  "locationId", "selectedSpaceId", "isAdminOfIds")
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
              [
                caller.companyId,
                role.id,
                name,
                email,
                passwordHash,
                phone,
                imageUrl,
                locationId,
                spaceIds[0],
                adminOf,
              ],
            ),
          );
          const userId = (inserted as { id: number }).id;
          await this.setSpaces(manager, userId, spaceIds);
          await this.setCategories(manager, userId, categoryIds);
          if (hours) await this.setWorkingHours(manager, userId, hours);
          return userId;
        }),
      ),
    );
    this.announce(caller, id, 'team');
    return this.view(caller, id);
  }

  /** 02 §7 PUT /user: an absent field keeps its value. */
  async update(
    caller: AuthUser,
    input: UpdateTeamUserInput,
    image: SpooledFile | null,
  ): Promise<TeamUserModel> {
    const target = await this.target(caller, input.id);
    this.checkManageable(caller, target);
    const name = text(input.name, 'name')?.trim() ?? target.name;
    const emailRaw = text(input.email, 'email');
    const email = emailRaw === undefined ? target.email : emailRaw.trim().toLowerCase();
    const phone = input.phone === undefined ? target.phone : this.phoneOf(input.phone);
    const roleId = parseId(input.rolId, 'rolId', 'Rol inválido') ?? target.roleId;
    const password = text(input.password, 'password') ?? '';
    const spaceIds = idList(input.spacesIds, 'spacesIds') ?? target.spaceIds;
    const invalid = validateTeamUserDraft({ name, email, phone, roleId, password, spaceIds }, 'update');
    if (invalid) throw draftError(invalid);
    const role = await this.role(caller, roleId);
    if (target.roleName === ROLE_NAMES.superadmin && role.name !== ROLE_NAMES.superadmin) {
      throw AppException.validation('rolId', 'El rol del superadministrador no se puede cambiar');
    }
    await this.checkSpaces(caller, spaceIds);
    const adminOfRaw = idList(input.isAdminOfIds, 'isAdminOfIds');
    if (adminOfRaw) await this.checkAdministered(caller, adminOfRaw, target.id, target.isAdminOfIds ?? []);
    const adminOf = adminOfRaw ?? target.isAdminOfIds;
    const hours = workingHoursOf(input.userWorkingHours);
    const locationId =
      input.locationId === undefined ? undefined : await this.location(caller, input.locationId);
    const categoryIds = idList(input.categoriesIds, 'categoriesIds');
    if (categoryIds) await this.checkCategories(caller, categoryIds);
    const photo = await checkPhoto(image);
    if (email !== target.email) await this.checkEmailFree(email, target.id);
    const passwordHash = password === '' ? null : await this.passwords.hash(password);
    const removeImage = input.removeImage === true || input.removeImage === 'true';
    const selectedSpaceId =
      target.selectedSpaceId !== null && spaceIds.includes(target.selectedSpaceId)
        ? target.selectedSpaceId
        : spaceIds[0];

    const revokedSessions = await this.withPhoto(photo, (storePhoto) =>
      this.uniqueEmail(() =>
        this.dataSource.transaction(async (manager) => {
          await this.checkLimits(manager, caller, target.roleName, role.name);
          const imageUrl = photo ? await storePhoto() : removeImage ? null : target.imageUrl;
          await manager.query(
            `UPDATE users SET name = $2, email = $3, phone = $4, "roleId" = $5, "imageUrl" = $6,
                    "selectedSpaceId" = $7, "isAdminOfIds" = $8, "passwordHash" = COALESCE($9, "passwordHash"),
                    "locationId" = CASE WHEN $10 THEN $11 ELSE "locationId" END, "updatedAt" = now()
              WHERE id = $1`,
            [
              target.id,
              name,
              email,
              phone,
              role.id,
              imageUrl,
              selectedSpaceId,
              adminOf,
              passwordHash,
              locationId !== undefined,
              locationId ?? null,
            ],
          );
          await manager.query(`DELETE FROM user_spaces WHERE "userId" = $1 AND NOT ("spaceId" = ANY($2))`, [
            target.id,
            spaceIds,
          ]);
          await this.setSpaces(manager, target.id, spaceIds);
          if (categoryIds) {
            await manager.query(
              `DELETE FROM user_categories WHERE "userId" = $1 AND NOT ("categoryId" = ANY($2))`,
              [target.id, categoryIds],
            );
            await this.setCategories(manager, target.id, categoryIds);
          }
          if (hours) await this.setWorkingHours(manager, target.id, hours);
          // A password set by an admin ends the user's open sessions (but not the admin's own, when editing oneself).
          if (!passwordHash) return [];
          // A CTE so the driver answers the rows (a bare UPDATE … RETURNING comes back as [rows, count]).
          const revoked: Array<{ id: string }> = await manager.query(
            `WITH revoked AS (
               UPDATE sessions SET "revokedAt" = now() WHERE "userId" = $1 AND "revokedAt" IS NULL AND id <> $2
               RETURNING id)
             SELECT id FROM revoked`,
            [target.id, caller.sessionId],
          );
          return revoked.map((row) => row.id);
        }),
      ),
    );
    // The photo it replaced or removed is no longer used by anything.
    if (photo || removeImage) await this.storage.removePublicUrl(target.imageUrl);
    const roleChanged = role.id !== target.roleId;
    this.announce(caller, target.id, roleChanged ? 'role' : 'team');
    // Live sockets follow at once, after the commit: an ended session loses its sockets; a new role or a new
    // isAdminOfIds drops every socket of the user, whose client connects again and joins only the rooms of what
    // it may now see (02 §6: the gateway reads both at the handshake).
    for (const sessionId of revokedSessions) this.realtime.disconnectSession(sessionId);
    if (roleChanged || !sameIds(adminOf, target.isAdminOfIds ?? [])) this.realtime.disconnectUser(target.id);
    return this.view(caller, target.id);
  }

  /**
   * 02 §7 PUT /deleteUser. The user's conversations go back to the unassigned pool (their history stays), nobody
   * administers them any longer, and their sessions and open sockets end at once.
   */
  async delete(caller: AuthUser, id: number): Promise<{ id: number; deleted: true }> {
    const target = await this.target(caller, id);
    if (target.id === caller.id) throw AppException.validation('id', TEAM_MESSAGES.cannotDeleteSelf);
    if (target.roleName === ROLE_NAMES.superadmin) {
      throw new AppException('SUPERADMIN_CANNOT_BE_DELETED', { field: 'id' });
    }
    this.checkManageable(caller, target);
    const administrators = await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE clients SET "agentId" = NULL, "updatedAt" = now() WHERE "companyId" = $1 AND "agentId" = $2`,
        [caller.companyId, id],
      );
      await manager.query(
        `UPDATE clients SET "groupAdminId" = NULL, "updatedAt" = now() WHERE "companyId" = $1 AND "groupAdminId" = $2`,
        [caller.companyId, id],
      );
      // A CTE so the driver answers the rows (a bare UPDATE … RETURNING comes back as [rows, count]).
      const changed: Array<{ id: number }> = await manager.query(
        `WITH changed AS (
           UPDATE users SET "isAdminOfIds" = array_remove("isAdminOfIds", $2)
            WHERE "companyId" = $1 AND $2 = ANY("isAdminOfIds") RETURNING id)
         SELECT id FROM changed`,
        [caller.companyId, id],
      );
      await manager.query(
        `UPDATE sessions SET "revokedAt" = now() WHERE "userId" = $1 AND "revokedAt" IS NULL`,
        [id],
      );
      await manager.query(`DELETE FROM users WHERE id = $1`, [id]);
      return changed.map((row) => row.id);
    });
    await this.storage.removePublicUrl(target.imageUrl);
    this.announce(caller, id, 'deleted');
    this.realtime.disconnectUser(id);
    // Their isAdminOfIds changed (an admin left with none now sees the whole company): their sockets join anew.
    for (const userId of administrators) this.realtime.disconnectUser(userId);
    return { id, deleted: true };
  }

  /** The availability toggle of the team list (an admin sets an agent available or not). */
  async setAvailability(caller: AuthUser, id: number, isAvailable: boolean): Promise<TeamUserModel> {
    const target = await this.target(caller, id);
    this.checkManageable(caller, target);
    await this.dataSource.query(`UPDATE users SET "isAvailable" = $2, "updatedAt" = now() WHERE id = $1`, [
      id,
      isAvailable,
    ]);
    this.announce(caller, id, 'availability');
    return this.view(caller, id);
  }

  /** 02 §7 updateUserData: the user loads their data again, and the team screens of the company refresh. */
  private announce(caller: AuthUser, userId: number, reason: string): void {
    this.realtime.emit([agentRoom(userId), companyRoom(caller.companyId)], 'updateUserData', {
      userId,
      companyId: caller.companyId,
      reason,
    });
  }

  /**
   * Tenancy: a user of another company is answered exactly as a user that does not exist (a 400 on `id`), so an
   * id reveals nothing about other companies.
   */
  private async target(caller: AuthUser, id: number): Promise<TargetRow> {
    const row = firstRow<TargetRow>(
      await this.dataSource.query(
        `SELECT u.id, u."companyId", u."roleId", r.name AS "roleName", ${ROLE_PERMISSIONS('r')} AS "rolePermissions",
                u.email, u.name, u.phone, u."imageUrl", u."selectedSpaceId", u."isAdminOfIds",
                ARRAY(SELECT us."spaceId" FROM user_spaces us WHERE us."userId" = u.id ORDER BY us."spaceId") AS "spaceIds"
           FROM users u JOIN roles r ON r.id = u."roleId" WHERE u.id = $1 AND u."companyId" = $2`,
        [id, caller.companyId],
      ),
    );
    if (!row) throw AppException.validation('id', TEAM_MESSAGES.userNotFound);
    return row;
  }

  /** Escalation rule: only users whose role the caller could give are edited or deleted by them. */
  private checkManageable(caller: AuthUser, target: TargetRow): void {
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
  private async role(caller: AuthUser, id: number): Promise<RoleRow> {
    const role = firstRow<RoleRow>(
      await this.dataSource.query(
        `SELECT r.id, r.name, ${ROLE_PERMISSIONS('r')} AS permissions FROM roles r
          WHERE r.id = $1 AND r."companyId" = $2`,
        [id, caller.companyId],
      ),
    );
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
    table: 'spaces' | 'users' | 'locations' | 'categories',
    ids: number[],
    field: string,
    message: string,
  ): Promise<void> {
    if (ids.length === 0) return;
    const [{ n }]: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1) AND "companyId" = $2`,
      [ids, caller.companyId],
    );
    if (n !== new Set(ids).size) throw AppException.validation(field, message);
  }

  private checkSpaces(caller: AuthUser, spaceIds: number[]): Promise<void> {
    return this.checkOwned(caller, 'spaces', spaceIds, 'spacesIds', TEAM_MESSAGES.spaceNotFound);
  }

  private checkCategories(caller: AuthUser, categoryIds: number[]): Promise<void> {
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
  private async checkAdministered(
    caller: AuthUser,
    ids: number[],
    self: number | null,
    previous: number[] = [],
  ): Promise<void> {
    if (self !== null && ids.includes(self)) {
      throw AppException.validation('isAdminOfIds', 'Un usuario no puede administrarse a sí mismo');
    }
    await this.checkOwned(caller, 'users', ids, 'isAdminOfIds', TEAM_MESSAGES.userNotFound);
    const added = ids.filter((id) => !previous.includes(id));
    if (added.length === 0) return;
    const rows: Array<{ roleName: string; rolePermissions: string[] }> = await this.dataSource.query(
      `SELECT r.name AS "roleName", ${ROLE_PERMISSIONS('r')} AS "rolePermissions"
         FROM users u JOIN roles r ON r.id = u."roleId" WHERE u.id = ANY($1) AND u."companyId" = $2`,
      [added, caller.companyId],
    );
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
  private async location(caller: AuthUser, raw: unknown): Promise<number | null> {
    const id = parseId(raw, 'locationId', 'Ubicación inválida');
    if (id === undefined) return null;
    await this.checkOwned(caller, 'locations', [id], 'locationId', TEAM_MESSAGES.locationNotFound);
    return id;
  }

  /**
   * Runs `write` with a function that stores the checked photo and answers its URL (null without a photo); when
   * `write` fails after storing it, the file is removed, so a refused user leaves nothing on disk.
   */
  private async withPhoto<T>(
    photo: CheckedPhoto | null,
    write: (storePhoto: () => Promise<string | null>) => Promise<T>,
  ): Promise<T> {
    let stored: StoredFile | null = null;
    const storePhoto = async (): Promise<string | null> => {
      if (!photo) return null;
      stored = await this.storage.put({ path: photo.upload.path, size: photo.upload.size }, photo.mimeType);
      return stored.url;
    };
    try {
      return await write(storePhoto);
    } catch (error) {
      const orphan = stored as StoredFile | null;
      if (orphan) await this.storage.removePublic(orphan.key).catch(() => undefined);
      throw error;
    }
  }

  /** Digits only, as the form sends them; '' clears it. */
  private phoneOf(raw: unknown): string | null {
    const value = text(raw, 'phone')?.trim() ?? '';
    return value === '' ? null : value;
  }

  /** Sign-in is by e-mail alone, so an address belongs to one user in the whole product. */
  private async checkEmailFree(email: string, exceptId: number | null): Promise<void> {
    const taken = await this.dataSource.query(
      `SELECT 1 FROM users WHERE email = $1 AND ($2::int IS NULL OR id <> $2)`,
      [email, exceptId],
    );
    if (taken.length > 0) throw new AppException('USER_WITH_SAME_EMAIL', { field: 'email' });
  }

  private async uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new AppException('USER_WITH_SAME_EMAIL', { field: 'email' });
      }
      throw error;
    }
  }

  /**
   * 02 §6 plan limits, counted under a lock on the company row: two admins adding the last seat at the same
   * moment cannot both get it.
   */
  private async checkLimits(
    manager: EntityManager,
    caller: AuthUser,
    beforeRole: string | null,
    afterRole: string,
  ): Promise<void> {
    await manager.query(`SELECT id FROM companies WHERE id = $1 FOR UPDATE`, [caller.companyId]);
    const current = await this.limits(caller, manager);
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

  private async setSpaces(manager: EntityManager, userId: number, spaceIds: number[]): Promise<void> {
    await manager.query(
      `INSERT INTO user_spaces ("userId", "spaceId") SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [userId, spaceIds],
    );
  }

  private async setCategories(manager: EntityManager, userId: number, categoryIds: number[]): Promise<void> {
    if (categoryIds.length === 0) return;
    await manager.query(
      `INSERT INTO user_categories ("userId", "categoryId") SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [userId, categoryIds],
    );
  }

  private async setWorkingHours(manager: EntityManager, userId: number, hours: WorkingHours): Promise<void> {
    await manager.query(
      `INSERT INTO user_working_hours ("userId", timezone, "isActive", days) VALUES ($1, $2, $3, $4)
       ON CONFLICT ("userId") DO UPDATE SET timezone = $2, "isActive" = $3, days = $4, "updatedAt" = now()`,
      [userId, hours.timezone, hours.isActive, JSON.stringify(hours.days)],
    );
  }
}

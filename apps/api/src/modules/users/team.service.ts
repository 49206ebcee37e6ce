import {
  agentRoom,
  companyRoom,
  ROLE_NAMES,
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
import { FileStorageService } from '../../providers/storage/file-storage.service';
import { storePublicImage } from '../../providers/storage/public-image';
import type { SpooledFile } from '../../providers/storage/spooled-upload.interceptor';
import { RealtimeService } from '../../realtime/realtime.service';
import { PasswordService } from '../auth/password.service';
import { SpaceModel } from '../spaces/models/space.model';
import type { CreateTeamUserInput, UpdateTeamUserInput } from './dto/team-user.input';
import { TeamFormOptionsModel, TeamLimitsModel, TeamUserModel } from './models/team-user.model';

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
  spaces: Array<{ id: number; name: string; isDefault: boolean; isGroup: boolean; imageUrl: string | null }>;
  workingHours: WorkingHours | null;
}

interface TargetRow {
  id: number;
  companyId: number;
  roleId: number;
  roleName: string;
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
  companyId: number;
}

const TEAM_USER_SELECT = `SELECT u.id, u.name, u.email, u.phone, u."imageUrl", u."isAvailable", u."isAdminOfIds",
  u."createdAt", json_build_object('id', r.id, 'name', r.name) AS rol,
  COALESCE((SELECT json_agg(json_build_object('id', s.id, 'name', s.name, 'isDefault', s."isDefault",
                    'isGroup', s."isGroup", 'imageUrl', s."imageUrl") ORDER BY s."isDefault" DESC, s.name)
              FROM user_spaces us JOIN spaces s ON s.id = us."spaceId" WHERE us."userId" = u.id), '[]') AS spaces,
  (SELECT json_build_object('timezone', w.timezone, 'isActive', w."isActive", 'days', w.days)
     FROM user_working_hours w WHERE w."userId" = u.id) AS "workingHours"
  FROM users u JOIN roles r ON r.id = u."roleId"`;

function toModel(row: TeamUserRow): TeamUserModel {
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
    return rows.map(toModel);
  }

  async get(caller: AuthUser, id: number): Promise<TeamUserModel> {
    await this.target(caller, id, false);
    return this.view(id);
  }

  private async view(id: number, db: DataSource | EntityManager = this.dataSource): Promise<TeamUserModel> {
    const row = firstRow<TeamUserRow>(await db.query(`${TEAM_USER_SELECT} WHERE u.id = $1`, [id]));
    if (!row) throw new AppException('USER_WITH_EMAIL_NOT_FOUND');
    return toModel(row);
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
    const [roles, spaces, company] = await Promise.all([
      // Only a superadmin gives the superadmin role: nobody else is offered it.
      this.dataSource.query(
        `SELECT id, name FROM roles WHERE "companyId" = $1 AND ($2 OR name <> $3) ORDER BY name, id`,
        [caller.companyId, caller.roleName === ROLE_NAMES.superadmin, ROLE_NAMES.superadmin],
      ),
      this.dataSource.query(
        `SELECT id, name, "isDefault", "isGroup", "imageUrl" FROM spaces WHERE "companyId" = $1
          ORDER BY "isDefault" DESC, name`,
        [caller.companyId],
      ),
      this.dataSource.query(`SELECT timezone FROM companies WHERE id = $1`, [caller.companyId]),
    ]);
    return Object.assign(new TeamFormOptionsModel(), {
      roles,
      spaces: (spaces as SpaceModel[]).map((s) => Object.assign(new SpaceModel(), s)),
      timezone: firstRow<{ timezone: string }>(company)?.timezone ?? 'America/Mexico_City',
    });
  }

  /** 02 §7 POST /user. */
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
    await this.checkEmailFree(email, null);
    const passwordHash = await this.passwords.hash(password);
    const imageUrl = image ? await storePublicImage(this.storage, image) : null;

    const id = await this.uniqueEmail(() =>
      this.dataSource.transaction(async (manager) => {
        await this.checkLimits(manager, caller, null, role.name);
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
        if (hours) await this.setWorkingHours(manager, userId, hours);
        return userId;
      }),
    );
    this.announce(caller, id, 'team');
    return this.view(id);
  }

  /** 02 §7 PUT /user: an absent field keeps its value. */
  async update(
    caller: AuthUser,
    input: UpdateTeamUserInput,
    image: SpooledFile | null,
  ): Promise<TeamUserModel> {
    const target = await this.target(caller, input.id);
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
    if (adminOfRaw) await this.checkAdministered(caller, adminOfRaw, target.id);
    const adminOf = adminOfRaw ?? target.isAdminOfIds;
    const hours = workingHoursOf(input.userWorkingHours);
    const locationId =
      input.locationId === undefined ? undefined : await this.location(caller, input.locationId);
    if (email !== target.email) await this.checkEmailFree(email, target.id);
    const passwordHash = password === '' ? null : await this.passwords.hash(password);
    const removeImage = input.removeImage === true || input.removeImage === 'true';
    const imageUrl = image
      ? await storePublicImage(this.storage, image)
      : removeImage
        ? null
        : target.imageUrl;
    const selectedSpaceId =
      target.selectedSpaceId !== null && spaceIds.includes(target.selectedSpaceId)
        ? target.selectedSpaceId
        : spaceIds[0];

    await this.uniqueEmail(() =>
      this.dataSource.transaction(async (manager) => {
        await this.checkLimits(manager, caller, target.roleName, role.name);
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
        if (hours) await this.setWorkingHours(manager, target.id, hours);
        // A password set by an admin ends the user's open sessions (but not the admin's own, when editing oneself).
        if (passwordHash) {
          await manager.query(
            `UPDATE sessions SET "revokedAt" = now() WHERE "userId" = $1 AND "revokedAt" IS NULL AND id <> $2`,
            [target.id, caller.sessionId],
          );
        }
      }),
    );
    this.announce(caller, target.id, role.id !== target.roleId ? 'role' : 'team');
    return this.view(target.id);
  }

  /**
   * 02 §7 PUT /deleteUser. The user's conversations go back to the unassigned pool (their history stays), nobody
   * administers them any longer, and their sessions end at once.
   */
  async delete(caller: AuthUser, id: number): Promise<{ id: number; deleted: true }> {
    const target = await this.target(caller, id, false);
    if (target.roleName === ROLE_NAMES.superadmin) {
      throw new AppException('SUPERADMIN_CANNOT_BE_DELETED', { field: 'id' });
    }
    if (target.id === caller.id) throw AppException.validation('id', 'No puedes eliminar tu propio usuario');
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE clients SET "agentId" = NULL, "updatedAt" = now() WHERE "companyId" = $1 AND "agentId" = $2`,
        [caller.companyId, id],
      );
      await manager.query(
        `UPDATE clients SET "groupAdminId" = NULL, "updatedAt" = now() WHERE "companyId" = $1 AND "groupAdminId" = $2`,
        [caller.companyId, id],
      );
      await manager.query(
        `UPDATE users SET "isAdminOfIds" = array_remove("isAdminOfIds", $2)
          WHERE "companyId" = $1 AND $2 = ANY("isAdminOfIds")`,
        [caller.companyId, id],
      );
      await manager.query(
        `UPDATE sessions SET "revokedAt" = now() WHERE "userId" = $1 AND "revokedAt" IS NULL`,
        [id],
      );
      await manager.query(`DELETE FROM users WHERE id = $1`, [id]);
    });
    this.announce(caller, id, 'deleted');
    return { id, deleted: true };
  }

  /** The availability toggle of the team list (an admin sets an agent available or not). */
  async setAvailability(caller: AuthUser, id: number, isAvailable: boolean): Promise<TeamUserModel> {
    await this.target(caller, id, false);
    await this.dataSource.query(`UPDATE users SET "isAvailable" = $2, "updatedAt" = now() WHERE id = $1`, [
      id,
      isAvailable,
    ]);
    this.announce(caller, id, 'availability');
    return this.view(id);
  }

  /** 02 §7 updateUserData: the user loads their data again, and the team screens of the company refresh. */
  private announce(caller: AuthUser, userId: number, reason: string): void {
    this.realtime.emit([agentRoom(userId), companyRoom(caller.companyId)], 'updateUserData', {
      userId,
      companyId: caller.companyId,
      reason,
    });
  }

  /** Tenancy: another company's user is refused whatever id is sent; only a superadmin edits a superadmin. */
  private async target(caller: AuthUser, id: number, managing = true): Promise<TargetRow> {
    const row = firstRow<TargetRow>(
      await this.dataSource.query(
        `SELECT u.id, u."companyId", u."roleId", r.name AS "roleName", u.email, u.name, u.phone, u."imageUrl",
                u."selectedSpaceId", u."isAdminOfIds",
                ARRAY(SELECT us."spaceId" FROM user_spaces us WHERE us."userId" = u.id ORDER BY us."spaceId") AS "spaceIds"
           FROM users u JOIN roles r ON r.id = u."roleId" WHERE u.id = $1`,
        [id],
      ),
    );
    if (!row) throw new AppException('USER_WITH_EMAIL_NOT_FOUND', { field: 'id' });
    if (row.companyId !== caller.companyId) {
      throw new AppException('FORBIDDEN', { message: 'User of another company' });
    }
    if (managing && row.roleName === ROLE_NAMES.superadmin && caller.roleName !== ROLE_NAMES.superadmin) {
      throw new AppException('FORBIDDEN', { message: 'Only a superadmin manages a superadmin' });
    }
    return row;
  }

  private async role(caller: AuthUser, id: number): Promise<RoleRow> {
    const role = firstRow<RoleRow>(
      await this.dataSource.query(`SELECT id, name, "companyId" FROM roles WHERE id = $1`, [id]),
    );
    if (!role) throw AppException.validation('rolId', 'El rol no existe');
    if (role.companyId !== caller.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Role of another company' });
    }
    if (role.name === ROLE_NAMES.superadmin && caller.roleName !== ROLE_NAMES.superadmin) {
      throw new AppException('FORBIDDEN', { message: 'Only a superadmin gives the superadmin role' });
    }
    return role;
  }

  private async checkSpaces(caller: AuthUser, spaceIds: number[]): Promise<void> {
    const rows: Array<{ companyId: number }> = await this.dataSource.query(
      `SELECT "companyId" FROM spaces WHERE id = ANY($1)`,
      [spaceIds],
    );
    if (rows.length !== spaceIds.length) throw AppException.validation('spacesIds', 'El espacio no existe');
    if (rows.some((row) => row.companyId !== caller.companyId)) {
      throw new AppException('FORBIDDEN', { message: 'Space of another company' });
    }
  }

  /** isAdminOfIds: users of the same company, never the user themself. */
  private async checkAdministered(caller: AuthUser, ids: number[], self: number | null): Promise<void> {
    if (ids.length === 0) return;
    if (self !== null && ids.includes(self)) {
      throw AppException.validation('isAdminOfIds', 'Un usuario no puede administrarse a sí mismo');
    }
    const rows: Array<{ companyId: number }> = await this.dataSource.query(
      `SELECT "companyId" FROM users WHERE id = ANY($1)`,
      [ids],
    );
    if (rows.length !== ids.length) throw AppException.validation('isAdminOfIds', 'El usuario no existe');
    if (rows.some((row) => row.companyId !== caller.companyId)) {
      throw new AppException('FORBIDDEN', { message: 'User of another company' });
    }
  }

  private async location(caller: AuthUser, raw: unknown): Promise<number | null> {
    const id = parseId(raw, 'locationId', 'Ubicación inválida');
    if (id === undefined) return null;
    const row = firstRow<{ companyId: number }>(
      await this.dataSource.query(`SELECT "companyId" FROM locations WHERE id = $1`, [id]),
    );
    if (!row) throw AppException.validation('locationId', 'La ubicación no existe');
    if (row.companyId !== caller.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Location of another company' });
    }
    return id;
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

  private async setWorkingHours(manager: EntityManager, userId: number, hours: WorkingHours): Promise<void> {
    await manager.query(
      `INSERT INTO user_working_hours ("userId", timezone, "isActive", days) VALUES ($1, $2, $3, $4)
       ON CONFLICT ("userId") DO UPDATE SET timezone = $2, "isActive" = $3, days = $4, "updatedAt" = now()`,
      [userId, hours.timezone, hours.isActive, JSON.stringify(hours.days)],
    );
  }
}

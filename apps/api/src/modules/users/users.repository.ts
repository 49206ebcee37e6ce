import { ROLE_NAMES, type WorkingHours } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type InferResult, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { Companies, Users } from '../../database/schema';

export type UserRow = Selectable<Users>;
export type NewUser = Insertable<Users>;
export type UserChanges = Omit<Updateable<Users>, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>;

/** The user as sign-in reads them, with the company's 2FA policy. */
export type SignInUser = Pick<
  UserRow,
  | 'id'
  | 'companyId'
  | 'name'
  | 'email'
  | 'passwordHash'
  | 'twoFactorSecret'
  | 'twoFactorStatus'
  | 'totpLastTimeStep'
> &
  Pick<Selectable<Companies>, 'hasUsed2FA'>;

/** The signed-in user's own profile: their row, their role, their company. */
export interface UserProfile {
  user: Pick<
    UserRow,
    | 'id'
    | 'companyId'
    | 'name'
    | 'email'
    | 'phone'
    | 'imageUrl'
    | 'isAvailable'
    | 'selectedSpaceId'
    | 'isAdminOfIds'
    | 'twoFactorStatus'
  >;
  role: { id: number; name: string };
  company: Selectable<Companies>;
}

/** A user as another user of the company sees them. */
export type UserSummaryRow = Pick<
  UserRow,
  'id' | 'companyId' | 'name' | 'email' | 'imageUrl' | 'isAvailable'
> & {
  roleId: number;
  roleName: string;
};

/** A role, with its permission names in name order. */
export interface RoleWithPermissions {
  id: number;
  name: string;
  permissions: string[];
}

export type OwnedTable = 'spaces' | 'users' | 'locations' | 'categories';

/** The company's plan, its own seat limits, and the seats taken (users, and admins or superadmins). */
export interface SeatCounts {
  plan: Selectable<Companies>['plan'];
  usersLimit: number | null;
  adminsLimit: number | null;
  users: number;
  admins: number;
}

/** The permission names of role `r`, in name order. */
const permissionsOfRole = sql<
  string[]
>`ARRAY(SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp."permissionId"
  WHERE rp."roleId" = r.id ORDER BY p.name)`;

/** 02 §2 a user as the team screens show them: role, location, categories, spaces and working hours. */
function teamUserQuery(db: Executor) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.roleId')
    .innerJoin('companies as co', 'co.id', 'u.companyId')
    .select((eb) => [
      'u.id',
      'u.name',
      'u.email',
      'u.phone',
      'u.imageUrl',
      'u.isAvailable',
      'u.isAdminOfIds',
      'u.createdAt',
      'u.updatedAt',
      'u.companyId',
      'co.name as companyName',
      'co.timezone as companyTimezone',
      'r.id as roleId',
      'r.name as roleName',
      permissionsOfRole.as('rolePermissions'),
      jsonObjectFrom(
        eb
          .selectFrom('locations as l')
          .select(['l.id', 'l.name'])
          .whereRef('l.id', '=', 'u.locationId')
          .whereRef('l.companyId', '=', 'u.companyId'),
      ).as('location'),
      jsonArrayFrom(
        eb
          .selectFrom('user_categories as uc')
          .innerJoin('categories as c', 'c.id', 'uc.categoryId')
          .select(['c.id', 'c.name'])
          .whereRef('uc.userId', '=', 'u.id')
          .orderBy('c.name')
          .orderBy('c.id'),
      ).as('categories'),
      jsonArrayFrom(
        eb
          .selectFrom('user_spaces as us')
          .innerJoin('spaces as s', 's.id', 'us.spaceId')
          .select(['s.id', 's.name', 's.isDefault', 's.isGroup', 's.imageUrl'])
          .whereRef('us.userId', '=', 'u.id')
          .orderBy('s.isDefault', 'desc')
          .orderBy('s.name'),
      ).as('spaces'),
      jsonObjectFrom(
        eb
          .selectFrom('user_working_hours as w')
          .select(['w.userId', 'w.timezone', 'w.isActive', 'w.days'])
          .whereRef('w.userId', '=', 'u.id'),
      ).as('workingHours'),
    ]);
}

export type TeamUserRow = InferResult<ReturnType<typeof teamUserQuery>>[number];

/** A user about to be edited or deleted: what the rules and the write read. */
function teamTargetQuery(db: Executor) {
  return db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.roleId')
    .select([
      'u.id',
      'u.companyId',
      'u.roleId',
      'r.name as roleName',
      permissionsOfRole.as('rolePermissions'),
      'u.email',
      'u.name',
      'u.phone',
      'u.imageUrl',
      'u.selectedSpaceId',
      'u.isAdminOfIds',
      sql<
        number[]
      >`ARRAY(SELECT us."spaceId" FROM user_spaces us WHERE us."userId" = u.id ORDER BY us."spaceId")`.as(
        'spaceIds',
      ),
    ]);
}

export type TeamTargetRow = InferResult<ReturnType<typeof teamTargetQuery>>[number];

/**
 * The users of a company and what belongs to each: users, user_spaces, user_categories, user_working_hours. The
 * team screens' reads join the roles, spaces, locations and categories the users point at.
 */
@Injectable()
export class UsersRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---- sign-in and account -------------------------------------------------------------------------------------

  findForSignIn(email: string): Promise<SignInUser | undefined> {
    return this.db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.companyId')
      .select([
        'u.id',
        'u.companyId',
        'u.name',
        'u.email',
        'u.passwordHash',
        'u.twoFactorSecret',
        'u.twoFactorStatus',
        'u.totpLastTimeStep',
        'c.hasUsed2FA',
      ])
      .where('u.email', '=', email)
      .executeTakeFirst();
  }

  async emailOf(id: number): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.email;
  }

  /** Whether an address is taken, by anyone but `exceptId` (sign-in is by e-mail alone, across the product). */
  async emailTaken(email: string, exceptId: number | null = null, db: Executor = this.db): Promise<boolean> {
    let query = db.selectFrom('users').select('id').where('email', '=', email);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Records a TOTP time step as used and the factor as verified, unless that step or a later one was already
   * used: of two requests racing with the same code, only one gets true.
   */
  async useTotpStep(id: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ totpLastTimeStep: String(step), twoFactorStatus: 'verified', updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totpLastTimeStep', 'is', null), eb('totpLastTimeStep', '<', String(step))]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setTwoFactorSecret(id: number, sealedSecret: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ twoFactorSecret: sealedSecret, twoFactorStatus: 'unverified', updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  async setPasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ passwordHash, updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  // ---- the signed-in user ------------------------------------------------------------------------------------

  async profile(id: number): Promise<UserProfile | undefined> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.roleId')
      .innerJoin('companies as c', 'c.id', 'u.companyId')
      .selectAll('c')
      .select([
        'u.id as userId',
        'u.companyId as userCompanyId',
        'u.name as userName',
        'u.email as userEmail',
        'u.phone as userPhone',
        'u.imageUrl as userImageUrl',
        'u.isAvailable as userIsAvailable',
        'u.selectedSpaceId as userSelectedSpaceId',
        'u.isAdminOfIds as userIsAdminOfIds',
        'u.twoFactorStatus as userTwoFactorStatus',
        'r.id as roleId',
        'r.name as roleName',
      ])
      .where('u.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      userId,
      userCompanyId,
      userName,
      userEmail,
      userPhone,
      userImageUrl,
      userIsAvailable,
      userSelectedSpaceId,
      userIsAdminOfIds,
      userTwoFactorStatus,
      roleId,
      roleName,
      ...company
    } = row;
    return {
      user: {
        id: userId,
        companyId: userCompanyId,
        name: userName,
        email: userEmail,
        phone: userPhone,
        imageUrl: userImageUrl,
        isAvailable: userIsAvailable,
        selectedSpaceId: userSelectedSpaceId,
        isAdminOfIds: userIsAdminOfIds,
        twoFactorStatus: userTwoFactorStatus,
      },
      role: { id: roleId, name: roleName },
      company,
    };
  }

  /** A user with their role, for another user of the company to see. */
  summary(id: number): Promise<UserSummaryRow | undefined> {
    return this.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.roleId')
      .select([
        'u.id',
        'u.companyId',
        'u.name',
        'u.email',
        'u.imageUrl',
        'u.isAvailable',
        'r.id as roleId',
        'r.name as roleName',
      ])
      .where('u.id', '=', id)
      .executeTakeFirst();
  }

  /** The channels linked to any of the spaces, in id order. */
  async channelIdsOfSpaces(spaceIds: number[]): Promise<number[]> {
    if (spaceIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('space_channels')
      .select('channelId')
      .distinct()
      .where('spaceId', 'in', spaceIds)
      .orderBy('channelId')
      .execute();
    return rows.map((row) => row.channelId);
  }

  async setSelectedSpace(id: number, spaceId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ selectedSpaceId: spaceId, updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  async setAvailability(id: number, isAvailable: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ isAvailable, updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  // ---- the team: reads -----------------------------------------------------------------------------------------

  /** The company's users by name, case aside. */
  listTeam(companyId: number): Promise<TeamUserRow[]> {
    return teamUserQuery(this.db)
      .where('u.companyId', '=', companyId)
      .orderBy((eb) => eb.fn('lower', ['u.name']))
      .orderBy('u.id')
      .execute();
  }

  teamUser(companyId: number, id: number): Promise<TeamUserRow | undefined> {
    return teamUserQuery(this.db)
      .where('u.id', '=', id)
      .where('u.companyId', '=', companyId)
      .executeTakeFirst();
  }

  /** A user of the company (another company's reads as missing). */
  teamTarget(companyId: number, id: number): Promise<TeamTargetRow | undefined> {
    return teamTargetQuery(this.db)
      .where('u.id', '=', id)
      .where('u.companyId', '=', companyId)
      .executeTakeFirst();
  }

  /** The roles of the listed users of the company, with their permissions. */
  rolesOfUsers(
    companyId: number,
    ids: number[],
  ): Promise<Array<{ roleName: string; rolePermissions: string[] }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.roleId')
      .select(['r.name as roleName', permissionsOfRole.as('rolePermissions')])
      .where('u.id', 'in', ids)
      .where('u.companyId', '=', companyId)
      .execute();
  }

  /** A role of the company (another company's reads as missing). */
  role(companyId: number, id: number): Promise<RoleWithPermissions | undefined> {
    return this.db
      .selectFrom('roles as r')
      .select(['r.id', 'r.name', permissionsOfRole.as('permissions')])
      .where('r.id', '=', id)
      .where('r.companyId', '=', companyId)
      .executeTakeFirst();
  }

  /** How many of `ids` (repetitions aside) belong to the company in `table`. */
  async countOwned(table: OwnedTable, companyId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await this.db
      .selectFrom(table as 'users')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('id', 'in', ids)
      .where('companyId', '=', companyId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /** The choices of the team form: roles (with permissions), spaces, locations, categories, the company's zone. */
  async formChoices(companyId: number) {
    const [roles, spaces, locations, categories, company] = await Promise.all([
      this.db
        .selectFrom('roles as r')
        .select(['r.id', 'r.name', permissionsOfRole.as('permissions')])
        .where('r.companyId', '=', companyId)
        .orderBy('r.name')
        .orderBy('r.id')
        .execute(),
      this.db
        .selectFrom('spaces')
        .select(['id', 'name', 'isDefault', 'isGroup', 'imageUrl'])
        .where('companyId', '=', companyId)
        .orderBy('isDefault', 'desc')
        .orderBy('name')
        .execute(),
      this.db
        .selectFrom('locations')
        .select(['id', 'name'])
        .where('companyId', '=', companyId)
        .orderBy('name')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('companyId', '=', companyId)
        .orderBy('name')
        .orderBy('id')
        .execute(),
      this.db.selectFrom('companies').select('timezone').where('id', '=', companyId).executeTakeFirst(),
    ]);
    return { roles, spaces, locations, categories, timezone: company?.timezone };
  }

  /** 02 §6 the seats: undefined for an unknown company. */
  seats(companyId: number): Promise<SeatCounts | undefined> {
    return this.seatsQuery(this.db, companyId).executeTakeFirst();
  }

  /**
   * The seats, counted under a lock on the company row that lasts until the transaction ends: two admins adding
   * the last seat at the same moment count one after the other.
   */
  async lockedSeats(trx: Executor, companyId: number): Promise<SeatCounts | undefined> {
    await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().execute();
    return this.seatsQuery(trx, companyId).executeTakeFirst();
  }

  private seatsQuery(db: Executor, companyId: number) {
    return db
      .selectFrom('companies as c')
      .select((eb) => [
        'c.plan',
        'c.usersLimit',
        'c.adminsLimit',
        eb
          .selectFrom('users as u')
          .select((sub) => sub.cast<number>(sub.fn.countAll(), 'integer').as('n'))
          .whereRef('u.companyId', '=', 'c.id')
          .$asScalar()
          .$notNull()
          .as('users'),
        eb
          .selectFrom('users as u')
          .innerJoin('roles as r', 'r.id', 'u.roleId')
          .select((sub) => sub.cast<number>(sub.fn.countAll(), 'integer').as('n'))
          .whereRef('u.companyId', '=', 'c.id')
          .where('r.name', 'in', [ROLE_NAMES.admin, ROLE_NAMES.superadmin])
          .$asScalar()
          .$notNull()
          .as('admins'),
      ])
      .where('c.id', '=', companyId);
  }

  // ---- the team: writes ----------------------------------------------------------------------------------------

  async insert(db: Executor, user: NewUser): Promise<number> {
    const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(db: Executor, id: number, changes: UserChanges): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...changes, updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Adds the spaces to the user's (those already there stay). */
  async addSpaces(db: Executor, userId: number, spaceIds: number[]): Promise<void> {
    if (spaceIds.length === 0) return;
    await db
      .insertInto('user_spaces')
      .values(spaceIds.map((spaceId) => ({ userId, spaceId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The user's spaces become exactly `spaceIds`. */
  async setSpaces(db: Executor, userId: number, spaceIds: number[]): Promise<void> {
    let stale = db.deleteFrom('user_spaces').where('userId', '=', userId);
    if (spaceIds.length > 0) stale = stale.where('spaceId', 'not in', spaceIds);
    await stale.execute();
    await this.addSpaces(db, userId, spaceIds);
  }

  async addCategories(db: Executor, userId: number, categoryIds: number[]): Promise<void> {
    if (categoryIds.length === 0) return;
    await db
      .insertInto('user_categories')
      .values(categoryIds.map((categoryId) => ({ userId, categoryId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The user's categories become exactly `categoryIds`. */
  async setCategories(db: Executor, userId: number, categoryIds: number[]): Promise<void> {
    let stale = db.deleteFrom('user_categories').where('userId', '=', userId);
    if (categoryIds.length > 0) stale = stale.where('categoryId', 'not in', categoryIds);
    await stale.execute();
    await this.addCategories(db, userId, categoryIds);
  }

  /** The user's working hours, created or replaced whole. */
  async setWorkingHours(db: Executor, userId: number, hours: WorkingHours): Promise<void> {
    const values = { timezone: hours.timezone, isActive: hours.isActive, days: jsonb(hours.days) };
    await db
      .insertInto('user_working_hours')
      .values({ userId, ...values })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ ...values, updatedAt: sql<Date>`now()` }))
      .execute();
  }

  /** The user's conversations (assigned, or administered as a group) go back to the company's unassigned pool. */
  async releaseConversations(db: Executor, companyId: number, userId: number): Promise<void> {
    await db
      .updateTable('clients')
      .set({ agentId: null, updatedAt: sql<Date>`now()` })
      .where('companyId', '=', companyId)
      .where('agentId', '=', userId)
      .execute();
    await db
      .updateTable('clients')
      .set({ groupAdminId: null, updatedAt: sql<Date>`now()` })
      .where('companyId', '=', companyId)
      .where('groupAdminId', '=', userId)
      .execute();
  }

  /** Nobody of the company administers the user any longer; answers the users whose isAdminOfIds changed. */
  async removeAdministered(db: Executor, companyId: number, userId: number): Promise<number[]> {
    const rows = await db
      .updateTable('users')
      .set({ isAdminOfIds: sql<number[]>`array_remove("isAdminOfIds", ${userId}::int)` })
      .where('companyId', '=', companyId)
      .where(sql<boolean>`${userId}::int = ANY("isAdminOfIds")`)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async delete(db: Executor, id: number): Promise<void> {
    await db.deleteFrom('users').where('id', '=', id).execute();
  }
}

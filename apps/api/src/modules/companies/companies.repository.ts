import type { CompanySettings, Plan } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { Companies } from '../../database/schema';
import { isUniqueViolation } from '../../database/unique-name';

export type CompanyRow = Selectable<Companies>;
export type NewCompany = Pick<Insertable<Companies>, 'name' | 'status' | 'expirationDate' | 'isBoardsActive'>;
export type CompanyProfilePatch = Pick<Updateable<Companies>, 'name' | 'timezone'>;

/** The companies table (02 §3 Company): the tenant, its profile and its settings. */
@Injectable()
export class CompaniesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Whether another company (not `exceptId`) already has the name, case aside. */
  async nameTaken(name: string, exceptId: number | null = null, db: Executor = this.db): Promise<boolean> {
    let query = db
      .selectFrom('companies')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])));
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  insert(db: Executor, company: NewCompany): Promise<CompanyRow> {
    return db.insertInto('companies').values(company).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * 02 §3: the tag every company starts with (reassignment files conversations under it), in the caller's
   * transaction; nothing when its key exists.
   */
  async insertDefaultTag(
    db: Executor,
    tag: { companyId: number; name: string; color: string; key: string },
  ): Promise<void> {
    await db
      .insertInto('tags')
      .values({ ...tag, isDefault: true })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  findById(id: number): Promise<CompanyRow | undefined> {
    return this.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async count(db: Executor = this.db): Promise<number> {
    const row = await db
      .selectFrom('companies')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async setTwoFactorPolicy(id: number, hasUsed2FA: boolean): Promise<void> {
    await this.db
      .updateTable('companies')
      .set({ hasUsed2FA, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** What the company bought: its plan and the seats and conversations the team screens and inbox enforce. */
  async setPlan(
    db: Executor,
    id: number,
    plan: { plan: Plan; usersLimit?: number; conversationsLimit?: number },
  ): Promise<void> {
    await db
      .updateTable('companies')
      .set({ ...plan, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Seats bought: how many users and admins the company may have (null: the plan's default). */
  async setTeamLimits(
    db: Executor,
    id: number,
    limits: { usersLimit: number | null; adminsLimit: number | null },
  ): Promise<void> {
    await db.updateTable('companies').set(limits).where('id', '=', id).execute();
  }

  /** The stored settings, the row locked until the caller's transaction ends; undefined: no such company. */
  async lockSettings(trx: Executor, id: number): Promise<Partial<CompanySettings> | undefined> {
    const row = await trx
      .selectFrom('companies')
      .select('settings')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row ? (row.settings ?? {}) : undefined;
  }

  async writeSettings(db: Executor, id: number, settings: Partial<CompanySettings>): Promise<void> {
    await db
      .updateTable('companies')
      .set({ settings: jsonb(settings), updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** False when the name is taken (the unique index, when a racing rename got there first). */
  async updateProfile(id: number, patch: CompanyProfilePatch): Promise<boolean> {
    try {
      await this.db
        .updateTable('companies')
        .set({ ...patch, updatedAt: sql`now()` })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Which of these tag ids are the company's (issue 17: the disable-bot tags must be). */
  async ownTagIds(db: Executor, companyId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('tags')
      .select('id')
      .where('companyId', '=', companyId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((row) => row.id);
  }

  /** The company's users, who reload the company when it changes. */
  async memberIds(companyId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').where('companyId', '=', companyId).execute();
    return rows.map((row) => row.id);
  }
}

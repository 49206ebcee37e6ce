import { PERMISSION_NAMES, ROLE_NAMES } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { Roles } from '../../database/schema';

export type RoleRow = Selectable<Roles>;

/** A role as the administration lists it (02 §5): its permission names and how many users hold it. */
export interface RoleView {
  id: number;
  name: string;
  /** Unique per company: the company id and the lower-case name (02 §3 Role.key). */
  key: string;
  companyId: number;
  permissions: string[];
  userCount: number;
  isSuperadmin: boolean;
  isAdmin: boolean;
}

/** The roles, permissions and role_permissions tables (01 §6): a company's roles and what each may do. */
@Injectable()
export class RolesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Every permission of 01 §6 exists afterwards (idempotent). */
  async ensurePermissions(db: Executor = this.db): Promise<void> {
    await db
      .insertInto('permissions')
      .values(PERMISSION_NAMES.map((name) => ({ name })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** 02 §3 Permission {id, name}: every permission, by name. */
  permissions(): Promise<Array<{ id: number; name: string }>> {
    return this.db.selectFrom('permissions').select(['id', 'name']).orderBy('name').execute();
  }

  /** A role with the named permissions (unknown names are skipped), in the caller's transaction. */
  async insertWithPermissions(
    db: Executor,
    role: { companyId: number; name: string; key: string },
    permissions: readonly string[],
  ): Promise<RoleRow> {
    const saved = await db.insertInto('roles').values(role).returningAll().executeTakeFirstOrThrow();
    await this.grant(db, saved.id, permissions);
    return saved;
  }

  private async grant(db: Executor, roleId: number, permissions: readonly string[]): Promise<void> {
    if (permissions.length === 0) return;
    await db
      .insertInto('role_permissions')
      .columns(['roleId', 'permissionId'])
      .expression((eb) =>
        eb
          .selectFrom('permissions')
          .select([eb.cast<number>(eb.val(roleId), 'integer').as('roleId'), 'id as permissionId'])
          .where('name', 'in', [...permissions]),
      )
      .execute();
  }

  private views(db: Executor = this.db) {
    return db.selectFrom('roles as r').select((eb) => [
      'r.id',
      'r.name',
      'r.key',
      'r.companyId',
      sql<string[]>`coalesce((SELECT array_agg(p.name ORDER BY p.name) FROM role_permissions rp
        JOIN permissions p ON p.id = rp."permissionId" WHERE rp."roleId" = r.id), '{}')`.as('permissions'),
      sql<number>`(SELECT count(*)::int FROM users u WHERE u."roleId" = r.id)`.as('userCount'),
      eb('r.name', '=', ROLE_NAMES.superadmin).$castTo<boolean>().as('isSuperadmin'),
      eb('r.name', 'in', [ROLE_NAMES.admin, ROLE_NAMES.superadmin]).$castTo<boolean>().as('isAdmin'),
    ]);
  }

  /** The company's roles in creation order. */
  list(companyId: number): Promise<RoleView[]> {
    return this.views().where('r.companyId', '=', companyId).orderBy('r.id').execute();
  }

  find(id: number): Promise<RoleView | undefined> {
    return this.views().where('r.id', '=', id).executeTakeFirst();
  }

  /**
   * A new role with its permissions, in one transaction. Undefined when the key (company and name) is taken,
   * also by a racing twin.
   */
  create(role: { companyId: number; name: string; key: string }, permissions: readonly string[]) {
    return this.db.transaction().execute(async (trx): Promise<number | undefined> => {
      const saved = await trx
        .insertInto('roles')
        .values(role)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!saved) return undefined;
      await this.grant(trx, saved.id, permissions);
      return saved.id;
    });
  }

  /**
   * Renames the role and replaces its permissions, in one transaction. False, with nothing changed, when another
   * role has the key.
   */
  update(
    id: number,
    change: { name: string; key: string },
    permissions: readonly string[],
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const renamed = await trx
        .updateTable('roles')
        .set(change)
        .where('id', '=', id)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('roles as o')
                .select(sql`1`.as('one'))
                .where('o.key', '=', change.key)
                .where('o.id', '<>', id),
            ),
          ),
        )
        .returning('id')
        .executeTakeFirst();
      if (!renamed) return false;
      await trx.deleteFrom('role_permissions').where('roleId', '=', id).execute();
      await this.grant(trx, id, permissions);
      return true;
    });
  }

  /** The users who hold the role. */
  async holderIds(roleId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('users').select('id').where('roleId', '=', roleId).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Deletes the role unless a user holds it: the check and the delete in one statement, so a user given the
   * role meanwhile keeps it from going. False when it stayed.
   */
  async deleteUnassigned(id: number): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('roles as r')
      .where('r.id', '=', id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('users as u').select('u.id').whereRef('u.roleId', '=', 'r.id'))),
      )
      .returning('r.id')
      .executeTakeFirst();
    return deleted !== undefined;
  }
}

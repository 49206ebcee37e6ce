import type { Database } from '../../src/database/kysely';

/**
 * Fixtures for the users and auth repository tests: roles with permissions, users, spaces, of one test company.
 * Every name and e-mail carries the company id, so tests sharing the database never collide.
 */

export async function createRole(
  db: Database,
  companyId: number,
  name: string,
  permissions: string[] = [],
): Promise<number> {
  const role = await db
    .insertInto('roles')
    .values({ companyId, name, key: `${companyId}:${name}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const permission of permissions) {
    await db
      .insertInto('permissions')
      .values({ name: permission })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const { id } = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', permission)
      .executeTakeFirstOrThrow();
    await db.insertInto('role_permissions').values({ roleId: role.id, permissionId: id }).execute();
  }
  return role.id;
}

let counter = 0;
export async function createUser(
  db: Database,
  companyId: number,
  roleId: number,
  fields: { name?: string; email?: string; isAdminOfIds?: number[] } = {},
): Promise<{ id: number; email: string }> {
  counter += 1;
  const email = fields.email ?? `u${counter}-${companyId}-${process.pid}@medium.test`;
  const row = await db
    .insertInto('users')
    .values({
      companyId,
      roleId,
      name: fields.name ?? `Usuario ${counter}`,
      email,
      passwordHash: 'x',
      isAdminOfIds: fields.isAdminOfIds ?? [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

export async function createSpace(
  db: Database,
  companyId: number,
  name: string,
  isDefault = false,
): Promise<number> {
  const row = await db
    .insertInto('spaces')
    .values({ companyId, name, isDefault })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

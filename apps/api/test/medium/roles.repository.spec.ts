import { ROLE_NAMES } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { RolesRepository } from '../../src/modules/roles/roles.repository';
import { createTestCompany, testDatabase } from './database';

const db = testDatabase();
const roles = new RolesRepository(db);

const key = (companyId: number, name: string) => `${companyId}:${name}`;

async function role(companyId: number, name: string, permissions: string[]) {
  return roles.insertWithPermissions(db, { companyId, name, key: key(companyId, name) }, permissions);
}

async function addUser(companyId: number, roleId: number): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      companyId,
      roleId,
      name: 'U',
      email: `roles-${companyId}-${roleId}-${Math.random()}@test.local`,
      passwordHash: 'x',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('RolesRepository', () => {
  it('creates the permissions once, however often it is asked', async () => {
    await roles.ensurePermissions();
    await roles.ensurePermissions();
    const rows = await db.selectFrom('permissions').select('name').where('name', '=', 'readChat').execute();
    expect(rows).toHaveLength(1);
  });

  it('lists only the company’s roles, in creation order, with sorted permissions, holders and admin flags', async () => {
    await roles.ensurePermissions();
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const superadmin = await role(company, ROLE_NAMES.superadmin, ['writeRols', 'readChat']);
    const agent = await role(company, 'Ventas', ['readChat', 'notAPermission']);
    await role(other, 'Ventas', ['readChat']);
    await addUser(company, agent.id);
    await addUser(company, agent.id);
    expect(await roles.list(company)).toEqual([
      {
        id: superadmin.id,
        name: ROLE_NAMES.superadmin,
        key: `${company}:${ROLE_NAMES.superadmin}`,
        companyId: company,
        permissions: ['readChat', 'writeRols'],
        userCount: 0,
        isSuperadmin: true,
        isAdmin: true,
      },
      {
        id: agent.id,
        name: 'Ventas',
        key: `${company}:Ventas`,
        companyId: company,
        permissions: ['readChat'],
        userCount: 2,
        isSuperadmin: false,
        isAdmin: false,
      },
    ]);
    expect(await roles.find(agent.id)).toMatchObject({ companyId: company, userCount: 2 });
    expect(await roles.find(-1)).toBeUndefined();
  });

  it('creates a name once per company, also when two creations race', async () => {
    await roles.ensurePermissions();
    const company = await createTestCompany(db);
    const ids = await Promise.all(
      [1, 2, 3].map(() =>
        roles.create({ companyId: company, name: 'Soporte', key: key(company, 'Soporte') }, ['readChat']),
      ),
    );
    expect(ids.filter((id) => id !== undefined)).toHaveLength(1);
    const listed = await roles.list(company);
    expect(listed.map((r) => [r.name, r.permissions])).toEqual([['Soporte', ['readChat']]]);
  });

  it('renames and replaces the permissions unless another role has the key, then changes nothing', async () => {
    await roles.ensurePermissions();
    const company = await createTestCompany(db);
    const a = await role(company, 'A', ['readChat', 'readTags']);
    await role(company, 'B', ['readChat']);
    expect(await roles.update(a.id, { name: 'B', key: key(company, 'B') }, ['readChat'])).toBe(false);
    expect(await roles.find(a.id)).toMatchObject({ name: 'A', permissions: ['readChat', 'readTags'] });
    expect(await roles.update(a.id, { name: 'C', key: key(company, 'C') }, ['readChat', 'writeTags'])).toBe(
      true,
    );
    expect(await roles.find(a.id)).toMatchObject({ name: 'C', permissions: ['readChat', 'writeTags'] });
  });

  it('deletes a role only while nobody holds it, and names its holders', async () => {
    await roles.ensurePermissions();
    const company = await createTestCompany(db);
    const held = await role(company, 'Held', ['readChat']);
    const free = await role(company, 'Free', ['readChat']);
    const user = await addUser(company, held.id);
    expect(await roles.holderIds(held.id)).toEqual([user]);
    expect(await roles.deleteUnassigned(held.id)).toBe(false);
    expect(await roles.find(held.id)).toBeDefined();
    expect(await roles.deleteUnassigned(free.id)).toBe(true);
    expect(await roles.find(free.id)).toBeUndefined();
  });

  it('writes a default role and its permissions inside the caller’s transaction', async () => {
    await roles.ensurePermissions();
    const company = await createTestCompany(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await roles.insertWithPermissions(trx, { companyId: company, name: 'X', key: key(company, 'X') }, [
          'readChat',
        ]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await roles.list(company)).toEqual([]);
  });
});

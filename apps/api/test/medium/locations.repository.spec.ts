import { describe, expect, it } from 'vitest';
import { LocationsRepository } from '../../src/modules/locations/locations.repository';
import { createTestCompany, testDatabase } from './database';
import { createRole, createUser } from './people';

const db = testDatabase();
const locations = new LocationsRepository(db);

async function created(companyId: number, name: string): Promise<number> {
  const id = await locations.create(companyId, name);
  if (id === undefined) throw new Error('seed failed');
  return id;
}

describe('LocationsRepository', () => {
  it('creates a name once per company, case aside, and lists by name with the users at each', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const norte = await created(company, 'Norte');
    expect(await locations.create(company, 'NORTE')).toBeUndefined();
    expect(await locations.create(other, 'norte')).toEqual(expect.any(Number));
    const centro = await created(company, 'Centro');
    const role = await createRole(db, company, 'Agente');
    const user = await createUser(db, company, role);
    await db.updateTable('users').set({ locationId: norte }).where('id', '=', user.id).execute();
    expect(await locations.list(company)).toEqual([
      { id: centro, name: 'Centro', companyId: company, userCount: 0 },
      { id: norte, name: 'Norte', companyId: company, userCount: 1 },
    ]);
    expect(await locations.byId(norte)).toEqual({
      id: norte,
      name: 'Norte',
      companyId: company,
      userCount: 1,
    });
    expect(await locations.companyOf(norte)).toBe(company);
    expect(await locations.companyOf(-1)).toBeUndefined();
  });

  it('keeps one of racing creations of the same name', async () => {
    const company = await createTestCompany(db);
    const results = await Promise.all([1, 2, 3, 4].map(() => locations.create(company, 'Sur')));
    expect(results.filter((id) => id !== undefined)).toHaveLength(1);
    expect(await locations.list(company)).toHaveLength(1);
  });

  it('renames unless another location has the name', async () => {
    const company = await createTestCompany(db);
    const a = await created(company, 'A');
    await created(company, 'B');
    expect(await locations.rename(company, a, 'b')).toBeUndefined();
    expect(await locations.rename(company, a, 'a')).toBe(a);
    expect((await locations.byId(a))?.name).toBe('a');
  });

  it('deletes a location and leaves its users without one', async () => {
    const company = await createTestCompany(db);
    const location = await created(company, 'Borrar');
    const role = await createRole(db, company, 'Agente');
    const user = await createUser(db, company, role);
    await db.updateTable('users').set({ locationId: location }).where('id', '=', user.id).execute();
    await locations.delete(company, location);
    const row = await db
      .selectFrom('users')
      .select('locationId')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(row?.locationId).toBeNull();
    expect(await locations.companyOf(location)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { SpacesRepository } from '../../src/modules/spaces/spaces.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel } from './fixtures';
import { createSpace } from './people';

const db = testDatabase();
const spaces = new SpacesRepository(db);

const space = (companyId: number, name: string, isDefault = false) =>
  createSpace(db, companyId, name, isDefault);
const channel = (companyId: number) => createChannel(db, companyId, { platform: 'sandbox' });

async function user(
  companyId: number,
  roleName: string,
  spaceIds: number[],
  selectedSpaceId: number | null = null,
): Promise<number> {
  const role = await db
    .insertInto('roles')
    .values({ companyId, name: roleName, key: `${companyId}:${roleName}` })
    .onConflict((oc) => oc.column('key').doUpdateSet({ name: roleName }))
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('users')
    .values({
      companyId,
      roleId: role.id,
      name: 'U',
      email: `spaces-${companyId}-${Math.random()}@test.local`,
      passwordHash: 'x',
      selectedSpaceId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const spaceId of spaceIds)
    await db.insertInto('user_spaces').values({ userId: row.id, spaceId }).execute();
  return row.id;
}

const linked = async (spaceId: number) =>
  (
    await db
      .selectFrom('space_channels')
      .select('channelId')
      .where('spaceId', '=', spaceId)
      .orderBy('channelId')
      .execute()
  ).map((r) => r.channelId);

describe('SpacesRepository', () => {
  it('lists the company’s spaces default first, then by name; the usable ones by membership or for everyone', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const ventas = await space(company, 'Ventas');
    const general = await space(company, 'General', true);
    const atencion = await space(company, 'Atención');
    const foreign = await space(other, 'Ajeno');
    expect((await spaces.listForCompany(company)).map((s) => s.id)).toEqual([general, atencion, ventas]);
    const member = await user(company, 'agente', [ventas]);
    expect(await spaces.usableIds(company, member, false)).toEqual([ventas]);
    expect(await spaces.usableIds(company, member, true)).toEqual([general, atencion, ventas]);
    expect(await spaces.belongsToAnotherCompany(foreign, company)).toBe(true);
    expect(await spaces.belongsToAnotherCompany(ventas, company)).toBe(false);
    expect(await spaces.belongsToAnotherCompany(-1, company)).toBe(false);
    expect((await spaces.findByIds([ventas, foreign])).map((s) => s.id).sort()).toEqual(
      [ventas, foreign].sort(),
    );
    expect(await spaces.findByIds([])).toEqual([]);
  });

  it('finds a taken name the way the unique index does (case and outer spaces aside), except its own', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const ventas = await space(company, 'Ventas');
    expect(await spaces.nameTaken(company, ' VENTAS ', null)).toBe(true);
    expect(await spaces.nameTaken(company, 'ventas', ventas)).toBe(false);
    expect(await spaces.nameTaken(other, 'Ventas', null)).toBe(false);
  });

  it('creates a space with its channels; of two racing twins the unique index keeps one', async () => {
    const company = await createTestCompany(db);
    const [a, b] = [await channel(company), await channel(company)];
    const id = await spaces.create({ companyId: company, name: 'Soporte', imageUrl: null }, [a, b]);
    expect(await linked(id)).toEqual([a, b].sort((x, y) => x - y));
    const results = await Promise.allSettled(
      ['Norte', 'NORTE', ' norte'].map((name) =>
        spaces.create({ companyId: company, name, imageUrl: null }, [a]),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(2);
    expect(refused.map((r) => (r as PromiseRejectedResult).reason.constraint)).toEqual([
      'UQ_spaces_company_lower_name',
      'UQ_spaces_company_lower_name',
    ]);
  });

  it('updates the name and replaces the channel list only when one is given', async () => {
    const company = await createTestCompany(db);
    const [a, b, c] = [await channel(company), await channel(company), await channel(company)];
    const id = await spaces.create({ companyId: company, name: 'Sur', imageUrl: null }, [a, b]);
    await spaces.update(id, { name: 'Sur 2', imageUrl: '/x.png' }, null);
    expect(await linked(id)).toEqual([a, b]);
    await spaces.update(id, { name: 'Sur 3', imageUrl: null }, [b, c]);
    expect(await linked(id)).toEqual([b, c]);
    expect(await spaces.findById(id)).toMatchObject({ name: 'Sur 3', imageUrl: null, isDefault: false });
    expect(await spaces.channelOwners([a, -1])).toEqual([{ id: a, companyId: company }]);
  });

  it('deletes a space: lone members and selections go to the default space, album files are answered', async () => {
    const company = await createTestCompany(db);
    const general = await space(company, 'General', true);
    const other = await space(company, 'Otro');
    const doomed = await space(company, 'Cerrar');
    const lone = await user(company, 'agente', [doomed], doomed);
    const both = await user(company, 'agente', [doomed, other], other);
    const album = await db
      .insertInto('albums')
      .values({ companyId: company, spaceId: doomed, name: 'A', nameKey: 'a', isRoot: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('files')
      .values([
        {
          companyId: company,
          albumId: album.id,
          name: 'f',
          nameKey: 'f',
          fileType: 'image',
          storageKey: 'k/1',
        },
        {
          companyId: company,
          albumId: album.id,
          name: 'g',
          nameKey: 'g',
          fileType: 'image',
          storageKey: null,
        },
      ])
      .execute();
    expect(await spaces.delete(company, doomed)).toEqual(['k/1']);
    expect(await spaces.findById(doomed)).toBeUndefined();
    const memberships = await db
      .selectFrom('user_spaces')
      .select(['userId', 'spaceId'])
      .where('userId', 'in', [lone, both])
      .orderBy('userId')
      .orderBy('spaceId')
      .execute();
    expect(memberships).toEqual([
      { userId: lone, spaceId: general },
      { userId: both, spaceId: other },
    ]);
    const selected = await db
      .selectFrom('users')
      .select(['id', 'selectedSpaceId'])
      .where('id', 'in', [lone, both])
      .orderBy('id')
      .execute();
    expect(selected).toEqual([
      { id: lone, selectedSpaceId: general },
      { id: both, selectedSpaceId: other },
    ]);
  });

  it('deletes nothing when the company has no default space', async () => {
    const company = await createTestCompany(db);
    const lone = await space(company, 'Solo');
    expect(await spaces.delete(company, lone)).toBeNull();
    expect(await spaces.findById(lone)).toBeDefined();
  });
});

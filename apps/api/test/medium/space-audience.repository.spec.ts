import { describe, expect, it } from 'vitest';
import { SpaceAudienceRepository } from '../../src/modules/space-audience/space-audience.repository';
import { createTestCompany, testDatabase } from './database';
import { createRole, createSpace, createUser } from './people';

const db = testDatabase();
const audience = new SpaceAudienceRepository(db);

async function channel(companyId: number, spaceId: number): Promise<number> {
  const row = await db
    .insertInto('channels')
    .values({ companyId, name: 'c', platform: 'sandbox', providerId: `aud-${companyId}-${Math.random()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('space_channels').values({ spaceId, channelId: row.id }).execute();
  return row.id;
}

/** A user of the role, member of `spaceIds`, with `selected` as their selected space. */
async function member(
  companyId: number,
  roleId: number,
  spaceIds: number[],
  selected: number | null = null,
): Promise<number> {
  const { id } = await createUser(db, companyId, roleId);
  await db.updateTable('users').set({ selectedSpaceId: selected }).where('id', '=', id).execute();
  for (const spaceId of spaceIds)
    await db.insertInto('user_spaces').values({ userId: id, spaceId }).execute();
  return id;
}

const byId = (rows: Array<{ id: number; roleName: string }>) => [...rows].sort((x, y) => x.id - y.id);

describe('SpaceAudienceRepository', () => {
  it('hears a change: members and selectors of the spaces, or of the spaces holding the channels', async () => {
    const company = await createTestCompany(db);
    const [agente, groupadmin] = [
      await createRole(db, company, 'agente'),
      await createRole(db, company, 'groupadmin'),
    ];
    const a = await createSpace(db, company, 'A');
    const b = await createSpace(db, company, 'B');
    const ch = await channel(company, b);
    const ofA = await member(company, agente, [a]);
    const selector = await member(company, groupadmin, [], a);
    const ofB = await member(company, agente, [b]);
    await member(company, agente, []);
    expect(byId(await audience.members(company, { spaceIds: [a] }))).toEqual([
      { id: ofA, roleName: 'agente' },
      { id: selector, roleName: 'groupadmin' },
    ]);
    expect(await audience.members(company, { channelIds: [ch] })).toEqual([{ id: ofB, roleName: 'agente' }]);
    expect(byId(await audience.members(company, { spaceIds: [a], channelIds: [ch] }))).toEqual([
      { id: ofA, roleName: 'agente' },
      { id: selector, roleName: 'groupadmin' },
      { id: ofB, roleName: 'agente' },
    ]);
    expect(await audience.members(company, {})).toEqual([]);
  });

  it('hears nobody of another company, even a member of the same space ids', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const space = await createSpace(db, company, 'A');
    await member(other, await createRole(db, other, 'agente'), [], space);
    expect(await audience.members(other, { spaceIds: [space] })).toHaveLength(1);
    expect(await audience.members(company, { spaceIds: [space] })).toEqual([]);
  });
});

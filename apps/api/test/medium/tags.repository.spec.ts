import { describe, expect, it } from 'vitest';
import { TagsRepository } from '../../src/modules/tags/tags.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel, createConversation } from './fixtures';
import { createRole, createUser } from './people';

const db = testDatabase();
const tags = new TagsRepository(db);

const tag = (companyId: number, name: string, color = '#aaaaaa') => ({
  name,
  color,
  key: `${companyId}:${name.toLowerCase()}`,
});

const client = (companyId: number, channelId: number, lastUpdate: Date) =>
  createConversation(db, companyId, channelId, { lastUpdate });

async function created(companyId: number, name: string, limit = 50): Promise<number> {
  const row = await tags.create(companyId, tag(companyId, name), limit);
  if (row.id === null) throw new Error('seed failed');
  return row.id;
}

describe('TagsRepository', () => {
  it('creates a key once, and refuses past the limit saying the company is full', async () => {
    const company = await createTestCompany(db);
    expect((await tags.create(company, tag(company, 'Uno'), 2)).id).toEqual(expect.any(Number));
    expect(await tags.create(company, tag(company, 'uno'), 2)).toEqual({ id: null, full: false });
    expect((await tags.create(company, tag(company, 'Dos'), 2)).id).toEqual(expect.any(Number));
    expect(await tags.create(company, tag(company, 'Tres'), 2)).toEqual({ id: null, full: true });
  });

  it('lets only one of racing creations take the last free place', async () => {
    // Without the company lock nearly every round lets several through (each counts before the others commit).
    for (let round = 0; round < 5; round++) {
      const company = await createTestCompany(db);
      const results = await Promise.all(
        ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((name) => tags.create(company, tag(company, name), 1)),
      );
      expect(results.filter((r) => r.id !== null)).toHaveLength(1);
      expect(results.filter((r) => r.full)).toHaveLength(7);
      expect(await tags.list(company)).toHaveLength(1);
    }
  });

  it('lists the company tags, predefined first then by name, with how many conversations carry each', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const b = await created(company, 'beta');
    const a = await created(company, 'Alfa');
    await db
      .insertInto('tags')
      .values({
        companyId: company,
        name: 'Reasignada',
        color: '#000000',
        key: `${company}:reasignada`,
        isDefault: true,
      })
      .execute();
    await created(other, 'Alfa');
    const ch = await createChannel(db, company);
    const c1 = await client(company, ch, new Date());
    const c2 = await client(company, ch, new Date());
    await db
      .insertInto('client_tags')
      .values([
        { clientId: c1, tagId: a },
        { clientId: c2, tagId: a },
        { clientId: c1, tagId: b },
      ])
      .execute();
    const list = await tags.list(company);
    expect(list.map((t) => [t.name, t.isDefault, t.clientCount])).toEqual([
      ['Reasignada', true, 0],
      ['Alfa', false, 2],
      ['beta', false, 1],
    ]);
    expect(await tags.byId(a)).toMatchObject({ id: a, name: 'Alfa', clientCount: 2 });
    expect(await tags.owner(a)).toEqual({ id: a, companyId: company, isDefault: false });
  });

  it('renames unless another tag has the key', async () => {
    const company = await createTestCompany(db);
    const a = await created(company, 'A');
    await created(company, 'B');
    expect(await tags.update(a, tag(company, 'b'))).toBe(false);
    expect(await tags.update(a, { ...tag(company, 'a'), color: '#bbbbbb' })).toBe(true);
    expect(await tags.byId(a)).toMatchObject({ name: 'a', color: '#bbbbbb' });
  });

  it('answers tagged conversations newest first, up to the limit, and counts per channel', async () => {
    const company = await createTestCompany(db);
    const t = await created(company, 'T');
    const u = await created(company, 'U');
    const ch1 = await createChannel(db, company);
    const ch2 = await createChannel(db, company);
    const old = await client(company, ch1, new Date('2024-01-01'));
    const recent = await client(company, ch1, new Date('2024-06-01'));
    const middle = await client(company, ch2, new Date('2024-03-01'));
    await db
      .insertInto('client_tags')
      .values([old, recent, middle].map((clientId) => ({ clientId, tagId: t })))
      .execute();
    expect(await tags.taggedConversations(t, 10)).toEqual([recent, middle, old]);
    expect(await tags.taggedConversations(t, 2)).toEqual([recent, middle]);
    expect(await tags.countByChannel(company, ch1)).toEqual([
      { id: t, name: 'T', color: '#aaaaaa', count: 2 },
      { id: u, name: 'U', color: '#aaaaaa', count: 0 },
    ]);
    await tags.delete(t);
    expect(await tags.byId(t)).toBeUndefined();
    expect(await db.selectFrom('client_tags').select('clientId').where('tagId', '=', t).execute()).toEqual(
      [],
    );
  });

  it('lists the whole team or only the caller for the agent filter', async () => {
    const company = await createTestCompany(db);
    const role = await createRole(db, company, 'Agente');
    const bea = await createUser(db, company, role, { name: 'Bea' });
    const ana = await createUser(db, company, role, { name: 'Ana' });
    const other = await createTestCompany(db);
    await createUser(db, other, await createRole(db, other, 'Agente'), { name: 'Aaron' });
    expect((await tags.agents(company, true, bea.id)).map((a) => [a.id, a.name, a.roleName])).toEqual([
      [ana.id, 'Ana', 'Agente'],
      [bea.id, 'Bea', 'Agente'],
    ]);
    expect((await tags.agents(company, false, bea.id)).map((a) => a.id)).toEqual([bea.id]);
  });
});

import { describe, expect, it } from 'vitest';
import { insertNamed, nameIsFree, unlessTaken } from '../../src/database/unique-name';
import { createTestCompany, testDatabase } from './database';

const db = testDatabase();

const rename = (companyId: number, id: number, name: string) =>
  unlessTaken(
    db
      .updateTable('locations')
      .set({ name })
      .where('id', '=', id)
      .where(nameIsFree(db, { table: 'locations', companyId, name }, id))
      .returning('name')
      .executeTakeFirst(),
  );

async function inserted(companyId: number, name: string): Promise<number> {
  const row = await unlessTaken(
    insertNamed(db, 'locations', companyId, name).returning('id').executeTakeFirst(),
  );
  if (!row) throw new Error('seed failed');
  return row.id;
}

describe('unique names per company', () => {
  it('takes a name case aside within the company only, the renamed row aside', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const mine = await inserted(company, 'Centro');
    await inserted(other, 'Norte');
    expect(
      await insertNamed(db, 'locations', company, 'CENTRO').returning('id').executeTakeFirst(),
    ).toBeUndefined();
    expect(await rename(company, mine, 'norte')).toEqual({ name: 'norte' });
    expect(await rename(company, mine, 'NORTE')).toEqual({ name: 'NORTE' });
    await inserted(company, 'Sur');
    expect(await rename(company, mine, 'sur')).toBeUndefined();
  });

  it('compares by key where the table has one, the renamed row aside', async () => {
    const company = await createTestCompany(db);
    const tag = (name: string) => ({ companyId: company, name, color: '#000000', key: `${company}:${name}` });
    const rows = await db
      .insertInto('tags')
      .values([tag('a'), tag('b')])
      .returning('id')
      .execute();
    const [a, b] = rows.map((row) => row.id);
    const free = (key: string, exceptId: number) =>
      db
        .selectNoFrom((eb) => eb.and([nameIsFree(db, { table: 'tags', key }, exceptId)]).as('free'))
        .executeTakeFirstOrThrow()
        .then((row) => row.free);
    expect(await free(`${company}:a`, a)).toBe(true);
    expect(await free(`${company}:a`, b)).toBe(false);
    expect(await free(`${company}:c`, b)).toBe(true);
  });

  it('answers undefined for a unique violation only, and passes other errors on', async () => {
    const company = await createTestCompany(db);
    await inserted(company, 'Doble');
    // The raw unique index (companyId, name) refuses what the check would have: the racing twin's case.
    const twin = db.insertInto('locations').values({ companyId: company, name: 'Doble' }).returning('id');
    await expect(unlessTaken(twin.executeTakeFirst())).resolves.toBeUndefined();
    const orphan = db.insertInto('locations').values({ companyId: -1, name: 'Nadie' }).returning('id');
    await expect(unlessTaken(orphan.executeTakeFirst())).rejects.toMatchObject({ code: '23503' });
  });
});

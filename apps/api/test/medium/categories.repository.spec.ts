import { describe, expect, it } from 'vitest';
import { CategoriesRepository } from '../../src/modules/categories/categories.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel, createConversation } from './fixtures';

const db = testDatabase();
const categories = new CategoriesRepository(db);

describe('CategoriesRepository', () => {
  it('creates a name once per company, case aside, and lists by name', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    expect(await categories.create(company, 'Ventas')).toMatchObject({ name: 'Ventas' });
    expect(await categories.create(company, 'VENTAS')).toBeUndefined();
    expect(await categories.create(other, 'ventas')).toMatchObject({ name: 'ventas' });
    await categories.create(company, 'Atención');
    expect((await categories.list(company)).map((c) => c.name)).toEqual(['Atención', 'Ventas']);
  });

  it('keeps one of two racing creations of the same name', async () => {
    const company = await createTestCompany(db);
    const results = await Promise.all([1, 2, 3, 4].map(() => categories.create(company, 'Soporte')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await categories.list(company)).toHaveLength(1);
  });

  it('renames unless another category has the name, and reports the owner company', async () => {
    const company = await createTestCompany(db);
    const a = await categories.create(company, 'A');
    const b = await categories.create(company, 'B');
    if (!a || !b) throw new Error('seed failed');
    expect(await categories.rename(company, a.id, 'b')).toBeUndefined();
    expect(await categories.rename(company, a.id, 'a')).toEqual({ id: a.id, name: 'a' });
    expect(await categories.companyOf(a.id)).toBe(company);
    expect(await categories.companyOf(-1)).toBeUndefined();
  });

  it('deletes a category and leaves its conversations uncategorised', async () => {
    const company = await createTestCompany(db);
    const category = await categories.create(company, 'Borrar');
    if (!category) throw new Error('seed failed');
    const channel = await createChannel(db, company);
    const client = await createConversation(db, company, channel, { categoryId: category.id });
    expect(await categories.conversationIds(company, category.id, 10)).toEqual([client]);
    await categories.delete(company, category.id);
    const row = await db
      .selectFrom('clients')
      .select('categoryId')
      .where('id', '=', client)
      .executeTakeFirst();
    expect(row?.categoryId).toBeNull();
    expect(await categories.companyOf(category.id)).toBeUndefined();
  });
});

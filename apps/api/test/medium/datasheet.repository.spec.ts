import { describe, expect, it } from 'vitest';
import { DatasheetRepository } from '../../src/modules/datasheet/datasheet.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel, createConversation } from './fixtures';

const db = testDatabase();
const datasheet = new DatasheetRepository(db);

const field = (
  companyId: number,
  name: string,
  type: 'string' | 'list' = 'string',
  options: string[] = [],
) => ({
  name,
  type,
  options,
  key: `${companyId}:${name.toLowerCase()}`,
});

async function created(
  companyId: number,
  name: string,
  type: 'string' | 'list' = 'string',
  options: string[] = [],
) {
  const id = await datasheet.create(companyId, field(companyId, name, type, options));
  if (id === undefined) throw new Error('seed failed');
  return id;
}

async function conversation(companyId: number): Promise<number> {
  return createConversation(db, companyId, await createChannel(db, companyId));
}

describe('DatasheetRepository', () => {
  it('creates a key once, keeps list options as a JSON array, and lists predefined fields first', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const color = await created(company, 'Color', 'list', ['Rojo', 'Azul']);
    expect(await datasheet.create(company, field(company, 'color'))).toBeUndefined();
    await created(other, 'Color');
    await db
      .insertInto('datasheet_fields')
      .values({ companyId: company, name: 'RFC', type: 'string', key: `${company}:rfc`, isDefault: true })
      .execute();
    const notes = await created(company, 'Notas');
    const list = await datasheet.list(company);
    expect(list.map((f) => f.name)).toEqual(['RFC', 'Color', 'Notas']);
    expect(await datasheet.byId(color)).toEqual({
      id: color,
      name: 'Color',
      type: 'list',
      options: ['Rojo', 'Azul'],
      isDefault: false,
      key: `${company}:color`,
      companyId: company,
    });
    const stored = await db
      .selectFrom('datasheet_fields')
      .select((eb) => eb.fn<string>('jsonb_typeof', ['options']).as('kind'))
      .where('id', '=', color)
      .executeTakeFirstOrThrow();
    expect(stored.kind).toBe('array');
    expect(await datasheet.rules(notes)).toMatchObject({ companyId: company, type: 'string', options: [] });
  });

  it('renames unless another field has the key', async () => {
    const company = await createTestCompany(db);
    const a = await created(company, 'A');
    await created(company, 'B');
    expect(await datasheet.update(a, field(company, 'b'))).toBe(false);
    expect(await datasheet.update(a, field(company, 'Lista', 'list', ['x']))).toBe(true);
    expect(await datasheet.byId(a)).toMatchObject({ name: 'Lista', type: 'list', options: ['x'] });
  });

  it('upserts one value per conversation and field, lists them in field order, and finds values out of the options', async () => {
    const company = await createTestCompany(db);
    const list = await created(company, 'Talla', 'list', ['S', 'M', 'L']);
    const text = await created(company, 'Apodo');
    const client = await conversation(company);
    const other = await conversation(company);
    expect(await datasheet.hasValues(list)).toBe(false);
    await datasheet.saveValue(client, text, 'Pepe');
    const first = await datasheet.saveValue(client, list, 'S');
    const second = await datasheet.saveValue(client, list, 'M');
    expect(second).toEqual({
      id: first?.id,
      clientId: client,
      fieldId: list,
      fieldName: 'Talla',
      value: 'M',
      key: `${company}:talla`,
    });
    await datasheet.saveValue(other, list, 'L');
    expect((await datasheet.values(client)).map((v) => [v.fieldName, v.value])).toEqual([
      ['Talla', 'M'],
      ['Apodo', 'Pepe'],
    ]);
    expect(await datasheet.hasValues(list)).toBe(true);
    expect(await datasheet.valueOutside(list, ['S', 'M', 'L'])).toBeUndefined();
    expect(await datasheet.valueOutside(list, ['S', 'M'])).toBe('L');
    await datasheet.deleteValue(client, list);
    expect((await datasheet.values(client)).map((v) => v.fieldName)).toEqual(['Apodo']);
    await datasheet.delete(text);
    expect(await datasheet.values(client)).toEqual([]);
    expect(await datasheet.byId(text)).toBeUndefined();
  });
});

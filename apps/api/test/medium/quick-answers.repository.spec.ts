import { describe, expect, it } from 'vitest';
import {
  QuickAnswersRepository,
  SHORTCUT_TAKEN,
} from '../../src/modules/quick-answers/quick-answers.repository';
import { createTestCompany, testDatabase } from './database';
import { createSpace } from './people';

const db = testDatabase();
const answers = new QuickAnswersRepository(db);

const FILE = { url: 'https://cdn.test/x.pdf', name: 'Catálogo.pdf', fileType: 'DOCUMENT', weight: 10 };

async function created(companyId: number, spaceId: number, shortcut: string, text = '') {
  const row = await answers.create(companyId, spaceId, { shortcut, text, file: null });
  if (row === SHORTCUT_TAKEN) throw new Error('seed failed');
  return row;
}

describe('QuickAnswersRepository', () => {
  it('lists a space by creation date either way, and searches shortcut, text and file name', async () => {
    const company = await createTestCompany(db);
    const space = await createSpace(db, company, 'Ventas');
    const otherSpace = await createSpace(db, company, 'Soporte');
    const hola = await created(company, space, 'hola', 'Buenos días');
    const precio = await answers.create(company, space, { shortcut: 'precio', text: '', file: FILE });
    await created(company, otherSpace, 'hola2', 'días');
    if (precio === SHORTCUT_TAKEN) throw new Error('seed failed');
    expect(precio.file).toEqual(FILE);
    expect((await answers.list(company, space, '', 'desc')).map((a) => a.id)).toEqual([precio.id, hola.id]);
    expect((await answers.list(company, space, '', 'asc')).map((a) => a.id)).toEqual([hola.id, precio.id]);
    expect((await answers.list(company, space, 'días', 'desc')).map((a) => a.id)).toEqual([hola.id]);
    expect((await answers.list(company, space, 'catálogo', 'desc')).map((a) => a.id)).toEqual([precio.id]);
    expect(await answers.list(company + 1_000_000, space, '', 'desc')).toEqual([]);
    expect(hola).toMatchObject({
      shortcut: 'hola',
      frecuency: 0,
      lastUse: null,
      createdAt: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(hola.createdAt))).toBe(false);
    expect(await answers.byId(hola.id)).toEqual({ ...hola, companyId: company });
  });

  it('tells a shortcut taken in the space whatever its case, and the unique index refuses a racing twin', async () => {
    const company = await createTestCompany(db);
    const space = await createSpace(db, company, 'Ventas');
    const other = await createSpace(db, company, 'Otro');
    const hola = await created(company, space, 'Hola');
    expect(await answers.shortcutTaken(space, 'HOLA', null)).toBe(true);
    expect(await answers.shortcutTaken(space, 'hola', hola.id)).toBe(false);
    expect(await answers.shortcutTaken(other, 'hola', null)).toBe(false);
    expect(await answers.create(company, space, { shortcut: 'hOLA', text: 'x', file: null })).toBe(
      SHORTCUT_TAKEN,
    );
    const adios = await created(company, space, 'adios');
    expect(await answers.update(company, adios.id, { shortcut: 'HOLA', text: 'x', file: null })).toBe(
      SHORTCUT_TAKEN,
    );
  });

  it('updates and deletes only within the company', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const space = await createSpace(db, company, 'Ventas');
    const answer = await created(company, space, 'a');
    expect(await answers.update(other, answer.id, { shortcut: 'b', text: '', file: null })).toBeUndefined();
    expect(await answers.update(company, answer.id, { shortcut: 'b', text: 't', file: FILE })).toMatchObject({
      shortcut: 'b',
      text: 't',
      file: FILE,
    });
    await answers.delete(other, answer.id);
    expect(await answers.byId(answer.id)).toBeDefined();
    await answers.delete(company, answer.id);
    expect(await answers.byId(answer.id)).toBeUndefined();
  });

  it('counts a use only of an answer in the given spaces', async () => {
    const company = await createTestCompany(db);
    const space = await createSpace(db, company, 'Ventas');
    const answer = await created(company, space, 'uso');
    expect(await answers.markUsed(company, answer.id, [])).toBeUndefined();
    expect(await answers.markUsed(company, answer.id, [space + 1_000_000])).toBeUndefined();
    const used = await answers.markUsed(company, answer.id, [space]);
    expect(used).toMatchObject({ id: answer.id, frecuency: 1, lastUse: expect.any(String) });
    expect((await answers.markUsed(company, answer.id, [space]))?.frecuency).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { AlbumsRepository, type MediaPage } from '../../src/modules/multimedia/albums.repository';
import { createTestCompany, testDatabase } from './database';
import { createSpace } from './people';

const db = testDatabase();
const albums = new AlbumsRepository(db);
// files.createdById keeps who uploaded, without a foreign key.
const USER = 1;

const page = (fields: Partial<MediaPage> = {}): MediaPage => ({
  search: '',
  order: 'creationDate',
  skip: 0,
  take: 20,
  ...fields,
});

async function album(companyId: number, spaceId: number, name: string, parentId: number | null = null) {
  const id = await albums.createAlbum({ companyId, spaceId, parentId, name, nameKey: name.toLowerCase() });
  if (id === undefined) throw new Error('seed failed');
  return id;
}

const upload = (name: string, fileType = 'IMAGE', storageKey: string | null = `key/${name}`) => ({
  name,
  nameKey: name.toLowerCase(),
  fileType,
  mimeType: 'image/png',
  weight: 10,
  storageKey,
});

async function setup() {
  const company = await createTestCompany(db);
  const space = await createSpace(db, company, 'Ventas');
  return { company, space };
}

describe('AlbumsRepository', () => {
  it('lists root albums or sub-albums with their counts, cover and parent, paged, sorted and searched', async () => {
    const { company, space } = await setup();
    const other = await createSpace(db, company, 'Otro');
    const a = await album(company, space, 'Zapatos');
    const b = await album(company, space, 'Bolsas');
    await album(company, other, 'Ajeno');
    const sub = await album(company, space, 'Verano', a);
    const files = await albums.insertFiles(company, a, USER, []);
    expect(files).toEqual([]);
    const stored = await albums.insertFiles(company, a, USER, [
      upload('uno.png'),
      upload('dos.png'),
      upload('doc.pdf', 'DOCUMENT'),
    ]);
    if (!Array.isArray(stored)) throw new Error('seed failed');
    const root = await albums.list(company, space, null, page());
    expect(root.total).toBe(2);
    expect(root.items.map((i) => i.id)).toEqual([b, a]);
    expect(root.items[1]).toMatchObject({
      name: 'Zapatos',
      isRoot: true,
      parentName: null,
      albumsCount: 1,
      filesCount: 3,
      coverFileId: stored[1].id,
      createdAt: expect.any(String),
    });
    expect(root.items[0]).toMatchObject({ albumsCount: 0, filesCount: 0, coverFileId: null });
    expect((await albums.list(company, space, null, page({ order: 'name' }))).items.map((i) => i.id)).toEqual(
      [b, a],
    );
    const second = await albums.list(company, space, null, page({ order: 'name', skip: 1, take: 1 }));
    expect(second).toEqual({ total: 2, items: [expect.objectContaining({ id: a })] });
    expect(await albums.list(company, space, null, page({ search: 'zap' }))).toMatchObject({
      total: 1,
      items: [{ id: a }],
    });
    const children = await albums.list(company, space, a, page());
    expect(children.items).toEqual([
      expect.objectContaining({ id: sub, parentName: 'Zapatos', isRoot: false }),
    ]);
    expect(await albums.list(company + 1_000_000, space, null, page())).toEqual({ total: 0, items: [] });
  });

  it('tells a name taken among siblings, and the unique index refuses a racing twin', async () => {
    const { company, space } = await setup();
    const a = await album(company, space, 'Fotos');
    expect(await albums.albumNameTaken(space, null, 'fotos')).toBe(true);
    expect(await albums.albumNameTaken(space, a, 'fotos')).toBe(false);
    await album(company, space, 'Fotos', a);
    expect(await albums.albumNameTaken(space, a, 'fotos')).toBe(true);
    expect(
      await albums.createAlbum({
        companyId: company,
        spaceId: space,
        parentId: null,
        name: 'FOTOS',
        nameKey: 'fotos',
      }),
    ).toBeUndefined();
  });

  it('deletes an album with its sub-albums and files, answering their stored keys', async () => {
    const { company, space } = await setup();
    const a = await album(company, space, 'Raíz');
    const sub = await album(company, space, 'Hijo', a);
    const keep = await album(company, space, 'Otro');
    await albums.insertFiles(company, a, USER, [upload('a.png')]);
    await albums.insertFiles(company, sub, USER, [upload('b.png')]);
    await albums.insertVideoUrl(company, sub, USER, {
      name: 'video',
      nameKey: 'video',
      url: 'https://fb.test/v',
    });
    await albums.insertFiles(company, keep, USER, [upload('c.png')]);
    expect(await albums.deleteAlbum(company + 1_000_000, a)).toEqual(['key/a.png', 'key/b.png']);
    expect(await albums.access(a)).toBeDefined();
    expect((await albums.deleteAlbum(company, a)).sort()).toEqual(['key/a.png', 'key/b.png']);
    expect(await albums.access(a)).toBeUndefined();
    expect(await albums.access(sub)).toBeUndefined();
    expect(await db.selectFrom('files').select('id').where('albumId', 'in', [a, sub]).execute()).toEqual([]);
    expect((await albums.listFiles(keep, page())).total).toBe(1);
  });

  it('records uploads all or none, and says why a file insert was refused', async () => {
    const { company, space } = await setup();
    const a = await album(company, space, 'Fotos');
    expect(await albums.insertFiles(company, a, USER, [upload('x.png'), upload('X.PNG')])).toBe('duplicated');
    expect(await albums.listFiles(a, page())).toEqual({ total: 0, items: [] });
    const stored = await albums.insertFiles(company, a, USER, [upload('x.png'), upload('y.png')]);
    if (!Array.isArray(stored)) throw new Error('seed failed');
    expect(stored[0]).toMatchObject({
      albumId: a,
      name: 'x.png',
      storageKey: 'key/x.png',
      createdAt: expect.any(String),
    });
    expect(await albums.fileNamesTaken(a, ['x.png', 'z.png'])).toEqual(['x.png']);
    expect(
      await albums.insertVideoUrl(company, a, USER, {
        name: 'y.png',
        nameKey: 'y.png',
        url: 'https://fb.test',
      }),
    ).toBe('duplicated');
    expect(await albums.insertFiles(company, 2_000_000_000, USER, [upload('z.png')])).toBe('album-gone');
    const listed = await albums.listFiles(a, page({ order: 'name' }));
    expect(listed.items.map((f) => f.name)).toEqual(['x.png', 'y.png']);
    expect((await albums.listFiles(a, page({ search: 'y.' }))).items.map((f) => f.name)).toEqual(['y.png']);
    expect(await albums.file(stored[0].id)).toMatchObject({
      id: stored[0].id,
      spaceId: space,
      companyId: company,
    });
    await albums.deleteFile(company + 1_000_000, stored[0].id);
    expect(await albums.file(stored[0].id)).toBeDefined();
    await albums.deleteFile(company, stored[0].id);
    expect(await albums.file(stored[0].id)).toBeUndefined();
  });
});

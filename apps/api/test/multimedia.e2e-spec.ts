import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config';
import { type FakeS3, startFakeS3 } from './fake-s3';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);
const mp4 = (size: number) => {
  const body = Buffer.alloc(size);
  Buffer.from([0, 0, 0, 0x18]).copy(body, 0);
  Buffer.from('ftypisom').copy(body, 4);
  return body;
};

interface Album {
  id: number;
  name: string;
  spaceId: number;
  parentId: number | null;
  parentName: string | null;
  isRoot: boolean;
  createdAt: string;
  albumsCount: number;
  filesCount: number;
  coverFileId: number | null;
}

interface AlbumFile {
  id: number;
  albumId: number;
  name: string;
  fileType: string;
  mimeType: string | null;
  url: string;
  weight: number | null;
  isExternal: boolean;
}

interface Upload {
  body: Buffer;
  name: string;
  type?: string;
}

const ALBUMS = `query($spaceId: Int, $parentId: Int, $search: String, $order: String, $skip: Int, $take: Int) {
  albums(spaceId: $spaceId, parentId: $parentId, search: $search, order: $order, skip: $skip, take: $take) {
    total items { id name spaceId parentId parentName isRoot createdAt albumsCount filesCount coverFileId }
  }
}`;
const FILES = `query($albumId: Int!, $search: String, $order: String, $skip: Int, $take: Int) {
  albumFiles(albumId: $albumId, search: $search, order: $order, skip: $skip, take: $take) {
    total items { id albumId name fileType mimeType url weight isExternal createdAt }
  }
}`;

const run = `${process.pid}${Date.now() % 100000}`;

function createAlbum(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.http.post('/api/createAlbum').set('Authorization', `Bearer ${token}`).send(body);
}

function upload(t: TestApp, token: string, albumId: number | string, files: Upload[]) {
  const req = t.http
    .put('/api/uploadFile')
    .set('Authorization', `Bearer ${token}`)
    .field('albumId', String(albumId));
  for (const file of files)
    req.attach('files', file.body, {
      filename: file.name,
      contentType: file.type ?? 'application/octet-stream',
    });
  return req;
}

function content(t: TestApp, token: string | null, url: string) {
  const req = t.http.get(url).buffer(true);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req;
}

async function albums(t: TestApp, token: string, vars: Record<string, unknown> = {}) {
  const res = await gql<{ albums: { total: number; items: Album[] } }>(t, token, ALBUMS, vars);
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.albums;
}

async function files(t: TestApp, token: string, vars: Record<string, unknown>) {
  const res = await gql<{ albumFiles: { total: number; items: AlbumFile[] } }>(t, token, FILES, vars);
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.albumFiles;
}

describe('multimedia on local disk', () => {
  let t: TestApp;
  let ds: TestSql;
  let dataDir: string;
  let admin: string;
  let agente: string;
  let otra: string;
  let demoCompanyId: number;

  beforeAll(async () => {
    t = await startTestApp();
    ds = testSql();
    dataDir = t.app.get<AppConfig>(APP_CONFIG).dataDir;
    admin = await login(t, 'admin@demo.local');
    agente = await login(t, 'agente@demo.local');
    otra = await login(t, 'admin@otra.local');
    [{ id: demoCompanyId }] = await ds.query(`SELECT id FROM companies WHERE name = 'Demo'`);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('albums', () => {
    it('creates an album in the selected space, ignoring a companyId in the body', async () => {
      const res = await createAlbum(t, admin, { name: `  Catálogo ${run} `, companyId: 999999 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: `Catálogo ${run}`,
        isRoot: true,
        parentId: null,
        albumsCount: 0,
        filesCount: 0,
        coverFileId: null,
      });
      const [row] = await ds.query(`SELECT "companyId" FROM albums WHERE id = $1`, [res.body.id]);
      expect(row.companyId).toBe(demoCompanyId);
      const listed = await albums(t, admin, { search: `catálogo ${run}` });
      expect(listed.items.map((a) => a.id)).toEqual([res.body.id]);
    });

    it('refuses a name already used by a sibling (ERROR_DUPLICATED_ALBUM), allows it one level down', async () => {
      const root = (await createAlbum(t, admin, { name: `Ropa ${run}` })).body as Album;
      const again = await createAlbum(t, admin, { name: `ROPA ${run}` });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        code: 'ERROR_DUPLICATED_ALBUM',
        field: 'name',
        userMessage: 'Ya existe un álbum con ese nombre.',
      });
      const child = await createAlbum(t, admin, { name: `Ropa ${run}`, parentId: root.id });
      expect(child.status).toBe(200);
      expect(child.body).toMatchObject({ isRoot: false, parentId: root.id, parentName: `Ropa ${run}` });
      const twin = await createAlbum(t, admin, { name: `ropa ${run}`, parentId: root.id });
      expect(twin.body.code).toBe('ERROR_DUPLICATED_ALBUM');
      const deeper = await createAlbum(t, admin, { name: 'Nieto', parentId: child.body.id });
      expect(deeper.status).toBe(400);
      expect(deeper.body).toMatchObject({
        field: 'parentId',
        userMessage: 'Un subálbum no puede contener otros álbumes.',
      });
      const parent = await gql<{ album: Album }>(
        t,
        admin,
        'query($id: Int!) { album(id: $id) { albumsCount } }',
        {
          id: root.id,
        },
      );
      expect(parent.data?.album.albumsCount).toBe(1);
    });

    it('answers a missing or bad name and a bad parent with 400 and the field', async () => {
      const empty = await createAlbum(t, admin, { name: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({ field: 'name', userMessage: 'Nombre obligatorio' });
      const missing = await createAlbum(t, admin, {});
      expect(missing.body).toMatchObject({ field: 'name', userMessage: 'Nombre obligatorio' });
      const long = await createAlbum(t, admin, { name: 'x'.repeat(101) });
      expect(long.body).toMatchObject({
        field: 'name',
        userMessage: 'El nombre no debe exceder los 100 caracteres',
      });
      const badParent = await createAlbum(t, admin, { name: 'Hijo', parentId: 'abc' });
      expect(badParent.body).toMatchObject({ field: 'parentId', userMessage: 'Álbum inválido' });
      const noParent = await createAlbum(t, admin, { name: 'Hijo', parentId: 99999999 });
      expect(noParent.status).toBe(404);
      expect(noParent.body.field).toBe('parentId');
    });

    it('creates through GraphQL too, and lists with search, order and pages', async () => {
      const tag = `pag${run}`;
      for (const name of [`${tag} c`, `${tag} a`, `${tag} b`]) {
        const res = await gql(t, admin, 'mutation($name: String!) { createAlbum(name: $name) { id } }', {
          name,
        });
        expect(res.errors).toBeUndefined();
      }
      const byDate = await albums(t, admin, { search: tag });
      expect(byDate.items.map((a) => a.name)).toEqual([`${tag} b`, `${tag} a`, `${tag} c`]);
      const byName = await albums(t, admin, { search: tag, order: 'name', take: 2 });
      expect(byName.total).toBe(3);
      expect(byName.items.map((a) => a.name)).toEqual([`${tag} a`, `${tag} b`]);
      const second = await albums(t, admin, { search: tag, order: 'name', take: 2, skip: 2 });
      expect(second.items.map((a) => a.name)).toEqual([`${tag} c`]);
      const bad = await gql(t, admin, ALBUMS, { order: 'size' });
      expect(bad.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'order' });
    });
  });

  describe('files', () => {
    let album: Album;

    beforeAll(async () => {
      album = (await createAlbum(t, admin, { name: `Archivos ${run}` })).body as Album;
    });

    it('uploads several files, typed from their content, stored privately and served to the company only', async () => {
      const res = await upload(t, admin, album.id, [
        { body: PNG, name: 'foto año.png', type: 'image/png' },
        // A wrong declared type does not matter: the bytes say PDF.
        { body: PDF, name: 'lista.pdf', type: 'application/octet-stream' },
      ]);
      expect(res.status).toBe(200);
      const [png, pdf] = res.body.files as AlbumFile[];
      expect(png).toMatchObject({
        name: 'foto año.png',
        fileType: 'IMAGE',
        mimeType: 'image/png',
        weight: PNG.length,
        isExternal: false,
        url: `/api/multimedia/files/${png.id}/content`,
      });
      expect(pdf).toMatchObject({ fileType: 'DOCUMENT', mimeType: 'application/pdf', weight: PDF.length });

      const got = await content(t, admin, png.url);
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-disposition']).toContain("filename*=UTF-8''foto%20a%C3%B1o.png");
      expect(Buffer.compare(got.body as Buffer, PNG)).toBe(0);
      const byAgent = await content(t, agente, pdf.url);
      expect(byAgent.status).toBe(200);
      expect(byAgent.headers['content-disposition']).toMatch(/^attachment/);

      expect((await content(t, null, png.url)).status).toBe(401);
      const foreign = await content(t, otra, png.url);
      expect(foreign.status).toBe(403);

      // Kept outside the public /uploads area, so no URL reaches it without a session.
      const [row] = await ds.query(`SELECT "storageKey" FROM files WHERE id = $1`, [png.id]);
      expect(row.storageKey).toMatch(new RegExp(`^private/albums/${demoCompanyId}/[\\w-]{20,}\\.png$`));
      expect(readFileSync(join(dataDir, row.storageKey)).equals(PNG)).toBe(true);
      expect((await t.http.get(`/uploads/${row.storageKey}`)).status).toBe(404);
      // serve-static refuses a path that climbs out of its root.
      expect([403, 404]).toContain((await t.http.get(`/uploads/../${row.storageKey}`)).status);

      const listed = await albums(t, admin, { search: `archivos ${run}` });
      expect(listed.items[0]).toMatchObject({ filesCount: 2, coverFileId: png.id });
    });

    it('enforces the upload rules of 01 §5 on the server and stores nothing when one file fails', async () => {
      const before = (await files(t, admin, { albumId: album.id })).total;
      const disguised = await upload(t, admin, album.id, [
        { body: EXE, name: 'foto.png', type: 'image/png' },
      ]);
      expect(disguised.status).toBe(400);
      expect(disguised.body).toMatchObject({ field: 'files', userMessage: 'Tipo de archivo no permitido' });
      const empty = await upload(t, admin, album.id, [{ body: Buffer.alloc(0), name: 'vacio.pdf' }]);
      expect(empty.body).toMatchObject({ field: 'files', userMessage: 'Archivo vacío o corrupto' });
      const video = await upload(t, admin, album.id, [
        { body: mp4(15_000_001), name: 'video.mp4', type: 'video/mp4' },
      ]);
      expect(video.body).toMatchObject({
        field: 'files',
        userMessage: 'Archivo demasiado grande (máximo 15 MB)',
      });
      const mixed = await upload(t, admin, album.id, [
        { body: PDF, name: `bueno-${run}.pdf` },
        { body: EXE, name: 'malo.exe' },
        { body: Buffer.alloc(0), name: 'vacio.png' },
      ]);
      expect(mixed.status).toBe(400);
      expect(mixed.body.userMessage).toBe('Algunos archivos no son válidos: malo.exe, vacio.png');
      const eleven = await upload(
        t,
        admin,
        album.id,
        Array.from({ length: 11 }, (_, i) => ({ body: PDF, name: `doc-${i}.pdf` })),
      );
      expect(eleven.status).toBe(400);
      expect(eleven.body).toMatchObject({ field: 'files', userMessage: 'Límite de 10 archivos excedido' });
      const none = await t.http
        .put('/api/uploadFile')
        .set('Authorization', `Bearer ${admin}`)
        .send({ albumId: album.id });
      expect(none.body).toMatchObject({ field: 'files', userMessage: 'Adjunta al menos un archivo.' });
      const badAlbum = await upload(t, admin, 'x', [{ body: PDF, name: 'a.pdf' }]);
      expect(badAlbum.body).toMatchObject({ field: 'albumId', userMessage: 'Álbum inválido' });
      expect((await files(t, admin, { albumId: album.id })).total).toBe(before);
      // The spool directory is emptied after every request, refused or not.
      const tmp = join(dataDir, 'tmp', 'uploads');
      expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
    });

    it('accepts exactly 10 files, and refuses names already in the album (ERROR_DUPLICATED_FILE)', async () => {
      const ten = await upload(
        t,
        admin,
        album.id,
        Array.from({ length: 10 }, (_, i) => ({ body: PDF, name: `lote-${i}.pdf` })),
      );
      expect(ten.status).toBe(200);
      expect(ten.body.files).toHaveLength(10);
      const dup = await upload(t, admin, album.id, [
        { body: PDF, name: `nuevo-${run}.pdf` },
        { body: PDF, name: 'LOTE-3.pdf' },
      ]);
      expect(dup.status).toBe(409);
      expect(dup.body).toMatchObject({
        code: 'ERROR_DUPLICATED_FILE',
        userMessage: 'Ya existe un archivo con ese nombre: lote-3.pdf',
      });
      const twice = await upload(t, admin, album.id, [
        { body: PDF, name: `doble-${run}.pdf` },
        { body: PDF, name: `doble-${run}.pdf` },
      ]);
      expect(twice.body.code).toBe('ERROR_DUPLICATED_FILE');
      const names = (await files(t, admin, { albumId: album.id, take: 100 })).items.map((f) => f.name);
      expect(names).not.toContain(`nuevo-${run}.pdf`);
      expect(names).not.toContain(`doble-${run}.pdf`);
    });

    it('adds a video by its Facebook URL and refuses other URLs', async () => {
      const res = await t.http.put('/api/uploadFile').set('Authorization', `Bearer ${admin}`).send({
        albumId: album.id,
        name: 'Lanzamiento',
        url: 'https://www.facebook.com/watch/?v=123',
        fileType: 'VIDEO',
      });
      expect(res.status).toBe(200);
      expect(res.body.files[0]).toMatchObject({
        name: 'Lanzamiento',
        fileType: 'VIDEO',
        isExternal: true,
        url: 'https://www.facebook.com/watch/?v=123',
        weight: null,
      });
      const youtube = await t.http
        .put('/api/uploadFile')
        .set('Authorization', `Bearer ${admin}`)
        .send({ albumId: album.id, name: 'Otro', url: 'https://youtube.com/watch?v=1', fileType: 'VIDEO' });
      expect(youtube.status).toBe(400);
      expect(youtube.body).toMatchObject({ field: 'url', userMessage: 'Debe ser una url de facebook' });
      const image = await t.http
        .put('/api/uploadFile')
        .set('Authorization', `Bearer ${admin}`)
        .send({ albumId: album.id, name: 'Img', url: 'https://facebook.com/x', fileType: 'IMAGE' });
      expect(image.body.field).toBe('fileType');
      const again = await t.http
        .put('/api/uploadFile')
        .set('Authorization', `Bearer ${admin}`)
        .send({ albumId: album.id, name: 'lanzamiento', url: 'https://fb.watch/abc', fileType: 'VIDEO' });
      expect(again.body.code).toBe('ERROR_DUPLICATED_FILE');
    });

    it('lists files with search, order by name or date, and pages', async () => {
      const byName = await files(t, admin, { albumId: album.id, search: 'lote-', order: 'name', take: 4 });
      expect(byName.total).toBe(10);
      expect(byName.items.map((f) => f.name)).toEqual([
        'lote-0.pdf',
        'lote-1.pdf',
        'lote-2.pdf',
        'lote-3.pdf',
      ]);
      const last = await files(t, admin, {
        albumId: album.id,
        search: 'lote-',
        order: 'name',
        take: 4,
        skip: 8,
      });
      expect(last.items.map((f) => f.name)).toEqual(['lote-8.pdf', 'lote-9.pdf']);
      const byDate = await files(t, admin, { albumId: album.id });
      expect(byDate.items[0].name).toBe('Lanzamiento');
    });

    it('removes one file: its row and its stored bytes', async () => {
      const res = await upload(t, admin, album.id, [{ body: PNG, name: `borrar-${run}.png` }]);
      const file = res.body.files[0] as AlbumFile;
      const [row] = await ds.query(`SELECT "storageKey" FROM files WHERE id = $1`, [file.id]);
      expect(existsSync(join(dataDir, row.storageKey))).toBe(true);
      const removed = await t.http
        .delete('/api/removeContent')
        .set('Authorization', `Bearer ${admin}`)
        .send({ fileId: file.id });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ id: file.id });
      expect(existsSync(join(dataDir, row.storageKey))).toBe(false);
      expect((await content(t, admin, file.url)).status).toBe(404);
      const again = await t.http
        .delete('/api/removeContent')
        .set('Authorization', `Bearer ${admin}`)
        .send({ fileId: file.id });
      expect(again.status).toBe(404);
      const bad = await t.http.delete('/api/removeContent').set('Authorization', `Bearer ${admin}`).send({});
      expect(bad.body).toMatchObject({ field: 'fileId', userMessage: 'Archivo inválido' });
    });
  });

  it('deletes an album with its sub-albums and every stored file', async () => {
    const root = (await createAlbum(t, admin, { name: `Borrar ${run}` })).body as Album;
    const sub = (await createAlbum(t, admin, { name: 'Sub', parentId: root.id })).body as Album;
    const a = (await upload(t, admin, root.id, [{ body: PNG, name: 'a.png' }])).body.files[0] as AlbumFile;
    const b = (await upload(t, admin, sub.id, [{ body: PDF, name: 'b.pdf' }])).body.files[0] as AlbumFile;
    const keys: Array<{ storageKey: string }> = await ds.query(
      `SELECT "storageKey" FROM files WHERE id = ANY($1)`,
      [[a.id, b.id]],
    );
    expect(keys.every((k) => existsSync(join(dataDir, k.storageKey)))).toBe(true);
    const res = await t.http
      .delete('/api/deleteAlbum')
      .set('Authorization', `Bearer ${admin}`)
      .send({ albumId: root.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: root.id });
    expect(await ds.query(`SELECT id FROM albums WHERE id = ANY($1)`, [[root.id, sub.id]])).toEqual([]);
    expect(await ds.query(`SELECT id FROM files WHERE id = ANY($1)`, [[a.id, b.id]])).toEqual([]);
    expect(keys.some((k) => existsSync(join(dataDir, k.storageKey)))).toBe(false);
  });

  describe('permissions and tenancy', () => {
    it('lets readMultimedia read and download, and only writeMultimedia create, upload and delete', async () => {
      const album = (await createAlbum(t, admin, { name: `Permisos ${run}` })).body as Album;
      const file = (await upload(t, admin, album.id, [{ body: PNG, name: 'p.png' }])).body
        .files[0] as AlbumFile;
      expect((await albums(t, agente, { search: `permisos ${run}` })).items).toHaveLength(1);
      expect((await files(t, agente, { albumId: album.id })).total).toBe(1);
      expect((await content(t, agente, file.url)).status).toBe(200);

      const denied = [
        await createAlbum(t, agente, { name: `Agente ${run}` }),
        await upload(t, agente, album.id, [{ body: PNG, name: 'q.png' }]),
        await t.http
          .delete('/api/removeContent')
          .set('Authorization', `Bearer ${agente}`)
          .send({ fileId: file.id }),
        await t.http
          .delete('/api/deleteAlbum')
          .set('Authorization', `Bearer ${agente}`)
          .send({ albumId: album.id }),
      ];
      for (const res of denied) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      const gqlDenied = await gql(t, agente, 'mutation { createAlbum(name: "x") { id } }');
      expect(gqlDenied.errors?.[0].extensions.code).toBe('FORBIDDEN');
      expect((await files(t, admin, { albumId: album.id })).total).toBe(1);
    });

    it("refuses another company's albums and files, whatever id is sent, and changes nothing", async () => {
      const album = (await createAlbum(t, admin, { name: `Ajeno ${run}` })).body as Album;
      const file = (await upload(t, admin, album.id, [{ body: PDF, name: 'secreto.pdf' }])).body
        .files[0] as AlbumFile;
      const reads = [
        await gql(t, otra, 'query($id: Int!) { album(id: $id) { id } }', { id: album.id }),
        await gql(t, otra, ALBUMS, { parentId: album.id }),
        await gql(t, otra, ALBUMS, { spaceId: album.spaceId }),
        await gql(t, otra, FILES, { albumId: album.id }),
      ];
      for (const res of reads) expect(res.errors?.[0].extensions.code).toBe('FORBIDDEN');
      const writes = [
        await upload(t, otra, album.id, [{ body: PNG, name: 'x.png' }]),
        await createAlbum(t, otra, { name: 'Intruso', parentId: album.id }),
        await createAlbum(t, otra, { name: 'Intruso', spaceId: album.spaceId }),
        await t.http
          .delete('/api/removeContent')
          .set('Authorization', `Bearer ${otra}`)
          .send({ fileId: file.id }),
        await t.http
          .delete('/api/deleteAlbum')
          .set('Authorization', `Bearer ${otra}`)
          .send({ albumId: album.id }),
      ];
      for (const res of writes) expect(res.status).toBe(403);
      expect((await albums(t, otra)).items.map((a) => a.id)).not.toContain(album.id);
      const still = await files(t, admin, { albumId: album.id });
      expect(still.items.map((f) => f.id)).toEqual([file.id]);
    });

    it('keeps a user who is not admin to their own spaces: another space reads as one that does not exist', async () => {
      const [{ id: roleId }] = await ds.query(
        `INSERT INTO roles ("companyId", name, key) VALUES ($1, $2, $3) RETURNING id`,
        [demoCompanyId, `Medios ${run}`, `${demoCompanyId}-medios ${run}`],
      );
      await ds.query(
        `INSERT INTO role_permissions ("roleId", "permissionId")
         SELECT $1, id FROM permissions WHERE name = ANY($2)`,
        [roleId, ['readMultimedia', 'writeMultimedia']],
      );
      const [{ id: defaultSpaceId }] = await ds.query(
        `SELECT id FROM spaces WHERE "companyId" = $1 AND "isDefault"`,
        [demoCompanyId],
      );
      const email = `medios-${run}@example.com`;
      const [{ id: userId }] = await ds.query(
        `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
         SELECT "companyId", $1, 'Editora de medios', $2, "passwordHash", $3 FROM users WHERE email = 'admin@demo.local'
         RETURNING id`,
        [roleId, email, defaultSpaceId],
      );
      await ds.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2)`, [
        userId,
        defaultSpaceId,
      ]);
      const editor = await login(t, email);
      const [{ id: storeId }] = await ds.query(
        `INSERT INTO spaces ("companyId", name) VALUES ($1, $2) RETURNING id`,
        [demoCompanyId, `Bodega ${run}`],
      );
      // An admin works in every space of the company, member or not.
      const created = await createAlbum(t, admin, { name: `Bodega ${run}`, spaceId: storeId });
      expect(created.status).toBe(200);
      const album = created.body as Album;
      const file = (await upload(t, admin, album.id, [{ body: PNG, name: 'caja.png' }])).body
        .files[0] as AlbumFile;

      const noSpace = { code: 'VALIDATION_ERROR', field: 'spaceId', userMessage: 'El espacio no existe.' };
      expect((await gql(t, editor, ALBUMS, { spaceId: storeId })).errors?.[0].extensions).toMatchObject(
        noSpace,
      );
      expect((await gql(t, editor, ALBUMS, { spaceId: 2_000_000_000 })).errors?.[0].extensions).toMatchObject(
        noSpace,
      );
      const into = await createAlbum(t, editor, { name: 'Colado', spaceId: storeId });
      expect(into.status).toBe(400);
      expect(into.body).toMatchObject(noSpace);

      const noAlbum = { code: 'NOT_FOUND', userMessage: 'El álbum no existe.' };
      const reads = [
        await gql(t, editor, 'query($id: Int!) { album(id: $id) { id } }', { id: album.id }),
        await gql(t, editor, ALBUMS, { parentId: album.id }),
        await gql(t, editor, FILES, { albumId: album.id }),
      ];
      for (const res of reads) expect(res.errors?.[0].extensions).toMatchObject(noAlbum);
      const writes = [
        await upload(t, editor, album.id, [{ body: PNG, name: 'otra.png' }]),
        await createAlbum(t, editor, { name: 'Subálbum', parentId: album.id }),
        await t.http
          .delete('/api/deleteAlbum')
          .set('Authorization', `Bearer ${editor}`)
          .send({ albumId: album.id }),
      ];
      for (const res of writes) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject(noAlbum);
      }
      const removed = await t.http
        .delete('/api/removeContent')
        .set('Authorization', `Bearer ${editor}`)
        .send({ fileId: file.id });
      expect(removed.status).toBe(404);
      expect(removed.body).toMatchObject({
        code: 'NOT_FOUND',
        field: 'fileId',
        userMessage: 'El archivo no existe.',
      });
      expect((await content(t, editor, file.url)).status).toBe(404);
      expect((await albums(t, editor)).items.map((a) => a.id)).not.toContain(album.id);

      const still = await files(t, admin, { albumId: album.id });
      expect(still.items.map((f) => f.id)).toEqual([file.id]);
      expect((await albums(t, admin, { parentId: album.id })).total).toBe(0);
      expect((await content(t, admin, file.url)).status).toBe(200);
    });

    it('answers every multimedia route with 401 without a token', async () => {
      expect((await t.http.post('/api/createAlbum').send({ name: 'x' })).status).toBe(401);
      expect((await t.http.put('/api/uploadFile').send({})).status).toBe(401);
      expect((await t.http.delete('/api/removeContent').send({ fileId: 1 })).status).toBe(401);
      expect((await t.http.delete('/api/deleteAlbum').send({ albumId: 1 })).status).toBe(401);
    });
  });
});

describe('multimedia on S3-compatible storage', () => {
  let s3: FakeS3;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await startTestApp(s3.env);
    admin = await login(t, 'admin@demo.local');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps album files in the private area of the bucket, streams them through the API and deletes them', async () => {
    const album = (await createAlbum(t, admin, { name: `S3 ${run}` })).body as Album;
    const res = await upload(t, admin, album.id, [{ body: PNG, name: 'nube.png', type: 'image/png' }]);
    expect(res.status).toBe(200);
    const file = res.body.files[0] as AlbumFile;
    const [row] = await testSql().query(`SELECT "storageKey" FROM files WHERE id = $1`, [file.id]);
    const stored = s3.objects.get(row.storageKey);
    expect(row.storageKey).toMatch(/^private\/albums\/\d+\//);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.body.equals(PNG)).toBe(true);
    expect(s3.requests.filter((r) => r.key === row.storageKey).every((r) => r.signed)).toBe(true);
    // Not readable from the bucket without credentials.
    const anonymous = await fetch(`${s3.endpoint}/${s3.bucket}/${row.storageKey}`);
    expect(anonymous.status).toBe(403);

    const got = await content(t, admin, file.url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.body as Buffer, PNG)).toBe(0);

    const removed = await t.http
      .delete('/api/removeContent')
      .set('Authorization', `Bearer ${admin}`)
      .send({ fileId: file.id });
    expect(removed.status).toBe(200);
    expect(s3.objects.has(row.storageKey)).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from './fake-s3';
import { gql, login, registerCompany, startTestApp, type TestApp, waitForLockWait } from './helpers';
import { type TestSql, testSql } from './sql';

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

const LIST = `query($spaceId: Int, $order: String, $search: String) {
  quickAnswers(spaceId: $spaceId, order: $order, search: $search) { id spaceId shortcut text file lastUse frecuency createdAt }
}`;

interface Answer {
  id: number;
  spaceId: number;
  shortcut: string;
  text: string;
  file: { name: string; url: string; fileType: string; mimeType: string; weight: number; key: string } | null;
  lastUse: string | null;
  frecuency: number;
  createdAt: string;
}

let t: TestApp;
let ds: TestSql;
let admin: string;
let agente: string;
let otra: string;
let owner: string;
let ownerEmail: string;
let freshCompanyId: number;
let demoSpaceId: number;
let otraSpaceId: number;
const run = `${process.pid}${Date.now() % 100000}`;

/** A user of the fresh company with a role holding only `permissions` (the demo roles stay as seeded). */
async function userWithPermissions(permissions: string[], label: string): Promise<string> {
  const [{ id: roleId }] = await ds.query(
    `INSERT INTO roles ("companyId", name, key) VALUES ($1, $2, $3) RETURNING id`,
    [freshCompanyId, `Rol ${label} ${run}`, `${freshCompanyId}-rol ${label} ${run}`],
  );
  await ds.query(
    `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions WHERE name = ANY($2)`,
    [roleId, permissions],
  );
  const email = `qa-${label}-${run}@example.com`;
  const [{ id: userId, selectedSpaceId }] = await ds.query(
    `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
     SELECT "companyId", $1, $2, $3, "passwordHash", "selectedSpaceId" FROM users WHERE email = $4
     RETURNING id, "selectedSpaceId"`,
    [roleId, `Usuario ${label}`, email, ownerEmail],
  );
  // A role other than admin works in the spaces given to it: this one, the owner's selected (default) space.
  await ds.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2)`, [userId, selectedSpaceId]);
  return login(t, email, 'Segura123');
}

function create(
  token: string,
  fields: Record<string, string>,
  file?: { body: Buffer; name: string; type: string },
) {
  const req = t.http.post('/api/createQuickAnswer').set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (file) req.attach('file', file.body, { filename: file.name, contentType: file.type });
  return req;
}

async function list(token: string, vars: Record<string, unknown> = {}): Promise<Answer[]> {
  const res = await gql<{ quickAnswers: Answer[] }>(t, token, LIST, vars);
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.quickAnswers;
}

beforeAll(async () => {
  t = await startTestApp();
  ds = testSql();
  admin = await login(t, 'admin@demo.local');
  agente = await login(t, 'agente@demo.local');
  otra = await login(t, 'admin@otra.local');
  const [demo] = await ds.query(
    `SELECT s.id AS "spaceId" FROM companies c JOIN spaces s ON s."companyId" = c.id AND s."isDefault"
     WHERE c.name = 'Demo'`,
  );
  demoSpaceId = demo.spaceId;
  const fresh = await registerCompany(t, 'respuestas');
  owner = fresh.token;
  ownerEmail = fresh.email;
  [{ companyId: freshCompanyId }] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [
    ownerEmail,
  ]);
  const [other] = await ds.query(
    `SELECT s.id FROM spaces s JOIN companies c ON c.id = s."companyId" WHERE c.name = 'Otra' AND s."isDefault"`,
  );
  otraSpaceId = other.id;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/createQuickAnswer', () => {
  it('creates an answer with placeholders and a file, stored without the slash, and lists it first', async () => {
    const res = await create(
      admin,
      {
        shortcut: `/promo_${run}`,
        text: 'Hola {{nombre_cliente}}, soy {{nombre_agente}}. Te comparto la foto.',
      },
      { body: PNG, name: 'promoción.png', type: 'image/png' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      shortcut: `promo_${run}`,
      spaceId: demoSpaceId,
      text: 'Hola {{nombre_cliente}}, soy {{nombre_agente}}. Te comparto la foto.',
      frecuency: 0,
      lastUse: null,
      file: { name: 'promoción.png', fileType: 'image', mimeType: 'image/png', weight: PNG.length },
    });
    // Chat media: providers download the file from its public URL, without credentials.
    const path = new URL(res.body.file.url).pathname;
    expect(path).toMatch(/^\/uploads\/\d{4}-\d{2}\/[\w-]{20,}\.png$/);
    expect(res.body.file.key).toBe(path.replace('/uploads/', ''));
    const served = await t.http.get(path).buffer(true);
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);

    const answers = await list(admin);
    expect(answers[0]).toMatchObject({ id: res.body.id, shortcut: `promo_${run}` });
  });

  it('takes JSON without a file, with or without the slash, into a named space of the company', async () => {
    const [{ id: spaceId }] = await ds.query(
      `INSERT INTO spaces ("companyId", name) VALUES ($1, $2) RETURNING id`,
      [freshCompanyId, `Sucursal QA ${run}`],
    );
    const res = await t.http
      .post('/api/createQuickAnswer')
      .set('Authorization', `Bearer ${owner}`)
      .send({ spaceId, shortcut: `horario_${run}`, text: 'Abrimos a las 9.', companyId: 999999 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ spaceId, shortcut: `horario_${run}`, file: null });
    const [{ companyId }] = await ds.query(`SELECT "companyId" FROM quick_answers WHERE id = $1`, [
      res.body.id,
    ]);
    expect(companyId).toBe(freshCompanyId);
    // The same shortcut is free in another space: the owner's selected (default) one.
    const other = await create(owner, { shortcut: `/horario_${run}`, text: 'Otro espacio' });
    expect(other.status).toBe(200);
    expect(other.body.spaceId).not.toBe(spaceId);
    expect((await list(owner, { spaceId })).map((a) => a.shortcut)).toEqual([`horario_${run}`]);
  });

  it('refuses a shortcut already used in the space, whatever its case, and changes nothing', async () => {
    const first = await create(admin, { shortcut: `/dup_${run}`, text: 'Uno' });
    expect(first.status).toBe(200);
    const before = (await list(admin)).length;
    const again = await create(admin, { shortcut: `/DUP_${run}`, text: 'Dos' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'SHORTCUT_ALREADY_EXISTS',
      field: 'shortcut',
      userMessage: 'Ya existe una respuesta rápida con ese atajo.',
    });
    expect((await list(admin)).length).toBe(before);
  });

  it('lets only one of two concurrent creates differing in case through (SHORTCUT_ALREADY_EXISTS)', async () => {
    const shortcut = `carrera_${run}`;
    const results = await Promise.all([
      create(admin, { shortcut: `/${shortcut}`, text: 'Una' }),
      create(admin, { shortcut: `/${shortcut.toUpperCase()}`, text: 'Otra' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body).toMatchObject({
      code: 'SHORTCUT_ALREADY_EXISTS',
      field: 'shortcut',
    });
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM quick_answers WHERE "spaceId" = $1 AND lower(shortcut) = $2`,
      [demoSpaceId, shortcut],
    );
    expect(n).toBe(1);
  });

  it('maps the database refusing a shortcut differing in case to SHORTCUT_ALREADY_EXISTS', async () => {
    // A save in flight in another transaction: invisible to the service's check, so the unique index decides.
    const shortcut = `indice_${run}`;
    const [{ companyId }] = await ds.query(`SELECT "companyId" FROM spaces WHERE id = $1`, [demoSpaceId]);
    const other = await ds.connect();
    try {
      await other.begin();
      await other.query(
        `INSERT INTO quick_answers ("companyId", "spaceId", shortcut, text) VALUES ($1, $2, $3, 'Primero')`,
        [companyId, demoSpaceId, shortcut.toUpperCase()],
      );
      const pending = create(admin, { shortcut: `/${shortcut}`, text: 'Segundo' }).then((res) => res);
      await waitForLockWait(ds);
      await other.commit();
      const res = await pending;
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'SHORTCUT_ALREADY_EXISTS', field: 'shortcut' });
    } finally {
      await other.rollback();
      other.release();
    }
    const rows = await ds.query(
      `SELECT shortcut FROM quick_answers WHERE "spaceId" = $1 AND lower(shortcut) = $2`,
      [demoSpaceId, shortcut],
    );
    expect(rows).toEqual([{ shortcut: shortcut.toUpperCase() }]);
  });

  it('answers bad input with 400, the field and the Spanish message, and stores nothing', async () => {
    const before = (await list(admin)).length;
    const spaces = await create(admin, { shortcut: '/hola mundo', text: 'x' });
    expect(spaces.status).toBe(400);
    expect(spaces.body).toMatchObject({
      field: 'shortcut',
      userMessage: 'No puede contener espacios ni caracteres especiales',
    });
    const missing = await create(admin, { text: 'x' });
    expect(missing.body).toMatchObject({ field: 'shortcut', userMessage: 'Campo obligatorio' });
    const noText = await create(admin, { shortcut: `/vacio_${run}`, text: '   ' });
    expect(noText.body).toMatchObject({ field: 'text', userMessage: 'Campo obligatorio' });
    const long = await create(admin, { shortcut: `/largo_${run}`, text: 'x'.repeat(4097) });
    expect(long.body).toMatchObject({
      field: 'text',
      userMessage: 'El texto no debe exceder los 4096 caracteres',
    });
    const badSpace = await create(admin, { spaceId: 'abc', shortcut: `/esp_${run}`, text: 'x' });
    expect(badSpace.body).toMatchObject({ field: 'spaceId', userMessage: 'Espacio inválido' });
    expect((await list(admin)).length).toBe(before);
  });

  it('reads the file type from its content: an executable named .png is refused', async () => {
    const disguised = await create(
      admin,
      { shortcut: `/virus_${run}`, text: 'x' },
      { body: EXE, name: 'foto.png', type: 'image/png' },
    );
    expect(disguised.status).toBe(400);
    expect(disguised.body).toMatchObject({ field: 'file', userMessage: 'Tipo de archivo no permitido' });
    const empty = await create(
      admin,
      { shortcut: `/vacio2_${run}`, text: 'x' },
      { body: Buffer.alloc(0), name: 'vacio.pdf', type: 'application/pdf' },
    );
    expect(empty.body).toMatchObject({ field: 'file', userMessage: 'Archivo vacío o corrupto' });
    const two = t.http
      .post('/api/createQuickAnswer')
      .set('Authorization', `Bearer ${admin}`)
      .field('shortcut', `/dos_${run}`)
      .field('text', 'x')
      .attach('file', PDF, { filename: 'a.pdf', contentType: 'application/pdf' })
      .attach('file', PDF, { filename: 'b.pdf', contentType: 'application/pdf' });
    expect((await two).body).toMatchObject({
      field: 'file',
      userMessage: 'Solo puedes adjuntar un archivo.',
    });
    const shortcuts = (await list(admin)).map((a) => a.shortcut);
    expect(shortcuts).not.toContain(`virus_${run}`);
    expect(shortcuts).not.toContain(`dos_${run}`);
  });

  it('takes a file alone as the answer, with the display name given', async () => {
    const res = await create(
      admin,
      { shortcut: `/catalogo_${run}`, text: '', fileName: 'Catálogo 2026.pdf' },
      { body: PDF, name: 'cat.pdf', type: 'application/pdf' },
    );
    expect(res.status).toBe(200);
    expect(res.body.file).toMatchObject({
      name: 'Catálogo 2026.pdf',
      fileType: 'document',
      mimeType: 'application/pdf',
    });
  });
});

describe('POST /api/updateQuickAnswer and deleteQuickAnswer', () => {
  it('edits the shortcut, text and file, removes the file, and refuses a shortcut taken', async () => {
    const a = (await create(admin, { shortcut: `/editar_${run}`, text: 'Antes' })).body as Answer;
    await create(admin, { shortcut: `/ocupado_${run}`, text: 'Ocupado' });
    const withFile = await t.http
      .post('/api/updateQuickAnswer')
      .set('Authorization', `Bearer ${admin}`)
      .field('id', String(a.id))
      .field('shortcut', `editado_${run}`)
      .field('text', 'Después, {{nombre_cliente}}')
      .attach('file', PDF, { filename: 'lista.pdf', contentType: 'application/pdf' });
    expect(withFile.status).toBe(200);
    expect(withFile.body).toMatchObject({
      id: a.id,
      shortcut: `editado_${run}`,
      text: 'Después, {{nombre_cliente}}',
      file: { name: 'lista.pdf', fileType: 'document' },
    });
    const taken = await t.http
      .post('/api/updateQuickAnswer')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: a.id, shortcut: `ocupado_${run}`, text: 'x' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('SHORTCUT_ALREADY_EXISTS');
    // Keeping its own shortcut is not a conflict; the text may go empty while the file stays.
    const keep = await t.http
      .post('/api/updateQuickAnswer')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: a.id, shortcut: `editado_${run}`, text: '' });
    expect(keep.status).toBe(200);
    expect(keep.body.file.name).toBe('lista.pdf');
    const noFile = await t.http
      .post('/api/updateQuickAnswer')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: a.id, shortcut: `editado_${run}`, text: '', removeFile: 'true' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.field).toBe('text');
    const removed = await t.http
      .post('/api/updateQuickAnswer')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: a.id, shortcut: `editado_${run}`, text: 'Sin archivo', removeFile: 'true' });
    expect(removed.body).toMatchObject({ text: 'Sin archivo', file: null });
    const missing = await t.http
      .post('/api/updateQuickAnswer')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: 99999999, shortcut: 'x', text: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body.field).toBe('id');
  });

  it('deletes by id through GraphQL', async () => {
    const a = (await create(admin, { shortcut: `/borrar_${run}`, text: 'Adiós' })).body as Answer;
    const res = await gql<{ deleteQuickAnswer: { id: number } }>(
      t,
      admin,
      'mutation($id: Int!) { deleteQuickAnswer(id: $id) { id shortcut } }',
      { id: a.id },
    );
    expect(res.data?.deleteQuickAnswer.id).toBe(a.id);
    expect((await list(admin)).map((x) => x.id)).not.toContain(a.id);
  });
});

describe('listing and use from the composer', () => {
  it('orders by creation date either way and searches shortcut and text', async () => {
    const tag = `orden${run}`;
    const one = (await create(admin, { shortcut: `/${tag}_uno`, text: 'Primera' })).body as Answer;
    const two = (await create(admin, { shortcut: `/${tag}_dos`, text: 'Segunda respuesta' })).body as Answer;
    const desc = await list(admin, { search: tag });
    expect(desc.map((a) => a.id)).toEqual([two.id, one.id]);
    const asc = await list(admin, { search: tag, order: 'asc' });
    expect(asc.map((a) => a.id)).toEqual([one.id, two.id]);
    const byText = await list(admin, { search: 'SEGUNDA RESP' });
    expect(byText.map((a) => a.id)).toContain(two.id);
    expect(byText.map((a) => a.id)).not.toContain(one.id);
  });

  it('counts a use: lastUse and frecuency', async () => {
    const a = (await create(admin, { shortcut: `/usar_${run}`, text: 'Uso' })).body as Answer;
    const used = await gql<{ useQuickAnswer: Answer }>(
      t,
      agente,
      'mutation($id: Int!) { useQuickAnswer(id: $id) { id frecuency lastUse } }',
      { id: a.id },
    );
    expect(used.data?.useQuickAnswer).toMatchObject({ id: a.id, frecuency: 1 });
    expect(Date.parse(used.data?.useQuickAnswer.lastUse ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const again = await gql<{ useQuickAnswer: Answer }>(
      t,
      admin,
      'mutation($id: Int!) { useQuickAnswer(id: $id) { frecuency } }',
      { id: a.id },
    );
    expect(again.data?.useQuickAnswer.frecuency).toBe(2);
    // 02 §7 "updateQuickAnswer lastUse": the spec's name for the same mutation.
    const updated = await gql<{ updateQuickAnswer: Answer }>(
      t,
      agente,
      'mutation($id: Int!) { updateQuickAnswer(id: $id) { frecuency lastUse } }',
      { id: a.id },
    );
    expect(updated.data?.updateQuickAnswer.frecuency).toBe(3);
    expect(Date.parse(updated.data?.updateQuickAnswer.lastUse ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('permissions and tenancy', () => {
  it('lets an agent write (01 §2.3), refuses a read-only role, and lets it read', async () => {
    const byAgent = await create(agente, { shortcut: `/agente_${run}`, text: 'Del agente' });
    expect(byAgent.status).toBe(200);
    const byOwner = await create(owner, { shortcut: `/dueña_${run}`.replace('ñ', 'n'), text: 'De la dueña' });
    expect(byOwner.status).toBe(200);
    const reader = await userWithPermissions(['readChat', 'readQuickAnswers'], 'lector');
    const refused = await create(reader, { shortcut: `/lector_${run}`, text: 'x' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const del = await gql(t, reader, 'mutation($id: Int!) { deleteQuickAnswer(id: $id) { id } }', {
      id: byOwner.body.id,
    });
    expect(del.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await list(reader)).map((a) => a.id)).toContain(byOwner.body.id);
    const none = await userWithPermissions(['readChat'], 'sinrespuestas');
    const hidden = await gql(t, none, '{ quickAnswers { id } }');
    expect(hidden.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it("refuses another company's answers and spaces, and changes nothing", async () => {
    const mine = (await create(admin, { shortcut: `/propia_${run}`, text: 'Propia' })).body as Answer;
    const update = await t.http
      .post('/api/updateQuickAnswer')
      .set('Authorization', `Bearer ${otra}`)
      .send({ id: mine.id, shortcut: 'robada', text: 'x' });
    expect(update.status).toBe(403);
    const del = await gql(t, otra, 'mutation($id: Int!) { deleteQuickAnswer(id: $id) { id } }', {
      id: mine.id,
    });
    expect(del.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const use = await gql(t, otra, 'mutation($id: Int!) { useQuickAnswer(id: $id) { id } }', { id: mine.id });
    expect(use.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const intoDemo = await t.http
      .post('/api/createQuickAnswer')
      .set('Authorization', `Bearer ${otra}`)
      .send({ spaceId: demoSpaceId, shortcut: `intrusa_${run}`, text: 'x' });
    expect(intoDemo.status).toBe(403);
    const read = await gql(t, otra, LIST, { spaceId: demoSpaceId });
    expect(read.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect((await list(otra)).every((a) => a.spaceId === otraSpaceId)).toBe(true);
    const still = (await list(admin)).find((a) => a.id === mine.id);
    expect(still).toMatchObject({ shortcut: `propia_${run}`, text: 'Propia', frecuency: 0 });
  });

  it('keeps an agent to their own spaces: another space of the company reads as one that does not exist', async () => {
    const [{ id: branchId }] = await ds.query(
      `INSERT INTO spaces ("companyId", name) VALUES ($1, $2) RETURNING id`,
      [freshCompanyId, `Sucursal cerrada ${run}`],
    );
    // The owner (superadmin) works in every space of the company without being a member of it.
    const theirs = await create(owner, {
      spaceId: String(branchId),
      shortcut: `/cerrada_${run}`,
      text: 'Interna',
    });
    expect(theirs.status).toBe(200);
    const answer = theirs.body as Answer;
    const [{ id: roleId }] = await ds.query(
      `SELECT id FROM roles WHERE "companyId" = $1 AND name = 'agente'`,
      [freshCompanyId],
    );
    const email = `qa-agente-espacio-${run}@example.com`;
    const [{ id: agentId, selectedSpaceId: defaultSpaceId }] = await ds.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
       SELECT "companyId", $1, 'Agente Sucursal', $2, "passwordHash", "selectedSpaceId" FROM users WHERE email = $3
       RETURNING id, "selectedSpaceId"`,
      [roleId, email, ownerEmail],
    );
    await ds.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2)`, [
      agentId,
      defaultSpaceId,
    ]);
    const agent = await login(t, email, 'Segura123');

    const notHers = { code: 'VALIDATION_ERROR', field: 'spaceId', userMessage: 'El espacio no existe.' };
    const read = await gql(t, agent, LIST, { spaceId: branchId });
    expect(read.errors?.[0].extensions).toMatchObject(notHers);
    const missing = await gql(t, agent, LIST, { spaceId: 2_000_000_000 });
    expect(missing.errors?.[0].extensions).toMatchObject(notHers);
    const into = await create(agent, { spaceId: String(branchId), shortcut: `/colada_${run}`, text: 'x' });
    expect(into.status).toBe(400);
    expect(into.body).toMatchObject(notHers);

    const update = await t.http
      .post('/api/updateQuickAnswer')
      .set('Authorization', `Bearer ${agent}`)
      .send({ id: answer.id, shortcut: 'cambiada', text: 'x' });
    expect(update.status).toBe(404);
    expect(update.body).toMatchObject({
      code: 'NOT_FOUND',
      field: 'id',
      userMessage: 'La respuesta rápida no existe.',
    });
    for (const mutation of [
      'deleteQuickAnswer(id: $id) { id }',
      'useQuickAnswer(id: $id) { id }',
      'updateQuickAnswer(id: $id) { id }',
    ]) {
      const res = await gql(t, agent, `mutation($id: Int!) { ${mutation} }`, { id: answer.id });
      expect(res.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
    }

    // With that space selected (say, before it was taken from them) the agent gets their own space instead.
    await ds.query(`UPDATE users SET "selectedSpaceId" = $2 WHERE id = $1`, [agentId, branchId]);
    const own = await create(agent, { shortcut: `/propia_agente_${run}`, text: 'Mía' });
    expect(own.status).toBe(200);
    expect(own.body.spaceId).toBe(defaultSpaceId);
    const listed = await list(agent);
    expect(listed.map((a) => a.id)).toContain(own.body.id);
    expect(listed.every((a) => a.spaceId === defaultSpaceId)).toBe(true);

    const [stored] = await ds.query(`SELECT shortcut, text, frecuency FROM quick_answers WHERE id = $1`, [
      answer.id,
    ]);
    expect(stored).toEqual({ shortcut: `cerrada_${run}`, text: 'Interna', frecuency: 0 });
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM quick_answers WHERE "spaceId" = $1`, [
      branchId,
    ]);
    expect(n).toBe(1);
  });

  it('needs a signed-in user', async () => {
    const res = await t.http.post('/api/createQuickAnswer').send({ shortcut: 'x', text: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('with S3 storage', () => {
  let s3: FakeS3;
  let s3App: TestApp;

  beforeAll(async () => {
    s3 = await startFakeS3();
    s3App = await startTestApp(s3.env);
  });
  afterAll(async () => {
    await s3App?.close();
    await s3?.close();
  });

  it("puts the file in the bucket's public area, readable at its URL without credentials", async () => {
    const token = await login(s3App, 'admin@demo.local');
    const res = await s3App.http
      .post('/api/createQuickAnswer')
      .set('Authorization', `Bearer ${token}`)
      .field('shortcut', `/s3_${run}`)
      .field('text', 'Desde S3')
      .attach('file', PNG, { filename: 'foto.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    const url = new URL(res.body.file.url);
    expect(`${url.origin}`).toBe(s3.endpoint);
    const key = decodeURIComponent(url.pathname.replace(`/${s3.bucket}/`, ''));
    expect(key).toBe(`uploads/${res.body.file.key}`);
    expect(s3.objects.get(key)).toMatchObject({ contentType: 'image/png' });
    expect(s3.requests.find((r) => r.method === 'PUT' && r.key === key)?.signed).toBe(true);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await fetched.arrayBuffer()), PNG)).toBe(0);
  });
});

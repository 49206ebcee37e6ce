// Issue 19 "The first hour" and the audit's deviations: imports from Excel's own files (encodings, separators,
// numeric phones), the default category of imported contacts, phones with letters refused, one name split.
import { IMPORT_MESSAGES, NAMED_LIST_MESSAGES, VALIDATION_MESSAGES } from '@crm/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';

let t: TestApp;
let ds: TestSql;
let admin: string;
let ids: { company: number; whatsapp: number };
// Phones and names unique to this run: the suites share one database.
const run = String(Date.now()).slice(-6);
const letters = run.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
let seq = 0;
const phone = () => {
  seq += 1;
  return `52133${run}${String(seq).padStart(2, '0')}`;
};

beforeAll(async () => {
  t = await startTestApp();
  ds = testSql();
  admin = await login(t, 'admin@demo.local');
  const [row] = await ds.query(
    `SELECT u."companyId" AS company,
       (SELECT id FROM channels WHERE "companyId" = u."companyId" AND name = 'WhatsApp Demo') AS whatsapp
     FROM users u WHERE u.email = 'admin@demo.local'`,
  );
  ids = row;
});
afterAll(async () => {
  await t.close();
});

function importFile(content: Buffer, name: string) {
  return t.http
    .post('/api/importContacts')
    .set('Authorization', `Bearer ${admin}`)
    .field('channelId', String(ids.whatsapp))
    .attach('file', content, name);
}

async function stored(
  senderId: string,
): Promise<{ name: string; lastName: string; categoryId: number | null }> {
  const [row] = await ds.query(`SELECT name, "lastName", "categoryId" FROM clients WHERE "senderId" = $1`, [
    senderId,
  ]);
  return row;
}

const CREATE = `mutation($input: CreateClientInput!) { createClient(input: $input) { id senderId } }`;
const UPDATE_PHONE = `mutation($clientId: Int!, $phone: String!) { updateClientPhone(clientId: $clientId, phone: $phone) { id senderId } }`;

describe('import of the files Excel saves (issue 19)', () => {
  it('reads a Windows-1252 CSV with semicolons (Excel on Spanish Windows) keeping every accent', async () => {
    const p = phone();
    // The bytes Excel writes: one byte a letter ('é' 0xE9, 'Í' 0xCD, 'ñ' 0xF1, 'ü' 0xFC; latin1 is exactly that
    // for these), and Windows-1252's own 0x92 for the typographic apostrophe, which Latin-1 has no letter for.
    const bytes = Buffer.concat([
      Buffer.from(`Nombre;Apellido;Teléfono\r\nÍñigo;Muñoz Güemes;${p}\r\nSeán;O`, 'latin1'),
      Buffer.from([0x92]),
      Buffer.from(`Brien;${phone()}\r\n`, 'latin1'),
    ]);
    expect(bytes.includes(0xe9) && !bytes.includes(0xc3)).toBe(true);
    const res = await importFile(bytes, 'contactos.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.newClientsDataResult.map((r: { status: string }) => r.status)).toEqual([
      'creado',
      'creado',
    ]);
    expect(await stored(p)).toMatchObject({ name: 'Íñigo', lastName: 'Muñoz Güemes' });
    const [irish] = await ds.query(`SELECT "lastName" FROM clients WHERE name = 'Seán' AND "senderId" = $1`, [
      res.body.newClientsDataResult[1].number,
    ]);
    expect(irish.lastName).toBe('O’Brien');
  });

  it('reads UTF-16 LE and BE with BOM, tab separated (Excel’s “Unicode text”)', async () => {
    for (const encoding of ['utf-16le', 'utf-16be'] as const) {
      const p = phone();
      const text = `Nombre\tApellido\tTeléfono\tEtiquetas\r\nJosé\tPeña\t${p}\tSeñal, Acción\r\n`;
      // Node writes UTF-16 LE itself; BE is the same bytes swapped in pairs. Both start with their BOM.
      const le = Buffer.from(`\uFEFF${text}`, 'utf16le');
      const bytes = encoding === 'utf-16le' ? le : Buffer.from(le).swap16();
      expect([...bytes.subarray(0, 2)]).toEqual(encoding === 'utf-16le' ? [0xff, 0xfe] : [0xfe, 0xff]);
      const res = await importFile(bytes, 'contactos.txt');
      expect(res.status, `${encoding}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.newClientsDataResult[0]).toMatchObject({ number: p, status: 'creado' });
      expect(await stored(p)).toMatchObject({ name: 'José', lastName: 'Peña' });
      const tags = await ds.query(
        `SELECT t.name FROM client_tags ct JOIN tags t ON t.id = ct."tagId" JOIN clients c ON c.id = ct."clientId"
         WHERE c."senderId" = $1 ORDER BY t.name`,
        [p],
      );
      expect(tags.map((tag: { name: string }) => tag.name)).toEqual(['Acción', 'Señal']);
    }
  });

  it('reads UTF-8 without BOM, with tabs, and with commas inside quotes', async () => {
    const [p1, p2] = [phone(), phone()];
    const tabbed = `Nombre\tApellido\tTeléfono\nÑandú\tCórdoba\t${p1}\n`;
    const res = await importFile(Buffer.from(tabbed, 'utf8'), 'contactos.csv');
    expect(res.body.newClientsDataResult[0], JSON.stringify(res.body)).toMatchObject({ status: 'creado' });
    expect(await stored(p1)).toMatchObject({ name: 'Ñandú', lastName: 'Córdoba' });
    const quoted = `"Nombre; completo",Apellido,Teléfono\n"Ana; María",Ríos,${p2}\n`;
    const second = await importFile(Buffer.from(quoted, 'utf8'), 'contactos.csv');
    expect(second.body.newClientsDataResult[0]).toMatchObject({ status: 'creado' });
    expect(await stored(p2)).toMatchObject({ name: 'Ana; María', lastName: 'Ríos' });
  });

  it('keeps a phone typed as a number whole, even shown in scientific format in the sheet', async () => {
    const p = phone();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contactos');
    sheet.addRow(['Nombre', 'Apellido', 'Teléfono']);
    const row = sheet.addRow(['Raúl', 'Núñez', Number(p)]);
    row.getCell(3).numFmt = '0.00E+00';
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importFile(file, 'contactos.xlsx');
    expect(res.body.newClientsDataResult).toEqual([
      { number: p, status: 'creado', message: IMPORT_MESSAGES.created },
    ]);
    expect(await stored(p)).toMatchObject({ name: 'Raúl', lastName: 'Núñez' });
  });
});

describe('imported contacts get the company’s default category (02 §5)', () => {
  it('gives the oldest category to rows without one, a named one to rows that name it, refuses unknown ones', async () => {
    const existing = await ds.query(`SELECT id FROM categories WHERE "companyId" = $1 ORDER BY id LIMIT 1`, [
      ids.company,
    ]);
    const defaultId: number =
      existing[0]?.id ??
      (
        await ds.query(`INSERT INTO categories ("companyId", name) VALUES ($1, 'General') RETURNING id`, [
          ids.company,
        ])
      )[0].id;
    const otherName = `Mayoreo ${letters}`;
    const [{ id: otherId }] = await ds.query(
      `INSERT INTO categories ("companyId", name) VALUES ($1, $2) RETURNING id`,
      [ids.company, otherName],
    );
    const [plain, named, unknown] = [phone(), phone(), phone()];
    const csv =
      'Nombre,Apellido,Teléfono,Etiquetas,Correo del agente,Categoría\n' +
      `Sin,Categoría,${plain},,,\n` +
      `Con,Categoría,${named},,,${otherName.toUpperCase()}\n` +
      `Otra,Categoría,${unknown},,,No existe ${letters}\n`;
    const res = await importFile(Buffer.from(csv, 'utf8'), 'categorias.csv');
    expect(res.status).toBe(200);
    expect(res.body.newClientsDataResult.map((r: { status: string }) => r.status)).toEqual([
      'creado',
      'creado',
      'error',
    ]);
    expect(res.body.newClientsDataResult[2].message).toBe(NAMED_LIST_MESSAGES.categoryNotFound);
    expect((await stored(plain)).categoryId).toBe(defaultId);
    expect((await stored(named)).categoryId).toBe(otherId);
    expect(await ds.query(`SELECT 1 FROM clients WHERE "senderId" = $1`, [unknown])).toHaveLength(0);
  });
});

describe('createClient and updateClientPhone refuse letters in a phone (issue 19)', () => {
  it('answers the form’s own text on the phone field and stores nothing', async () => {
    const before = await ds.query(
      `SELECT count(*)::int AS n FROM clients WHERE "senderId" LIKE '52155%0003'`,
    );
    const bad = await gql(t, admin, CREATE, { input: { phone: '52-55-ABC-0003', channelId: ids.whatsapp } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'phone',
      userMessage: VALIDATION_MESSAGES.digitsOnly,
    });
    expect(
      await ds.query(`SELECT count(*)::int AS n FROM clients WHERE "senderId" LIKE '52155%0003'`),
    ).toEqual(before);
    expect(await ds.query(`SELECT 1 FROM clients WHERE "senderId" = '521550003'`)).toHaveLength(0);

    const p = phone();
    const created = await gql<{ createClient: { id: number } }>(t, admin, CREATE, {
      input: { phone: `+52 ${p.slice(3, 5)}-${p.slice(5)}`, channelId: ids.whatsapp },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data?.createClient.id as number;
    const edit = await gql(t, admin, UPDATE_PHONE, { clientId: id, phone: '52 55 12ab 3456' });
    expect(edit.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'phone',
      userMessage: VALIDATION_MESSAGES.digitsOnly,
    });
    const [row] = await ds.query(`SELECT "senderId" FROM clients WHERE id = $1`, [id]);
    expect(row.senderId).toBe(p);
  });
});

describe('one name split for the inbox, Contactos and the CSV (issue 19)', () => {
  it('gives Nombre and Apellido out of the whole name the inbox shows', async () => {
    const lastName = `Nuevo${letters}`;
    const created = await gql(t, admin, CREATE, {
      input: { phone: phone(), channelId: ids.whatsapp, name: `Pedro ${lastName}` },
    });
    expect(created.errors).toBeUndefined();
    const res = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${admin}`)
      .send({ custom: true, first: 50, keyword: lastName });
    expect(res.body.clients).toHaveLength(1);
    expect(res.body.clients[0]).toMatchObject({ nameFromChannel: 'Pedro', lastName });
    const csv = await t.http
      .post('/api/contacts/export')
      .set('Authorization', `Bearer ${admin}`)
      .send({ keyword: lastName, format: 'csv' })
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    const lines = (csv.body as Buffer).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith(`Pedro,${lastName},`)).toBe(true);
  });
});

import { IMPORT_MESSAGES, type ImportContactsResult, TAG_COLORS } from '@crm/shared';
import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, registerCompany, startTestApp, type TestApp } from './helpers';
import { openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';

let t: TestApp;
let ds: TestSql;
let admin: string;
let agente: string;
let otra: string;
let ids: {
  company: number;
  whatsapp: number;
  messenger: number;
  otraChannel: number;
  admin: number;
  agente: number;
};
const sockets: Socket[] = [];
// Phones unique to this run: the suites share one database.
const run = String(Date.now()).slice(-6);
let seq = 0;
const phone = () => {
  seq += 1;
  return `52155${run}${String(seq).padStart(2, '0')}`;
};

beforeAll(async () => {
  t = await startTestApp({ JOB_POLL_MS: '50' });
  ds = testSql();
  [admin, agente, otra] = await Promise.all([
    login(t, 'admin@demo.local'),
    login(t, 'agente@demo.local'),
    login(t, 'admin@otra.local'),
  ]);
  const [row] = await ds.query(
    `SELECT c.id AS company,
       (SELECT id FROM channels WHERE "companyId" = c.id AND name = 'WhatsApp Demo') AS whatsapp,
       (SELECT id FROM channels WHERE "companyId" = c.id AND platform = 'messenger' LIMIT 1) AS messenger,
       (SELECT ch.id FROM channels ch JOIN users u ON u."companyId" = ch."companyId"
          WHERE u.email = 'admin@otra.local' LIMIT 1) AS "otraChannel",
       (SELECT id FROM users WHERE email = 'admin@demo.local') AS admin,
       (SELECT id FROM users WHERE email = 'agente@demo.local') AS agente
     FROM companies c JOIN users u ON u."companyId" = c.id WHERE u.email = 'admin@demo.local'`,
  );
  ids = row;
  if (!ids.otraChannel) {
    const [{ id }] = await ds.query(
      `INSERT INTO channels ("companyId", name, platform, "providerId", phone)
       SELECT "companyId", 'WA Otra', 'whatsapp_cloud', $1, '5213300000002' FROM users WHERE email = 'admin@otra.local'
       RETURNING id`,
      [`otra-contacts-${run}`],
    );
    ids.otraChannel = id;
  }
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function connect(token: string): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

const CREATE = `mutation($input: CreateClientInput!) { createClient(input: $input) { id senderId name agent { id } source answered isArchived lastName setValuableByUser updatedAt whatsappStartedAt } }`;
const UPDATE_PHONE = `mutation($clientId: Int!, $phone: String!) { updateClientPhone(clientId: $clientId, phone: $phone) { id senderId } }`;

function report(token: string, body: object) {
  return t.http
    .post('/api/conversations_by_filter')
    .set('Authorization', `Bearer ${token}`)
    .send({ custom: true, first: 500, ...body });
}

function importFile(token: string, content: Buffer | string, name: string, channelId: number) {
  return t.http
    .post('/api/importContacts')
    .set('Authorization', `Bearer ${token}`)
    .field('channelId', String(channelId))
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), name);
}

async function countClients(): Promise<number> {
  const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM clients');
  return n;
}

describe('createClient (02 §8) and the phone rule (02 §5)', () => {
  it('creates a manual, answered, unarchived contact with the phone normalised 52→521', async () => {
    const digits = phone().slice(3); // without the 521 prefix
    const res = await gql<{
      createClient: { id: number; senderId: string; agent: { id: number }; updatedAt: string };
    }>(t, admin, CREATE, {
      input: { phone: `+52 ${digits}`, channelId: ids.whatsapp, name: 'Contacto Manual' },
    });
    expect(res.errors).toBeUndefined();
    const created = res.data?.createClient;
    expect(created?.senderId).toBe(`521${digits}`);
    expect(created?.agent.id).toBe(ids.admin);
    // 02 §3: the answer itself says how the contact came in.
    expect(created).toMatchObject({
      source: 'MANUAL',
      answered: true,
      isArchived: false,
      lastName: null,
      setValuableByUser: false,
      whatsappStartedAt: null,
    });
    expect(Number.isNaN(Date.parse(created?.updatedAt ?? ''))).toBe(false);
    const [row] = await ds.query(`SELECT source, answered, "isArchived", key FROM clients WHERE id = $1`, [
      created?.id,
    ]);
    expect(row).toEqual({
      source: 'MANUAL',
      answered: true,
      isArchived: false,
      key: `${ids.whatsapp}-521${digits}`,
    });
  });

  it('normalises Argentina 54→549 and refuses a phone already used in the channel, changing nothing', async () => {
    const digits = `11${run}77`;
    const first = await gql<{ createClient: { senderId: string } }>(t, admin, CREATE, {
      input: { phone: `54${digits}`, channelId: ids.whatsapp },
    });
    expect(first.data?.createClient.senderId).toBe(`549${digits}`);
    const before = await countClients();
    const again = await gql(t, admin, CREATE, { input: { phone: `549${digits}`, channelId: ids.whatsapp } });
    expect(again.errors?.[0]?.extensions?.code).toBe('PHONE_ALREADY_USED');
    expect(again.errors?.[0]?.extensions?.userMessage).toBe(
      'Ya existe un contacto con ese teléfono en este canal.',
    );
    expect(await countClients()).toBe(before);
  });

  it('refuses a bad phone, a Messenger channel and another company’s channel with a 400 on the field', async () => {
    const bad = await gql(t, admin, CREATE, { input: { phone: '12ab', channelId: ids.whatsapp } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
    expect(bad.errors?.[0]?.extensions?.field).toBe('phone');
    const messenger = await gql(t, admin, CREATE, { input: { phone: phone(), channelId: ids.messenger } });
    expect(messenger.errors?.[0]?.extensions, JSON.stringify(messenger.errors)).toMatchObject({
      field: 'channelId',
    });
    const foreign = await gql(t, admin, CREATE, { input: { phone: phone(), channelId: ids.otraChannel } });
    expect(foreign.errors?.[0]?.extensions?.field).toBe('channelId');
  });

  it('edits a phone with the same rule: normalised, unique per channel, refused across companies', async () => {
    const a = await gql<{ createClient: { id: number } }>(t, admin, CREATE, {
      input: { phone: phone(), channelId: ids.whatsapp },
    });
    const bPhone = phone();
    await gql(t, admin, CREATE, { input: { phone: bPhone, channelId: ids.whatsapp } });
    const id = a.data?.createClient.id as number;
    const taken = await gql(t, admin, UPDATE_PHONE, { clientId: id, phone: bPhone });
    expect(taken.errors?.[0]?.extensions?.code).toBe('PHONE_ALREADY_USED');
    const newDigits = `33${run}55`;
    const ok = await gql<{ updateClientPhone: { senderId: string } }>(t, admin, UPDATE_PHONE, {
      clientId: id,
      phone: `52${newDigits}`,
    });
    expect(ok.data?.updateClientPhone.senderId).toBe(`521${newDigits}`);
    const [row] = await ds.query(`SELECT key, "cleanedName" FROM clients WHERE id = $1`, [id]);
    expect(row.key).toBe(`${ids.whatsapp}-521${newDigits}`);
    expect(row.cleanedName).toContain(`521${newDigits}`);
    const foreign = await gql(t, otra, UPDATE_PHONE, { clientId: id, phone: phone() });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // The agente role has no canSeePhoneNumber: it cannot edit a phone it cannot see.
    const hidden = await gql(t, agente, UPDATE_PHONE, { clientId: id, phone: phone() });
    expect(hidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('POST /api/importContacts (02 §5 Import)', () => {
  it('imports a CSV with BOM and semicolons: every kind of row reported, tags, agents and fields stored', async () => {
    const existing = phone();
    await gql(t, admin, CREATE, { input: { phone: existing, channelId: ids.whatsapp } });
    const [good, withTag, withAgent, unknownAgent, withField, repeated] = [1, 2, 3, 4, 5, 6].map(() =>
      phone(),
    );
    const newTag = `Importada ${run}`;
    const csv =
      '\uFEFFNombre;Apellido;Teléfono;Etiquetas;Correo del agente;Ciudad;Presupuesto\r\n' +
      `Ana;López;${good};;;;\r\n` +
      `Beto;Ruiz;${withTag};"VIP, ${newTag} ,";;;\r\n` +
      `Carla;Soto;${withAgent};;AGENTE@demo.local;;\r\n` +
      `Dario;Paz;${unknownAgent};;nadie@ejemplo.com;;\r\n` +
      `Elena;Mora;${withField};;;Guadalajara;1500\r\n` +
      `Fer;Gil;${existing};;;;\r\n` +
      `Gabi;Luna;12ab;;;;\r\n` +
      `Hugo;Rey;${repeated};;;;\r\n` +
      `Hugo;Rey;${repeated};;;;\r\n` +
      `Ines;Vaz;${phone()};;;Atlantis;\r\n` +
      ';;;;;;\r\n';
    const socket = await connect(admin);
    const progress: Array<{ progress: number; processed: number; total: number }> = [];
    socket.on('progressBar', (p) => progress.push(p));
    const res = await importFile(admin, csv, 'contactos.csv', ids.whatsapp);
    expect(res.status).toBe(200);
    const body = res.body as ImportContactsResult;
    expect(body.newClientsDataResult).toHaveLength(10);
    const byNumber = (n: string) => body.newClientsDataResult.filter((r) => r.number === n);
    for (const created of [good, withTag, withAgent, unknownAgent, withField]) {
      expect(byNumber(created)).toEqual([
        { number: created, status: 'creado', message: 'Contacto creado exitosamente' },
      ]);
    }
    expect(byNumber(existing)).toEqual([
      { number: existing, status: 'duplicado', message: 'El contacto ya existe' },
    ]);
    expect(byNumber('12ab')[0]).toMatchObject({ status: 'error', message: IMPORT_MESSAGES.badPhone });
    expect(byNumber(repeated).map((r) => r.status)).toEqual(['creado', 'duplicado']);
    expect(body.newClientsDataResult[9]).toMatchObject({ status: 'error' });
    expect(body.newClientsDataResult[9].message).toContain('Ciudad');
    expect(body.importContacts).toBe(6);
    expect(body.finalStatus).toBe('partial');

    const rows: Array<{ senderId: string; agentId: number; source: string; name: string; lastName: string }> =
      await ds.query(
        `SELECT "senderId", "agentId", source, name, "lastName" FROM clients WHERE "senderId" = ANY($1)`,
        [[good, withTag, withAgent, unknownAgent, withField, repeated]],
      );
    const bySender = new Map(rows.map((r) => [r.senderId, r]));
    expect(bySender.get(good)).toMatchObject({
      source: 'IMPORT',
      name: 'Ana',
      lastName: 'López',
      agentId: ids.admin,
    });
    expect(bySender.get(withAgent)?.agentId).toBe(ids.agente);
    expect(bySender.get(unknownAgent)?.agentId).toBe(ids.admin);
    const tags = await ds.query(
      `SELECT t.name, t.color FROM client_tags ct JOIN tags t ON t.id = ct."tagId" JOIN clients c ON c.id = ct."clientId"
       WHERE c."senderId" = $1 ORDER BY t.name`,
      [withTag],
    );
    expect(tags.map((tag: { name: string }) => tag.name)).toEqual([newTag, 'VIP']);
    expect(TAG_COLORS).toContain(tags[0].color);
    const infos = await ds.query(
      `SELECT f.name, i.value FROM client_infos i JOIN datasheet_fields f ON f.id = i."fieldId"
       JOIN clients c ON c.id = i."clientId" WHERE c."senderId" = $1 ORDER BY f.name`,
      [withField],
    );
    expect(infos).toEqual([
      { name: 'Ciudad', value: 'Guadalajara' },
      { name: 'Presupuesto', value: '1500' },
    ]);
    // Progress went to the importing user's room, ending at 100 %.
    await expect.poll(() => progress.at(-1)?.progress).toBe(100);
    expect(progress.at(-1)).toEqual({ progress: 100, processed: 10, total: 10 });
  });

  it('imports an .xlsx made by the product’s own template', async () => {
    const template = await t.http
      .get('/api/importContacts/template')
      .set('Authorization', `Bearer ${admin}`)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(template.status).toBe(200);
    expect(template.headers['content-disposition']).toContain('plantilla_contactos.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((template.body as Buffer).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as unknown[]).slice(1, 6)).toEqual([
      'Nombre',
      'Apellido',
      'Teléfono',
      'Etiquetas',
      'Correo del agente',
    ]);
    expect(sheet.getRow(1).values as unknown[]).toContain('Ciudad');
    // Fill it as a person would: replace the example row with two contacts, one phone typed as a number.
    sheet.spliceRows(2, 1);
    const [p1, p2] = [phone(), phone()];
    sheet.addRow(['Xóchitl', 'Martínez', p1, 'VIP']);
    sheet.addRow(['Yolanda', '', Number(p2)]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await importFile(admin, file, 'plantilla_contactos.xlsx', ids.whatsapp);
    expect(res.status).toBe(200);
    expect(res.body.newClientsDataResult.map((r: { status: string }) => r.status)).toEqual([
      'creado',
      'creado',
    ]);
    const [row] = await ds.query(`SELECT name, "lastName" FROM clients WHERE "senderId" = $1`, [p1]);
    expect(row).toEqual({ name: 'Xóchitl', lastName: 'Martínez' });
    expect((await ds.query(`SELECT 1 FROM clients WHERE "senderId" = $1`, [p2])).length).toBe(1);
  });

  it('refuses 5001 rows, an empty file, a file that is not a spreadsheet, before writing anything', async () => {
    const before = await countClients();
    const rows = Array.from({ length: 5001 }, (_, i) => `N${i},A,52166${run}${String(i).padStart(4, '0')}`);
    const tooMany = await importFile(
      admin,
      `Nombre,Apellido,Teléfono\n${rows.join('\n')}`,
      'big.csv',
      ids.whatsapp,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.field).toBe('file');
    expect(tooMany.body.userMessage).toBe(IMPORT_MESSAGES.tooMany(5000));

    const empty = await importFile(admin, 'Nombre,Apellido,Teléfono\n\n', 'vacio.csv', ids.whatsapp);
    expect(empty.status).toBe(400);
    expect(empty.body.userMessage).toBe(IMPORT_MESSAGES.empty);

    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const notSheet = await importFile(admin, png, 'foto.csv', ids.whatsapp);
    expect(notSheet.status).toBe(400);
    expect(notSheet.body.userMessage).toBe(IMPORT_MESSAGES.notSpreadsheet);
    const fakeXlsx = await importFile(admin, 'Nombre,Teléfono', 'falso.xlsx', ids.whatsapp);
    expect(fakeXlsx.status).toBe(400);
    expect(fakeXlsx.body.userMessage).toBe(IMPORT_MESSAGES.notSpreadsheet);

    const noFile = await t.http
      .post('/api/importContacts')
      .set('Authorization', `Bearer ${admin}`)
      .field('channelId', String(ids.whatsapp));
    expect(noFile.status).toBe(400);
    expect(noFile.body.field).toBe('file');
    expect(await countClients()).toBe(before);
  });

  it('refuses another company’s channel and a Messenger channel', async () => {
    const csv = `Nombre,Apellido,Teléfono\nA,B,${phone()}\n`;
    const foreign = await importFile(admin, csv, 'c.csv', ids.otraChannel);
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('channelId');
    const messenger = await importFile(admin, csv, 'c.csv', ids.messenger);
    expect(messenger.status).toBe(400);
    const noChannel = await t.http
      .post('/api/importContacts')
      .set('Authorization', `Bearer ${admin}`)
      .attach('file', Buffer.from(csv), 'c.csv');
    expect(noChannel.status).toBe(400);
    expect(noChannel.body.field).toBe('channelId');
  });

  it('stops at a batch that fails: earlier batches stay, the failed one leaves no contact behind', async () => {
    // Real-shaped Mexican numbers (77 and eight digits after the 1), unique to this test.
    const block = `52177${run.slice(-4)}`;
    const poison = `${block}0999`;
    await ds.query(`CREATE OR REPLACE FUNCTION test_refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW."senderId" = '${poison}' THEN RAISE EXCEPTION 'poisoned row'; END IF; RETURN NEW; END $$`);
    await ds.query(
      `CREATE TRIGGER test_refuse_poison BEFORE INSERT ON clients FOR EACH ROW EXECUTE FUNCTION test_refuse_poison()`,
    );
    try {
      // 600 rows: the first batch (500) is written, the poisoned row is in the second.
      const phones = Array.from({ length: 600 }, (_, i) => `${block}${String(i).padStart(4, '0')}`);
      phones[550] = poison;
      const csv = `Nombre,Apellido,Teléfono\n${phones.map((p, i) => `N${i},A,${p}`).join('\n')}`;
      const res = await importFile(admin, csv, 'lote.csv', ids.whatsapp);
      expect(res.status).toBe(200);
      expect(res.body.importContacts).toBe(500);
      expect(res.body.finalStatus).toBe('partial');
      const statuses = res.body.newClientsDataResult.map((r: { status: string }) => r.status);
      expect(statuses.slice(0, 500).every((s: string) => s === 'creado')).toBe(true);
      expect(statuses.slice(500).every((s: string) => s === 'error')).toBe(true);
      const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM clients WHERE "senderId" = ANY($1)`, [
        phones,
      ]);
      expect(n).toBe(500);
      // Issue 22: the stored report says the same, row by row, to the user who imported only.
      const report = await t.http
        .get(`/api/contactImports/${res.body.importId}`)
        .set('Authorization', `Bearer ${admin}`);
      expect(report.status).toBe(200);
      expect(report.body).toMatchObject({ status: 'finished', total: 600, created: 500, notImported: 100 });
      expect(report.body.rows).toEqual(res.body.newClientsDataResult);
      const listed = await t.http.get('/api/contactImports').set('Authorization', `Bearer ${admin}`);
      expect(listed.body[0]).toMatchObject({ id: res.body.importId, fileName: 'lote.csv', created: 500 });
      expect(listed.body[0].rows).toBeUndefined();
      for (const token of [agente, otra]) {
        const other = await t.http
          .get(`/api/contactImports/${res.body.importId}`)
          .set('Authorization', `Bearer ${token}`);
        expect(other.status).toBe(404);
        expect(other.body.code).toBe('CONTACT_IMPORT_NOT_FOUND');
      }
      const bad = await t.http.get('/api/contactImports/abc').set('Authorization', `Bearer ${admin}`);
      expect(bad.status).toBe(400);
    } finally {
      await ds.query('DROP TRIGGER IF EXISTS test_refuse_poison ON clients');
      await ds.query('DROP FUNCTION IF EXISTS test_refuse_poison()');
    }
  });

  it('creates unknown tags only within the company’s 50: a row needing one more is reported', async () => {
    const company = await registerCompany(t, 'etiquetas');
    const [{ companyId }] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [company.email]);
    const [{ id: channelId }] = await ds.query(
      `INSERT INTO channels ("companyId", name, platform, "providerId", phone)
       VALUES ($1, 'WA Etiquetas', 'whatsapp_cloud', $2, '5213300000001') RETURNING id`,
      [companyId, `tags-${run}-${companyId}`],
    );
    await ds.query(
      `INSERT INTO space_channels ("channelId", "spaceId") SELECT $1, id FROM spaces WHERE "companyId" = $2`,
      [channelId, companyId],
    );
    const [{ n: existingTags }] = await ds.query(
      `SELECT count(*)::int AS n FROM tags WHERE "companyId" = $1`,
      [companyId],
    );
    await ds.query(
      `INSERT INTO tags ("companyId", name, color, key)
       SELECT $1::int, 'T' || g, '#000000', $1::text || '-t' || g FROM generate_series(1, $2::int) g`,
      [companyId, 49 - existingTags],
    );
    const [p1, p2] = [phone(), phone()];
    const csv = `Nombre,Apellido,Teléfono,Etiquetas\nUno,A,${p1},Nueva 50\nDos,B,${p2},"T1, Nueva 51"\n`;
    const res = await importFile(company.token, csv, 'tags.csv', channelId);
    expect(res.status).toBe(200);
    expect(res.body.newClientsDataResult).toEqual([
      { number: p1, status: 'creado', message: IMPORT_MESSAGES.created },
      { number: p2, status: 'error', message: IMPORT_MESSAGES.tagLimit },
    ]);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM tags WHERE "companyId" = $1`, [companyId]);
    expect(n).toBe(50);
  });
});

describe('contacts report and export (02 §2, §3, §6)', () => {
  let contactIds: number[] = [];
  let tagId = 0;
  const name = `Reporte${run}`;

  beforeAll(async () => {
    const csv = `Nombre,Apellido,Teléfono,Etiquetas,Correo del agente,Correo\n${name} Uno,Pérez,${phone()},Exportable ${run},agente@demo.local,uno@ejemplo.com\n${name} Dos,Díaz,${phone()},,agente@demo.local,\n`;
    const res = await importFile(admin, csv, 'reporte.csv', ids.whatsapp);
    expect(res.body.importContacts).toBe(2);
    const rows = await ds.query(`SELECT id FROM clients WHERE name LIKE $1 ORDER BY id`, [`${name}%`]);
    contactIds = rows.map((r: { id: number }) => r.id);
    [{ id: tagId }] = await ds.query(`SELECT id FROM tags WHERE name = $1`, [`Exportable ${run}`]);
  });

  it('lists contacts without messages, by tag, keyword and creation date, with the report row', async () => {
    const from = new Date(Date.now() - 60_000).toISOString();
    const res = await report(admin, { filterContactsBy: 'createdAt', createdAtFrom: from, keyword: name });
    expect(res.status).toBe(200);
    expect(res.body.clients.map((c: { id: number }) => c.id)).toEqual([...contactIds].reverse());
    const [newest, oldest] = res.body.clients;
    expect(oldest).toMatchObject({
      nameFromChannel: name,
      lastName: 'Pérez',
      agent: 'Ana Agente',
      tags: `Exportable ${run}`,
      plataform: 'WhatsApp',
      channel: 'WhatsApp Demo',
      email: 'uno@ejemplo.com',
    });
    expect(oldest.number).toMatch(/^\+52\d{10}$/);
    expect(oldest.createdAt).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    expect(oldest.extraInfo).toEqual([{ name: 'Correo', value: 'uno@ejemplo.com' }]);
    expect(newest.extraInfo).toEqual([]);

    const byTag = await report(admin, { tagsIds: [tagId] });
    expect(byTag.body.clients.map((c: { id: number }) => c.id)).toEqual([contactIds[0]]);
    const future = await report(admin, {
      filterContactsBy: 'createdAt',
      createdAtFrom: new Date(Date.now() + 3_600_000).toISOString(),
      keyword: name,
    });
    expect(future.body.clients).toEqual([]);
    // Keyset paging: one a page, the cursor leads to the other.
    const first = await report(admin, { keyword: name, first: 1 });
    expect(first.body.hasMore).toBe(true);
    const second = await report(admin, { keyword: name, first: 1, after: first.body.cursor });
    expect(second.body.clients[0].id).not.toBe(first.body.clients[0].id);
  });

  it('hides the phone from users without canSeePhoneNumber and other companies’ contacts', async () => {
    const asAgent = await report(agente, { keyword: name });
    expect(asAgent.body.clients).toHaveLength(2);
    expect(asAgent.body.clients.every((c: { number: string | null }) => c.number === null)).toBe(true);
    const asOther = await report(otra, { keyword: name });
    expect(asOther.body.clients).toEqual([]);
  });

  function download(token: string, body: object) {
    return t.http
      .post('/api/contacts/export')
      .set('Authorization', `Bearer ${token}`)
      .send({ keyword: name, ...body })
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  }

  it('exports CSV, XLSX and PDF with the filters, parsed back', async () => {
    const csv = await download(admin, { format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toContain('clientes.csv');
    const lines = (csv.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Nombre,Apellido,Agente,Etiquetas,Plataforma,Canal,Número,Fecha de creación,Última actividad,Información adicional',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`${name},Pérez,Ana Agente,Exportable ${run},WhatsApp,WhatsApp Demo,+52`);
    expect(lines[2]).toContain('Correo: uno@ejemplo.com');

    const xlsx = await download(admin, { format: 'xlsx' });
    expect(xlsx.headers['content-disposition']).toContain('clientes.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((xlsx.body as Buffer).buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).getCell(2).value).toBe('Pérez');
    expect(String(sheet.getRow(3).getCell(7).value)).toMatch(/^\+52\d{10}$/);

    const pdf = await download(admin, { format: 'pdf' });
    expect(pdf.headers['content-disposition']).toContain('Contactos.pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body as Buffer)), {
      mergePages: true,
    });
    expect(text).toContain('Contactos');
    expect(text).toContain('Pérez');
    expect(text).toContain('Díaz');
  });

  it('leaves the phone out of exports without canSeePhoneNumber, and refuses roles that cannot export', async () => {
    const [{ id: roleId }] = await ds.query(
      `INSERT INTO roles ("companyId", name, key) VALUES ($1, 'Community Manager', $2) RETURNING id`,
      [ids.company, `${ids.company}-community manager-${run}`],
    );
    await ds.query(
      `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions WHERE name = 'readChat'`,
      [roleId],
    );
    const email = `cm${run}@contactos.test`;
    await ds.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
       SELECT "companyId", $1, 'Community', $2, "passwordHash", "selectedSpaceId" FROM users WHERE id = $3`,
      [roleId, email, ids.admin],
    );
    try {
      const cm = await login(t, email);
      const csv = await download(cm, { format: 'csv' });
      expect(csv.status).toBe(200);
      const header = (csv.body as Buffer).toString('utf8').split('\r\n')[0];
      expect(header).not.toContain('Número');
      expect((csv.body as Buffer).toString('utf8')).not.toContain('+52');
    } finally {
      // The demo company's roles and users are checked exactly elsewhere: leave them as found.
      await ds.query(`DELETE FROM sessions WHERE "userId" IN (SELECT id FROM users WHERE email = $1)`, [
        email,
      ]);
      await ds.query(`DELETE FROM users WHERE email = $1`, [email]);
      await ds.query(`DELETE FROM roles WHERE id = $1`, [roleId]);
    }

    const refused = await download(agente, { format: 'csv' });
    expect(refused.status).toBe(403);
    const badFormat = await t.http
      .post('/api/contacts/export')
      .set('Authorization', `Bearer ${admin}`)
      .send({ format: 'doc' });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.field).toBe('format');
  });
});

// Contacts (issue 5): a 5000-row import through POST /api/importContacts against a bare multi-row INSERT of the
// same rows, and a 5000-contact XLSX export through POST /api/contacts/export against exceljs writing the same
// cells with no database. Rounds alternate between the two sides; each side's median round is kept.
// Sizes: BENCH_CONTACTS_ROWS (5000), BENCH_CONTACTS_ROUNDS (5).
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';

function envInt(name, fallback) {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const FIRST = [
  'María',
  'José',
  'Lucía',
  'Juan',
  'Sofía',
  'Carlos',
  'Valentina',
  'Miguel',
  'Camila',
  'Andrés',
];
const LAST = ['García', 'Hernández', 'López', 'Martínez', 'González', 'Pérez', 'Rodríguez', 'Sánchez'];
const TAGS = ['VIP', 'Interesado', 'Bench importada'];
const CITIES = ['CDMX', 'Guadalajara', 'Monterrey'];

/** Row i of round r: a distinct phone per round, one row in ten tagged, one in five with a data-sheet value. */
function rowOf(r, i) {
  return {
    first: FIRST[i % FIRST.length],
    last: LAST[(i * 7) % LAST.length],
    phone: `52188${String(r).padStart(2, '0')}${String(i).padStart(6, '0')}`,
    tags: i % 10 === 0 ? TAGS[i % TAGS.length] : '',
    city: i % 5 === 0 ? CITIES[i % CITIES.length] : '',
  };
}

function csvOf(rows) {
  const lines = rows.map((r) => `${r.first},${r.last},${r.phone},${r.tags},,${r.city}`);
  return `Nombre,Apellido,Teléfono,Etiquetas,Correo del agente,Ciudad\n${lines.join('\n')}\n`;
}

const percentileMid = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A stream that takes and forgets bytes: where the ceiling's workbook goes. */
function sink() {
  return new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });
}

export async function contacts({ product, databaseUrl }) {
  const rowsPerFile = envInt('BENCH_CONTACTS_ROWS', 5000);
  const rounds = envInt('BENCH_CONTACTS_ROUNDS', 5);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const runId = Date.now().toString(36);
  const cases = [];
  let failed = 0;
  const channels = [];
  try {
    const {
      rows: [admin],
    } = await pool.query(
      `SELECT id, "companyId", "selectedSpaceId" FROM users WHERE email = 'admin@demo.local'`,
    );
    if (!admin) throw new Error('admin@demo.local missing: is the Demo company seeded?');
    for (const label of ['product', 'ceiling']) {
      const {
        rows: [channel],
      } = await pool.query(
        `INSERT INTO channels ("companyId", name, platform, "providerId", phone)
         VALUES ($1, $2, 'whatsapp_cloud', $3, '5213300000009') RETURNING id`,
        [admin.companyId, `WhatsApp Bench contactos ${label}`, `bench-contacts-${label}-${runId}`],
      );
      channels.push(channel.id);
      await pool.query('INSERT INTO space_channels ("channelId", "spaceId") VALUES ($1, $2)', [
        channel.id,
        admin.selectedSpaceId,
      ]);
    }
    const [productChannel, ceilingChannel] = channels;
    const login = await fetch(`${product.baseUrl}/api/loginDash`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: 'Demo12345' }),
    });
    const { token } = await login.json();
    if (!token) throw new Error('bench login failed');

    // ---- import --------------------------------------------------------------------------------------------
    const importTimes = { product: [], ceiling: [] };
    // Round 0 warms both sides up and is not counted.
    for (let r = 0; r <= rounds; r++) {
      const rows = Array.from({ length: rowsPerFile }, (_, i) => rowOf(r, i));
      const csv = csvOf(rows);
      let t = performance.now();
      const form = new FormData();
      form.append('channelId', String(productChannel));
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'contactos.csv');
      const res = await fetch(`${product.baseUrl}/api/importContacts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = await res.json().catch(() => null);
      const productMs = performance.now() - t;
      if (res.status !== 200 || body?.importContacts !== rowsPerFile) failed += 1;

      // The ceiling: the same rows in one multi-row INSERT, nothing else.
      t = performance.now();
      const values = [];
      const params = [];
      rows.forEach((row, i) => {
        const b = i * 6;
        values.push(
          `($${b + 1}::int, $${b + 2}::int, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, true, 'IMPORT')`,
        );
        params.push(
          admin.companyId,
          ceilingChannel,
          `${ceilingChannel}-${row.phone}`,
          row.phone,
          row.first,
          row.last,
        );
      });
      const inserted = await pool.query(
        `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "lastName", answered, source)
         VALUES ${values.join(', ')}`,
        params,
      );
      const ceilingMs = performance.now() - t;
      if (inserted.rowCount !== rowsPerFile) failed += 1;
      if (r > 0) {
        importTimes.product.push(productMs);
        importTimes.ceiling.push(ceilingMs);
      }
    }
    const importProduct = percentileMid(importTimes.product);
    const importCeiling = percentileMid(importTimes.ceiling);
    cases.push({
      label: `import of ${rowsPerFile} rows (CSV, 1 in 10 tagged, 1 in 5 with a data-sheet value)`,
      product: importProduct,
      ceiling: importCeiling,
      ratio: importProduct / importCeiling,
      rounds,
    });

    // ---- export --------------------------------------------------------------------------------------------
    // The product's channel now holds rounds + 1 imports; export the first round's contacts: one page of 5000.
    const { rows: ids } = await pool.query(
      `SELECT count(*)::int AS n FROM clients WHERE "channelId" = $1 AND "senderId" LIKE '5218800%'`,
      [productChannel],
    );
    const exportCount = ids[0].n;
    const filter = { channelsIds: [productChannel], keyword: '5218800' };
    // The ceiling writes the very cells the product wrote, read back from one product export.
    const sample = await fetch(`${product.baseUrl}/api/contacts/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ format: 'xlsx', ...filter }),
    });
    if (sample.status !== 200) throw new Error(`export answered ${sample.status}: ${await sample.text()}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await sample.arrayBuffer());
    const cells = [];
    workbook.worksheets[0].eachRow((row) => {
      cells.push((row.values ?? []).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
    });
    if (cells.length !== exportCount + 1) failed += 1;
    const [header, ...data] = cells;

    const exportTimes = { product: [], ceiling: [] };
    for (let r = 0; r <= rounds; r++) {
      let t = performance.now();
      const res = await fetch(`${product.baseUrl}/api/contacts/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ format: 'xlsx', ...filter }),
      });
      const bytes = await res.arrayBuffer();
      const productMs = performance.now() - t;
      if (res.status !== 200 || bytes.byteLength < 1000) failed += 1;

      t = performance.now();
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink(), useStyles: true });
      const sheet = writer.addWorksheet('Contactos');
      sheet.columns = header.map((title) => ({ header: title, width: Math.max(14, title.length + 2) }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for (const row of data) sheet.addRow(row).commit();
      sheet.commit();
      await writer.commit();
      const ceilingMs = performance.now() - t;
      if (r > 0) {
        exportTimes.product.push(productMs);
        exportTimes.ceiling.push(ceilingMs);
      }
    }
    const exportProduct = percentileMid(exportTimes.product);
    const exportCeiling = percentileMid(exportTimes.ceiling);
    cases.push({
      label: `XLSX export of ${exportCount} contacts`,
      product: exportProduct,
      ceiling: exportCeiling,
      ratio: exportProduct / exportCeiling,
      rounds,
    });
  } finally {
    // Leave the database as found: the bench channels, their contacts and the tag only the bench made.
    if (channels.length > 0) {
      await pool.query(`DELETE FROM clients WHERE "channelId" = ANY($1)`, [channels]);
      await pool.query(`DELETE FROM space_channels WHERE "channelId" = ANY($1)`, [channels]);
      await pool.query(`DELETE FROM channels WHERE id = ANY($1)`, [channels]);
    }
    await pool.query(`DELETE FROM tags WHERE name = 'Bench importada'`);
    await pool.end();
  }
  return { name: 'contacts import and export', unit: 'ms', target: 3, cases, failed };
}

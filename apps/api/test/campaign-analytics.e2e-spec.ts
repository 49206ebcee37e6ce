import {
  CAMPAIGN_FAILED_REASON_TITLES,
  formatMediumDateTime,
  formatPhone,
  UNNAMED_CONTACT,
  userMessageFor,
} from '@crm/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import { addChannel, newCompany, uniqueNumber } from './template-helpers';

// Issue 18, a campaign's results (01 §2.7 analytics, §3 Campaign statistics, §7 the export): recipients written
// straight into the tables in every delivery state (the dispatcher is tested in campaigns.e2e-spec.ts), then the
// counts, the reasons of the failures, the five lists, the workbook, the phone privacy and the refusals.

let t: TestApp;
let ds: TestSql;

interface Company {
  token: string;
  companyId: number;
  channelId: number;
}

const TIME_ZONE = 'America/Mexico_City';
const CREATED_AT = '2030-05-01T16:30:00.000Z';

async function company(label: string): Promise<Company> {
  const { token, companyId } = await newCompany(t, ds, label);
  const providerId = String(uniqueNumber());
  const channelId = await addChannel(t, ds, companyId, 'whatsapp_cloud', providerId, `token-${providerId}`);
  await ds.query(`UPDATE companies SET timezone = $2 WHERE id = $1`, [companyId, TIME_ZONE]);
  return { token, companyId, channelId };
}

function api(token: string, method: 'get' | 'post', path: string) {
  return t.http[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
}

function download(token: string, campaignId: number) {
  return api(token, 'get', `/campaign/${campaignId}/export`)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
  );
  return workbook;
}

/** A recipient as the dispatcher and the status pipeline would leave it. */
interface RecipientSpec {
  key: string;
  state: 'pending' | 'sending' | 'check' | 'sent' | 'failed' | 'skipped';
  /** The message's status; no message when absent. */
  message?: 'pending' | 'sent' | 'delivered' | 'viewed' | 'failed';
  name?: string | null;
  nameFromChannel?: string | null;
  errorCode?: string | null;
  errorTitle?: string | null;
  messageErrorCode?: string | null;
  messageErrorInfo?: string | null;
}

let phoneSeq = 0;
function newPhone(): string {
  phoneSeq += 1;
  return `52155${String(Date.now()).slice(-5)}${String(phoneSeq).padStart(3, '0')}`;
}

/** A finished campaign of `owner` with its recipients in order; their phones by key. */
async function campaignWith(owner: Company, specs: RecipientSpec[]) {
  const [campaign] = await ds.query(
    `INSERT INTO campaigns ("companyId", "channelId", name, "tagIds", template, "sendAt", status, total, sent, failed,
                            "createdAt", "totalCost")
     VALUES ($1, $2, $3, '{}', $4, $5, 'FINISHED', $6, 0, 0, $5, 0.1234) RETURNING id`,
    [
      owner.companyId,
      owner.channelId,
      'Promo de mayo',
      JSON.stringify({ name: 'promo_mayo', language: 'es_MX', category: 'marketing', components: [] }),
      CREATED_AT,
      specs.length,
    ],
  );
  const phones = new Map<string, string>();
  for (const spec of specs) {
    const phone = newPhone();
    phones.set(spec.key, phone);
    const name = spec.name === undefined ? `Cliente ${spec.key}` : spec.name;
    const [client] = await ds.query(
      `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "nameFromChannel")
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        owner.companyId,
        owner.channelId,
        `${owner.channelId}-${phone}`,
        phone,
        name,
        spec.nameFromChannel ?? null,
      ],
    );
    let messageId: number | null = null;
    if (spec.message) {
      const [message] = await ds.query(
        `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, "messageStatus", time,
                               "messageApiId", "errorCode", "errorInfo")
         VALUES ($1, $2, $3, 'template', 'Hola', 'BOT', $4, now(), $5, $6, $7) RETURNING id`,
        [
          owner.companyId,
          client.id,
          owner.channelId,
          spec.message,
          spec.state === 'sent' ? `wamid.ANALYTICS-${phone}` : null,
          spec.messageErrorCode ?? null,
          spec.messageErrorInfo ?? null,
        ],
      );
      messageId = message.id as number;
    }
    await ds.query(
      `INSERT INTO campaign_recipients ("campaignId", "companyId", "channelId", "clientId", phone, country, state,
                                        "messageId", "errorCode", "errorTitle", "claimedAt", "sentAt")
       VALUES ($1, $2, $3, $4, $5, 'MX', $6::varchar, $7, $8, $9,
               CASE WHEN $6::varchar = 'pending' THEN NULL ELSE now() END, CASE WHEN $6::varchar = 'sent' THEN now() END)`,
      [
        campaign.id,
        owner.companyId,
        owner.channelId,
        client.id,
        phone,
        spec.state,
        messageId,
        spec.errorCode ?? null,
        spec.errorTitle ?? null,
      ],
    );
  }
  return { id: campaign.id as number, phones };
}

async function userIdOf(companyId: number): Promise<number> {
  const [row] = await ds.query(`SELECT id FROM users WHERE "companyId" = $1 ORDER BY id LIMIT 1`, [
    companyId,
  ]);
  return row.id as number;
}

async function dropPermission(companyId: number, permission: string): Promise<void> {
  const userId = await userIdOf(companyId);
  const [, removed] = await ds.query(
    `DELETE FROM role_permissions rp USING permissions p, users u
      WHERE rp."permissionId" = p.id AND p.name = $2 AND rp."roleId" = u."roleId" AND u.id = $1`,
    [userId, permission],
  );
  expect(removed).toBe(1);
}

async function restorePermission(companyId: number, permission: string): Promise<void> {
  const userId = await userIdOf(companyId);
  await ds.query(
    `INSERT INTO role_permissions ("roleId", "permissionId")
     SELECT u."roleId", p.id FROM users u, permissions p WHERE u.id = $1 AND p.name = $2
     ON CONFLICT DO NOTHING`,
    [userId, permission],
  );
}

// Every state a recipient can be in, in the order they were written. Where the recipient's own state says it was
// not (or not surely) sent, its message's status does not count: a delivery webhook may beat the sender's write.
const SPECS: RecipientSpec[] = [
  { key: 'pending', state: 'pending' },
  { key: 'sending', state: 'sending', message: 'delivered' },
  { key: 'check', state: 'check', message: 'sent' },
  { key: 'sent', state: 'sent', message: 'sent' },
  { key: 'delivered', state: 'sent', message: 'delivered', name: null, nameFromChannel: 'Perfil Delia' },
  { key: 'viewed', state: 'sent', message: 'viewed' },
  // A customer nobody named is called by the number: that name is a phone too.
  { key: 'viewedPhoneName', state: 'sent', message: 'viewed', name: 'PHONE' },
  {
    key: 'failedAtCall',
    state: 'failed',
    message: 'failed',
    errorCode: '131026',
    errorTitle: 'Message undeliverable',
    messageErrorCode: '131026',
    messageErrorInfo: 'Message undeliverable',
  },
  {
    key: 'failedAfter',
    state: 'sent',
    message: 'failed',
    messageErrorCode: '131049',
    messageErrorInfo: 'Healthy ecosystem engagement',
  },
  { key: 'skipped', state: 'skipped' },
  {
    key: 'failedAtCall2',
    state: 'failed',
    message: 'failed',
    errorCode: '131026',
    errorTitle: 'Message undeliverable',
    messageErrorCode: '131026',
    messageErrorInfo: 'Message undeliverable',
  },
];

let a: Company;
let campaign: { id: number; phones: Map<string, string> };

beforeAll(async () => {
  t = await startTestApp({ JOBS_ENABLED: 'false' });
  ds = testSql();
  a = await company('resultadosa');
  campaign = await campaignWith(a, SPECS);
  // The one whose name is its number.
  const phone = campaign.phones.get('viewedPhoneName') as string;
  await ds.query(`UPDATE clients SET name = $2 WHERE "senderId" = $1`, [phone, phone]);
});
afterAll(async () => {
  await t?.close();
});

const phoneOf = (key: string) => formatPhone(campaign.phones.get(key) as string);

describe('POST /api/campaign/analitycs', () => {
  it('answers the campaign, its recipients by delivery status and the reasons of its failures', async () => {
    const res = await api(a.token, 'post', '/campaign/analitycs').send({ campaignId: campaign.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['campaign', 'failedReasons', 'totals']);
    expect(res.body.campaign).toMatchObject({
      id: campaign.id,
      name: 'Promo de mayo',
      channelId: a.channelId,
      companyId: a.companyId,
      status: 'FINISHED',
      statusLabel: 'Finalizada',
      templateName: 'promo_mayo',
      createdAt: CREATED_AT,
      total: SPECS.length,
      totalCost: 0.1234,
    });
    expect(res.body.totals).toEqual({
      total: 11,
      pending: 2,
      check: 1,
      sent: 1,
      delivered: 1,
      viewed: 2,
      failed: 4,
    });
    expect(res.body.failedReasons).toEqual([
      { code: '131026', title: 'Message undeliverable', count: 2 },
      { code: '131049', title: 'Healthy ecosystem engagement', count: 1 },
      { code: 'SKIPPED', title: CAMPAIGN_FAILED_REASON_TITLES.SKIPPED, count: 1 },
    ]);
  });

  it('moves a recipient between the counts as its message moves through the status pipeline', async () => {
    const phone = campaign.phones.get('sent') as string;
    await ds.query(
      `UPDATE messages SET "messageStatus" = 'viewed' WHERE id = (SELECT r."messageId" FROM campaign_recipients r
        WHERE r."campaignId" = $1 AND r.phone = $2)`,
      [campaign.id, phone],
    );
    try {
      const res = await api(a.token, 'post', '/campaign/analitycs').send({ campaignId: campaign.id });
      expect(res.body.totals).toMatchObject({ sent: 0, viewed: 3, total: 11 });
    } finally {
      await ds.query(
        `UPDATE messages SET "messageStatus" = 'sent' WHERE id = (SELECT r."messageId" FROM campaign_recipients r
          WHERE r."campaignId" = $1 AND r.phone = $2)`,
        [campaign.id, phone],
      );
    }
  });

  it('counts nothing for a campaign that has not started', async () => {
    const empty = await campaignWith(a, []);
    const res = await api(a.token, 'post', '/campaign/analitycs').send({ campaignId: empty.id });
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({
      total: 0,
      pending: 0,
      check: 0,
      sent: 0,
      delivered: 0,
      viewed: 0,
      failed: 0,
    });
    expect(res.body.failedReasons).toEqual([]);
  });

  it('refuses a missing or malformed id with 400 on campaignId', async () => {
    for (const body of [{}, { campaignId: 'abc' }, { campaignId: 0 }, { campaignId: 1.5 }]) {
      const res = await api(a.token, 'post', '/campaign/analitycs').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(res.body)).toBe('campaignId');
      expect(typeof res.body.userMessage).toBe('string');
    }
  });

  it('answers 404 for a deleted campaign and for one that does not exist', async () => {
    const gone = await campaignWith(a, []);
    await ds.query(`UPDATE campaigns SET "deletedAt" = now() WHERE id = $1`, [gone.id]);
    for (const campaignId of [gone.id, 2_000_000_000]) {
      const res = await api(a.token, 'post', '/campaign/analitycs').send({ campaignId });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('CAMPAIGN_NOT_FOUND');
    }
  });
});

describe('GET /api/campaign/:id/statistics', () => {
  it('answers the five lists of phones, formatted, in the order the recipients were written', async () => {
    const res = await api(a.token, 'get', `/campaign/${campaign.id}/statistics`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      successfulMessages: [
        phoneOf('sent'),
        phoneOf('delivered'),
        phoneOf('viewed'),
        phoneOf('viewedPhoneName'),
      ],
      sentdMessages: [phoneOf('sent')],
      deliveredMessages: [phoneOf('delivered')],
      viewedMessages: [phoneOf('viewed'), phoneOf('viewedPhoneName')],
      failedMessages: [
        phoneOf('failedAtCall'),
        phoneOf('failedAfter'),
        phoneOf('skipped'),
        phoneOf('failedAtCall2'),
      ],
    });
    // Grouped as Mexico writes it, without the WhatsApp 1.
    expect(phoneOf('sent')).toMatch(/^\+52 55 \d{4} \d{4}$/);
  });

  it('refuses an id that is not a number with 400', async () => {
    const res = await api(a.token, 'get', '/campaign/abc/statistics');
    expect(res.status).toBe(400);
  });
});

describe('GET /api/campaign/:id/export', () => {
  it("streams campana-<id>.xlsx: the title, the name and date, 'Números', then a column per list", async () => {
    const res = await download(a.token, campaign.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(`attachment; filename="campana-${campaign.id}.xlsx"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const workbook = await workbookOf(res.body as Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['campaign statistics']);
    const sheet = workbook.getWorksheet('campaign statistics') as ExcelJS.Worksheet;
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual(['Estadísticas de la campaña']);
    expect(row(2)).toEqual(['Promo de mayo', formatMediumDateTime(CREATED_AT, TIME_ZONE)]);
    // 10:30 in Mexico City: the company's zone, not the server's.
    expect(row(2)[1]).toMatch(/^1 may 2030, 10:30/);
    expect(row(3)).toEqual(['Números']);
    expect(row(4)).toEqual(['Estado', 'Exitosos', 'Fallidos', 'Recibidos', 'Leídos']);
    const column = (n: number) =>
      [5, 6, 7, 8].map((r) => sheet.getRow(r).getCell(n).value).filter((v) => v !== null && v !== undefined);
    expect(column(1)).toEqual([phoneOf('sent')]);
    expect(column(2)).toEqual([
      phoneOf('sent'),
      phoneOf('delivered'),
      phoneOf('viewed'),
      phoneOf('viewedPhoneName'),
    ]);
    expect(column(3)).toEqual([
      phoneOf('failedAtCall'),
      phoneOf('failedAfter'),
      phoneOf('skipped'),
      phoneOf('failedAtCall2'),
    ]);
    expect(column(4)).toEqual([phoneOf('delivered')]);
    expect(column(5)).toEqual([phoneOf('viewed'), phoneOf('viewedPhoneName')]);
    expect(sheet.rowCount).toBe(8);
  });
});

describe('without canSeePhoneNumber', () => {
  it('lists and exports the contacts by name, never by number', async () => {
    await dropPermission(a.companyId, 'canSeePhoneNumber');
    try {
      const res = await api(a.token, 'get', `/campaign/${campaign.id}/statistics`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        successfulMessages: ['Cliente sent', 'Perfil Delia', 'Cliente viewed', UNNAMED_CONTACT],
        sentdMessages: ['Cliente sent'],
        deliveredMessages: ['Perfil Delia'],
        viewedMessages: ['Cliente viewed', UNNAMED_CONTACT],
        failedMessages: [
          'Cliente failedAtCall',
          'Cliente failedAfter',
          'Cliente skipped',
          'Cliente failedAtCall2',
        ],
      });
      expect(JSON.stringify(res.body)).not.toMatch(/\d{6}/);

      const file = await download(a.token, campaign.id);
      expect(file.status).toBe(200);
      const sheet = (await workbookOf(file.body as Buffer)).getWorksheet(
        'campaign statistics',
      ) as ExcelJS.Worksheet;
      const cells: unknown[] = [];
      sheet.eachRow((row) => {
        cells.push(...(row.values as unknown[]).slice(1));
      });
      expect(cells.join('|')).not.toMatch(/\d{6}/);
      expect(sheet.getRow(5).getCell(2).value).toBe('Cliente sent');
      expect(sheet.getRow(5).getCell(3).value).toBe('Cliente failedAtCall');
      expect(sheet.getRow(6).getCell(5).value).toBe(UNNAMED_CONTACT);

      // The counts hold no phone: they are the same.
      const totals = await api(a.token, 'post', '/campaign/analitycs').send({ campaignId: campaign.id });
      expect(totals.body.totals.failed).toBe(4);
    } finally {
      await restorePermission(a.companyId, 'canSeePhoneNumber');
    }
    // Given back, the numbers come back (the permission is read per request).
    const again = await api(a.token, 'get', `/campaign/${campaign.id}/statistics`);
    expect(again.body.sentdMessages).toEqual([phoneOf('sent')]);
  });
});

describe('refusals', () => {
  it("answers 404 CAMPAIGN_NOT_FOUND for another company's campaign on every route", async () => {
    const b = await company('resultadosb');
    const analytics = await api(b.token, 'post', '/campaign/analitycs').send({ campaignId: campaign.id });
    expect(analytics.status).toBe(404);
    expect(analytics.body.code).toBe('CAMPAIGN_NOT_FOUND');
    expect(analytics.body.userMessage).toBe(userMessageFor('CAMPAIGN_NOT_FOUND'));
    const statistics = await api(b.token, 'get', `/campaign/${campaign.id}/statistics`);
    expect(statistics.status).toBe(404);
    expect(statistics.body.code).toBe('CAMPAIGN_NOT_FOUND');
    const file = await api(b.token, 'get', `/campaign/${campaign.id}/export`);
    expect(file.status).toBe(404);
    expect(file.headers['content-type']).toMatch(/application\/json/);
    expect(file.body.code).toBe('CAMPAIGN_NOT_FOUND');
    // Nothing of A's campaign in the answers.
    expect(JSON.stringify([analytics.body, statistics.body, file.body])).not.toContain('Promo de mayo');
  });

  it('answers 403 without the campaigns permission, and no token 401', async () => {
    const c = await company('resultadosc');
    const own = await campaignWith(c, [{ key: 'x', state: 'sent', message: 'viewed' }]);
    expect((await api(c.token, 'get', `/campaign/${own.id}/statistics`)).status).toBe(200);
    await dropPermission(c.companyId, 'campaigns');
    for (const res of [
      await api(c.token, 'post', '/campaign/analitycs').send({ campaignId: own.id }),
      await api(c.token, 'get', `/campaign/${own.id}/statistics`),
      await api(c.token, 'get', `/campaign/${own.id}/export`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
    expect((await t.http.get(`/api/campaign/${own.id}/statistics`)).status).toBe(401);
  });
});

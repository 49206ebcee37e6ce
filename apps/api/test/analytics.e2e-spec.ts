import {
  ANALYTICS_EXPORT_COLUMNS,
  ANALYTICS_EXPORT_FILE_NAME,
  ANALYTICS_ROW_CAP,
  type AnalyticsResponse,
  BOT_REPORT_COLUMNS,
  BOT_REPORT_FILE_NAME,
  type PanelOverview,
} from '@crm/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsRepository } from '../src/modules/analytics/analytics.repository';
import { wholeDaysIn } from '../src/modules/analytics/analytics-scope.service';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import { addChannel, newCompany, uniqueNumber } from './template-helpers';

// Issue 20, statistics. One company (America/Mexico_City, UTC−6 all year) whose messages are inserted straight into
// `messages`: the triggers of the analytics migration are what is tested, they build the sessions the dashboard
// reads. The period is Tue 2026-11-10 and Wed 2026-11-11, local days: [2026-11-10T06:00Z, 2026-11-12T06:00Z).
//
//  contact  channel    agent (at open)  messages (UTC; local = UTC−6)                         session
//  c1       WhatsApp   A1               Tue 15:00 CLIENT (from an ad), 15:04 A1, 15:10 CLIENT  S1 Tue, A1, 4 min
//                                       Wed 16:00 CLIENT (24 h 50 min later: a new one),       S2 Wed, A1, 30 min,
//                                       16:30 A1; survey 5 at 16:40                               rated 5
//  c2       WhatsApp   —                Wed 05:30 CLIENT (= Tue 23:30 local), 05:30:10 BOT     S3 Tue, A2 (first to
//                                       (menu), 06:10 A2                                          answer), 40 min
//  c3       Messenger  —                Wed 14:00 CLIENT, 14:00:05 BOT welcome (not an answer) S4 Wed, unanswered
//  c4       Messenger  A2               Wed 18:00 CLIENT, 18:00:05 BOT (menu); survey 3        S5 Wed, A2, bot only
//  c5       WhatsApp   —                Wed 12:00 BOT campaign                                 none (opens nothing)
//
// Cards: total 5; WhatsApp 3 (S1 S2 S3), Messenger 2; from ads 1; answered 4 (S4 is not); unanswered 1.
// Active at the period's end (customer wrote after Wed 06:00Z): S2 16:00, S4 14:00, S5 18:00 → 3.
// Customer messages 6, local hours 9, 9, 10, 23, 8, 12 → busiest hour 9. Response (4 + 30 + 40) / 3 = 24.7 min.
// Bot: conversations 2 (S3 S5), only the bot 1 (S5), handed over 1 (S3).
// Per day: Tue 2 opened / 2 answered (S1 S3), Wed 3 / 2 (S2 S4 S5). Buckets: 1–5 min 1, 15–60 min 2.
// A1: 2 sessions, 2 answered, (4 + 30) / 2 = 17 min, rating 5, 2 messages, duration (10 + 30 min) / 2 = 0.3 h.
// A2: 2 sessions (S3 S5), 1 answered, 40 min, rating 3, 1 message, bot answered 2, (40 min + 5 s) / 2 = 0.3 h.

const TZ = 'America/Mexico_City';
const RANGE = { startDate: '2026-11-10T06:00:00.000Z', endDate: '2026-11-12T06:00:00.000Z' };

let t: TestApp;
let ds: TestSql;
let companyId: number;
let adminToken: string;
let a1: { id: number; token: string };
let a2: { id: number; token: string };
let otherCompanyId: number;
let wa: number;
let ms: number;
const contacts: Record<string, { id: number; phone: string }> = {};

function api(token: string, method: 'get' | 'post', path: string) {
  return t.http[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
}

function download(token: string, path: string) {
  return api(token, 'get', path)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

async function sheets(body: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
  );
  const out: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    out[sheet.name] = rows;
  });
  return out;
}

async function contact(key: string, channelId: number, agentId: number | null): Promise<void> {
  const phone = `521559${String(uniqueNumber()).slice(-7)}`;
  const [row] = await ds.query(
    `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "agentId")
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [companyId, channelId, `${channelId}-${phone}`, phone, `Cliente ${key}`, agentId],
  );
  contacts[key] = { id: row.id as number, phone };
}

async function message(
  key: string,
  sender: 'CLIENT' | 'AGENT' | 'BOT',
  time: string,
  extra: { userId?: number; payload?: object } = {},
): Promise<void> {
  const [client] = await ds.query(`SELECT "channelId" FROM clients WHERE id = $1`, [contacts[key].id]);
  await ds.query(
    `INSERT INTO messages ("companyId", "clientId", "channelId", content, sender, "senderUserId", time, payload)
     VALUES ($1, $2, $3, 'hola', $4, $5, $6, $7)`,
    [
      companyId,
      contacts[key].id,
      client.channelId,
      sender,
      extra.userId ?? null,
      time,
      extra.payload ? JSON.stringify(extra.payload) : null,
    ],
  );
}

async function survey(key: string, value: number, answeredAt: string, channelId: number): Promise<void> {
  await ds.query(
    `INSERT INTO survey_requests ("companyId", "channelId", "clientId", "sentAt", "answeredAt", value)
     VALUES ($1, $2, $3, $4, $4, $5)`,
    [companyId, channelId, contacts[key].id, answeredAt, value],
  );
}

async function agent(name: string, roleId: number, ownerId: number, spaceId: number) {
  const email = `${name.toLowerCase()}-${companyId}@example.com`;
  const [row] = await ds.query(
    `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
     SELECT "companyId", $1, $2, $3, "passwordHash", $5 FROM users WHERE id = $4 RETURNING id`,
    [roleId, name, email, ownerId, spaceId],
  );
  await ds.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2)`, [row.id, spaceId]);
  return { id: row.id as number, token: await login(t, email, 'Segura123') };
}

function dashboard(token: string, body: object) {
  return api(token, 'post', '/analytics').send(body);
}

beforeAll(async () => {
  t = await startTestApp();
  ds = testSql();
  const owner = await newCompany(t, ds, 'estadisticas');
  companyId = owner.companyId;
  adminToken = owner.token;
  await ds.query(`UPDATE companies SET timezone = $2 WHERE id = $1`, [companyId, TZ]);
  wa = await addChannel(t, ds, companyId, 'whatsapp_cloud', String(uniqueNumber()), 'token-wa');
  ms = await addChannel(t, ds, companyId, 'messenger', String(uniqueNumber()), 'token-ms');
  const [{ id: ownerId }] = await ds.query(
    `SELECT id FROM users WHERE "companyId" = $1 ORDER BY id LIMIT 1`,
    [companyId],
  );
  const [space] = await ds.query(
    `INSERT INTO spaces ("companyId", name) VALUES ($1, 'Ventas') RETURNING id`,
    [companyId],
  );
  await ds.query(`INSERT INTO space_channels ("channelId", "spaceId") VALUES ($1, $3), ($2, $3)`, [
    wa,
    ms,
    space.id,
  ]);
  // Agents see statistics through readAnalytics (not in the default agent role); no canSeePhoneNumber.
  // One role each, so a test can take the permission from one of them.
  const roles: number[] = [];
  for (const key of ['a1', 'a2']) {
    const [role] = await ds.query(
      `INSERT INTO roles ("companyId", name, key) VALUES ($1, $2, $2) RETURNING id`,
      [companyId, `agente-${key}`],
    );
    await ds.query(
      `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions WHERE name = ANY($2)`,
      [role.id, ['agent', 'readChat', 'readAnalytics']],
    );
    roles.push(role.id as number);
  }
  a1 = await agent('Ana', roles[0], ownerId, space.id);
  a2 = await agent('Beto', roles[1], ownerId, space.id);

  await contact('c1', wa, a1.id);
  await contact('c2', wa, null);
  await contact('c3', ms, null);
  await contact('c4', ms, a2.id);
  await contact('c5', wa, null);
  await message('c1', 'CLIENT', '2026-11-10T15:00:00Z', { payload: { referral: { source: 'ad' } } });
  await message('c1', 'AGENT', '2026-11-10T15:04:00Z', { userId: a1.id });
  await message('c1', 'CLIENT', '2026-11-10T15:10:00Z');
  await message('c1', 'CLIENT', '2026-11-11T16:00:00Z');
  await message('c1', 'AGENT', '2026-11-11T16:30:00Z', { userId: a1.id });
  await survey('c1', 5, '2026-11-11T16:40:00Z', wa);
  await message('c2', 'CLIENT', '2026-11-11T05:30:00Z');
  await message('c2', 'BOT', '2026-11-11T05:30:10Z', { payload: { automation: 'chatbot' } });
  await message('c2', 'AGENT', '2026-11-11T06:10:00Z', { userId: a2.id });
  await message('c3', 'CLIENT', '2026-11-11T14:00:00Z');
  await message('c3', 'BOT', '2026-11-11T14:00:05Z', { payload: { automation: 'welcome' } });
  await message('c4', 'CLIENT', '2026-11-11T18:00:00Z');
  await message('c4', 'BOT', '2026-11-11T18:00:05Z', { payload: { automation: 'chatbot' } });
  await survey('c4', 3, '2026-11-11T18:30:00Z', ms);
  await message('c5', 'BOT', '2026-11-11T12:00:00Z', { payload: { campaignRecipientId: 1 } });
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/analytics (company scope)', () => {
  let body: AnalyticsResponse;
  beforeAll(async () => {
    const res = await dashboard(adminToken, { ...RANGE, channelsIds: [] });
    expect(res.status).toBe(200);
    body = res.body as AnalyticsResponse;
  });

  it('counts the cards by the session definitions', () => {
    expect(body).toMatchObject({
      total: 5,
      totalActive: 3,
      whatsapp: 3,
      messenger: 2,
      sms: 0,
      totalFromAds: 1,
      totalAnswered: 4,
      totalUnanswered: 1,
      totalMessages: 6,
      timeWithMoreMessages: 9,
      responseMinutes: 24.7,
      botStats: { botConversations: 2, botOnly: 1, handedOver: 1 },
      scope: 'company',
      usesBots: true,
      range: { startDate: RANGE.startDate, endDate: RANGE.endDate, timezone: TZ, days: 2 },
    });
    expect(body.previous).toMatchObject({
      total: 0,
      totalMessages: 0,
      timeWithMoreMessages: null,
      responseMinutes: null,
    });
  });

  it('fills the agent table', () => {
    expect(body.agents).toEqual([
      {
        agentId: a1.id,
        name: 'Ana',
        total: 2,
        answered: 2,
        unanswered: 0,
        responseMinutes: 17,
        rating: 5,
        ratingsCount: 1,
        messages: 2,
        responseAfterAssignmentMinutes: 17,
        botAnswered: 0,
        avgDurationHours: 0.3,
      },
      {
        agentId: a2.id,
        name: 'Beto',
        total: 2,
        answered: 1,
        unanswered: 1,
        responseMinutes: 40,
        rating: 3,
        ratingsCount: 1,
        messages: 1,
        responseAfterAssignmentMinutes: 40,
        botAnswered: 2,
        avgDurationHours: 0.3,
      },
    ]);
  });

  it('draws the per-day series, the heatmap, the channels and the response buckets in the company time zone', () => {
    expect(body.perDay).toEqual([
      { date: '2026-11-10', conversations: 2, answered: 2 },
      { date: '2026-11-11', conversations: 3, answered: 2 },
    ]);
    expect(body.heatmap).toHaveLength(168);
    expect(body.heatmap.filter((cell) => cell.messages > 0)).toEqual([
      { weekday: 1, hour: 9, messages: 2 },
      { weekday: 1, hour: 23, messages: 1 },
      { weekday: 2, hour: 8, messages: 1 },
      { weekday: 2, hour: 10, messages: 1 },
      { weekday: 2, hour: 12, messages: 1 },
    ]);
    expect(body.byChannel.map((c) => [c.channelId, c.conversations])).toEqual([
      [wa, 3],
      [ms, 2],
    ]);
    expect(Object.fromEntries(body.responseTimes.map((b) => [b.key, b.count]))).toEqual({
      lt1m: 0,
      '1to5m': 1,
      '5to15m': 0,
      '15to60m': 2,
      '1to4h': 0,
      gt4h: 0,
    });
  });

  it('lists the sessions newest first, with phones for a user who may see them', () => {
    expect(body).toMatchObject({ clientsTotal: 5, rowCap: 500, rowCapExceeded: false });
    expect(body.clients.map((c) => [c.name, c.startedAt, c.answeredBy, c.responseMinutes, c.rating])).toEqual(
      [
        ['Cliente c4', '2026-11-11T18:00:00.000Z', 'BOT', null, 3],
        ['Cliente c1', '2026-11-11T16:00:00.000Z', 'AGENT', 30, 5],
        ['Cliente c3', '2026-11-11T14:00:00.000Z', null, null, null],
        ['Cliente c2', '2026-11-11T05:30:00.000Z', 'BOT', 40, null],
        ['Cliente c1', '2026-11-10T15:00:00.000Z', 'AGENT', 4, null],
      ],
    );
    expect(body.clients[1]).toMatchObject({
      phone: contacts.c1.phone,
      channelId: wa,
      agentName: 'Ana',
      messages: 2,
    });
    // A Messenger contact's id is no phone.
    expect(body.clients[0].phone).toBeNull();
    expect(body.clients[4]).toMatchObject({ fromAd: true, messages: 3 });
  });

  it('filters by channel, and answers the same through GraphQL', async () => {
    const res = await dashboard(adminToken, { ...RANGE, channelsIds: [ms] });
    expect(res.body).toMatchObject({
      total: 2,
      whatsapp: 0,
      messenger: 2,
      totalMessages: 2,
      totalAnswered: 1,
    });
    const q = await gql<{ analytics: AnalyticsResponse }>(
      t,
      adminToken,
      `query($input: AnalyticsInput!) { analytics(input: $input) }`,
      { input: { ...RANGE, channelsIds: [] } },
    );
    expect(q.data?.analytics).toMatchObject({ total: 5, totalAnswered: 4, timeWithMoreMessages: 9 });
  });
});

describe('agent scope', () => {
  it('shows an agent only their own sessions and row, without phones', async () => {
    const res = await dashboard(a1.token, { ...RANGE, channelsIds: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      scope: 'agent',
      total: 2,
      whatsapp: 2,
      messenger: 0,
      totalFromAds: 1,
      totalAnswered: 2,
      totalMessages: 3,
      responseMinutes: 17,
      clientsTotal: 2,
    });
    const body = res.body as AnalyticsResponse;
    expect(body.agents.map((row) => row.agentId)).toEqual([a1.id]);
    expect(body.clients.every((c) => c.phone === null && c.agentName === 'Ana')).toBe(true);
  });
});

describe('range rules and access', () => {
  it('refuses a range longer than the company limit, naming it, and accepts it under an override', async () => {
    const long = {
      startDate: '2026-10-27T06:00:00.000Z',
      endDate: '2026-11-12T06:00:00.000Z',
      channelsIds: [],
    };
    const res = await dashboard(adminToken, long);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'ANALYTICS_RANGE_TOO_LONG',
      field: 'endDate',
      userMessage: 'El rango de fechas no puede superar 15 días.',
    });
    await ds.query(`UPDATE companies SET "analyticsRangeDays" = 31 WHERE id = $1`, [companyId]);
    try {
      expect((await dashboard(adminToken, long)).body).toMatchObject({ total: 5, range: { days: 16 } });
    } finally {
      await ds.query(`UPDATE companies SET "analyticsRangeDays" = NULL WHERE id = $1`, [companyId]);
    }
  });

  it('counts whole days of the company time zone, and compares with as many days just before', async () => {
    // Wed 08:00 to 14:00 local is the whole Wednesday; its previous period is the whole Tuesday.
    const res = await dashboard(adminToken, {
      startDate: '2026-11-11T14:00:00.000Z',
      endDate: '2026-11-11T20:00:00.000Z',
      channelsIds: [],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      range: { startDate: '2026-11-11T06:00:00.000Z', endDate: '2026-11-12T06:00:00.000Z', days: 1 },
      total: 3,
      totalActive: 3,
      totalAnswered: 2,
      responseMinutes: 30,
      perDay: [{ date: '2026-11-11', conversations: 3, answered: 2 }],
      // Tuesday: S1 and S3, both still open at Wednesday 00:00 local (S1's customer wrote at 09:10, S3's at 23:30).
      previous: { total: 2, totalActive: 2, totalAnswered: 2, responseMinutes: 22, totalMessages: 3 },
    });
    // An end at the last millisecond of the last day is the same period.
    const inclusive = await dashboard(adminToken, { ...RANGE, endDate: '2026-11-12T05:59:59.999Z' });
    expect(inclusive.body).toMatchObject({ total: 5, range: { endDate: RANGE.endDate, days: 2 } });
  });

  it('reads the figures of a changed company on its new facts, not on those of its last request', async () => {
    // The dashboard starts the figures on the facts the viewer's last request resolved to (Mexico City here) and
    // keeps them only when the scope answers the same query: after a time zone change the days are UTC's.
    expect((await dashboard(adminToken, RANGE)).body).toMatchObject({
      total: 5,
      range: { timezone: TZ, days: 2 },
    });
    await ds.query(`UPDATE companies SET timezone = 'UTC' WHERE id = $1`, [companyId]);
    try {
      const res = await dashboard(adminToken, RANGE);
      expect(res.body).toMatchObject({
        range: {
          timezone: 'UTC',
          startDate: '2026-11-10T00:00:00.000Z',
          endDate: '2026-11-13T00:00:00.000Z',
          days: 3,
        },
        total: 5,
      });
      // S3 opened Wed 05:30Z: Tuesday in Mexico City, Wednesday in UTC.
      expect(
        res.body.perDay.map((d: { date: string; conversations: number }) => [d.date, d.conversations]),
      ).toEqual([
        ['2026-11-10', 1],
        ['2026-11-11', 4],
        ['2026-11-12', 0],
      ]);
    } finally {
      await ds.query(`UPDATE companies SET timezone = $2 WHERE id = $1`, [companyId, TZ]);
    }
    expect((await dashboard(adminToken, RANGE)).body).toMatchObject({ range: { timezone: TZ, days: 2 } });
  });

  it('computes whole days in Node as PostgreSQL does, across daylight-saving changes', async () => {
    const repository = t.app.get(AnalyticsRepository);
    const { companyId: own } = await newCompany(t, ds, 'wholedays');
    const ranges = [
      ['2026-11-10T06:00:00.000Z', '2026-11-12T06:00:00.000Z'],
      ['2026-11-11T14:00:00.000Z', '2026-11-11T20:00:00.000Z'],
      ['2026-03-28T12:00:00.000Z', '2026-04-08T03:59:59.999Z'],
      ['2026-09-03T00:00:00.000Z', '2026-09-10T23:30:00.000Z'],
      ['2026-10-24T22:00:00.000Z', '2026-10-27T01:00:00.000Z'],
      ['2026-12-31T23:59:59.999Z', '2027-01-01T00:00:00.001Z'],
    ];
    for (const timezone of [
      'America/Mexico_City',
      'America/Santiago',
      'America/Asuncion',
      'Europe/Madrid',
      'UTC',
    ]) {
      await ds.query(`UPDATE companies SET timezone = $2 WHERE id = $1`, [own, timezone]);
      for (const [from, to] of ranges) {
        const range = { start: new Date(from), end: new Date(to) };
        const sql = await repository.contextAndDays(own, range);
        expect({ timezone, from, to, days: wholeDaysIn(timezone, range.start, range.end) }).toEqual({
          timezone,
          from,
          to,
          days: sql?.whole,
        });
      }
    }
  });

  it('refuses bad dates, an end before the start and an end after today', async () => {
    const bad = await dashboard(adminToken, { startDate: 'ayer', endDate: RANGE.endDate, channelsIds: [] });
    expect(bad.body).toMatchObject({
      code: 'ANALYTICS_INVALID_RANGE',
      field: 'startDate',
      userMessage: 'Fecha inválida',
    });
    expect(bad.status).toBe(400);
    const reversed = await dashboard(adminToken, { startDate: RANGE.endDate, endDate: RANGE.startDate });
    expect(reversed.body).toMatchObject({ code: 'ANALYTICS_INVALID_RANGE', field: 'endDate' });
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const future = await dashboard(adminToken, { startDate: new Date().toISOString(), endDate: later });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({
      code: 'ANALYTICS_INVALID_RANGE',
      field: 'endDate',
      userMessage: 'La fecha final no puede ser posterior a hoy.',
    });
  });

  it("answers 403 for another company's channel and for a user without the permission", async () => {
    const other = await newCompany(t, ds, 'estadisticasajena');
    otherCompanyId = other.companyId;
    const foreign = await addChannel(t, ds, other.companyId, 'whatsapp_cloud', String(uniqueNumber()), 'tok');
    const res = await dashboard(adminToken, { ...RANGE, channelsIds: [wa, foreign] });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    await ds.query(
      `DELETE FROM role_permissions rp USING permissions p, users u
        WHERE rp."permissionId" = p.id AND p.name = 'readAnalytics' AND rp."roleId" = u."roleId" AND u.id = $1`,
      [a2.id],
    );
    expect((await dashboard(a2.token, { ...RANGE })).status).toBe(403);
  });
});

describe('exports', () => {
  it(`exports ${ANALYTICS_EXPORT_FILE_NAME} with the Clientes and Agentes sheets`, async () => {
    const res = await download(
      adminToken,
      `/analytics/export?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ANALYTICS_EXPORT_FILE_NAME}"`);
    const book = await sheets(res.body as Buffer);
    const { clients: c, agents: a } = ANALYTICS_EXPORT_COLUMNS;
    expect(book.Clientes[0]).toEqual([
      c.name,
      c.phone,
      c.channel,
      c.agent,
      c.startedAt,
      c.lastMessageAt,
      c.answered,
      c.answeredBy,
      c.responseMinutes,
      c.fromAd,
      c.messages,
      c.rating,
    ]);
    expect(book.Clientes).toHaveLength(6);
    // S2: Wed 16:00Z is 10:00 in Mexico City.
    expect(book.Clientes[2].slice(0, 2)).toEqual(['Cliente c1', contacts.c1.phone]);
    expect(book.Clientes[2].slice(4, 9)).toEqual([
      '11-11-2026 10:00',
      '11-11-2026 10:30',
      'Sí',
      'Agente',
      30,
    ]);
    expect(book.Agentes).toEqual([
      [a.name, a.messages, a.chats, a.responseAfterAssignment, a.botAnswered, a.avgDuration],
      ['Ana', 2, 2, 17, 0, 0.3],
      ['Beto', 1, 2, 40, 2, 0.3],
    ]);
  });

  it('gives an agent without canSeePhoneNumber no phone column and only their rows', async () => {
    const res = await download(
      a1.token,
      `/analytics/export?startDate=${RANGE.startDate}&endDate=${RANGE.endDate}&channelsIds=${wa},${ms}`,
    );
    const book = await sheets(res.body as Buffer);
    expect(book.Clientes[0]).not.toContain(ANALYTICS_EXPORT_COLUMNS.clients.phone);
    expect(book.Clientes.slice(1).map((row) => row[0])).toEqual(['Cliente c1', 'Cliente c1']);
    expect(book.Agentes.slice(1)).toEqual([['Ana', 2, 2, 17, 0, 0.3]]);
  });

  it('writes reporteBot.xlsx with the rows of GET /botFlow/clienInfo, the phone only for who may see it', async () => {
    await ds.query(
      `INSERT INTO bot_answers ("companyId", "channelId", "clientId", "fieldName", value, "createdAt")
       VALUES ($1, $2, $3, 'Correo', 'ana@example.com', '2026-11-11T05:31:00Z'),
              ($1, $2, $3, 'Ciudad', 'Puebla', '2026-11-11T05:32:00Z')`,
      [companyId, wa, contacts.c2.id],
    );
    // The report's range is on the conversation's creation (issue 17): the fixture's contacts were created today.
    const today = new Date().toISOString().slice(0, 10);
    const query = `startDate=${today}&endDate=${today}&companyId=${companyId}&channelsIds=${wa}`;
    const json = await api(adminToken, 'get', `/botFlow/clienInfo?${query}`);
    expect(json.status).toBe(200);
    expect(json.body).toHaveLength(2);
    const xlsx = await download(adminToken, `/analytics/bot-report?${query}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="${BOT_REPORT_FILE_NAME}"`);
    const c = BOT_REPORT_COLUMNS;
    const [{ createdAtClient }] = await ds.query(
      `SELECT to_char("createdAt" AT TIME ZONE $2, 'DD-MM-YYYY HH24:MI') AS "createdAtClient" FROM clients WHERE id = $1`,
      [contacts.c2.id, TZ],
    );
    const book = await sheets(xlsx.body as Buffer);
    expect(book.Reporte).toEqual([
      [c.flowId, c.fieldName, c.value, c.createdAtClient, c.senderId, c.clientId],
      [wa, 'Correo', 'ana@example.com', createdAtClient, contacts.c2.phone, contacts.c2.id],
      [wa, 'Ciudad', 'Puebla', createdAtClient, contacts.c2.phone, contacts.c2.id],
    ]);
    const hidden = await sheets((await download(a1.token, `/analytics/bot-report?${query}`)).body as Buffer);
    expect(hidden.Reporte.slice(1).map((row) => row[4] ?? null)).toEqual([null, null]);
    const foreign = query.replace(`companyId=${companyId}`, `companyId=${otherCompanyId}`);
    expect((await download(adminToken, `/analytics/bot-report?${foreign}`)).status).toBe(403);
  });
});

describe('live upkeep and rebuild', () => {
  it('follows an assignment during an open session, counts it on the panel, and rebuilds to the same sessions', async () => {
    await contact('c6', wa, null);
    await message('c6', 'CLIENT', new Date(Date.now() - 5000).toISOString());
    await ds.query(`UPDATE clients SET "agentId" = $2 WHERE id = $1`, [contacts.c6.id, a2.id]);
    // A redelivered webhook (the inbound pipeline's ON CONFLICT DO NOTHING) inserts nothing, so counts nothing.
    for (let i = 0; i < 2; i++) {
      await ds.query(
        `INSERT INTO messages ("companyId", "clientId", "channelId", content, sender, time, "messageApiId")
         VALUES ($1, $2, $3, 'otra vez', 'CLIENT', now(), 'wamid.analytics-redelivered')
         ON CONFLICT ("channelId", "messageApiId") WHERE "messageApiId" IS NOT NULL DO NOTHING`,
        [companyId, contacts.c6.id, wa],
      );
    }
    const [live] = await ds.query(
      `SELECT "agentId", "assignedAt", "inboundCount" FROM conversation_sessions WHERE "clientId" = $1`,
      [contacts.c6.id],
    );
    expect(live).toMatchObject({ agentId: a2.id, inboundCount: 2 });
    expect(live.assignedAt).not.toBeNull();

    const panel = (await api(adminToken, 'get', '/panel')).body as PanelOverview;
    expect(panel).toMatchObject({
      unansweredNow: 1,
      agentsTotal: 3,
      today: { total: 1, totalUnanswered: 1 },
    });
    // No subscription: the plan counts the calendar month of the company's time zone.
    const [month] = await ds.query(
      `SELECT date_trunc('month', now() AT TIME ZONE $2) AT TIME ZONE $2 AS start,
              (SELECT count(*)::int FROM conversation_sessions s WHERE s."companyId" = $1
                 AND s."startedAt" >= date_trunc('month', now() AT TIME ZONE $2) AT TIME ZONE $2) AS used`,
      [companyId, TZ],
    );
    expect(panel.plan).toMatchObject({
      periodStart: month.start.toISOString(),
      conversationsUsed: month.used,
    });

    const columns = `"clientId", "channelId", "startedAt", "lastCustomerAt", "lastMessageAt", "fromAd", "agentId",
      "firstAgentReplyAt", "firstAgentReplyUserId", "firstBotReplyAt", "inboundCount", "outboundCount", rating`;
    const snapshot = () =>
      ds.query(`SELECT ${columns} FROM conversation_sessions WHERE "companyId" = $1 ORDER BY "startedAt"`, [
        companyId,
      ]);
    // Sums of minutes and hours in the order the triggers added them may differ from the rebuild's in the last bits.
    const daily = async (): Promise<Array<Record<string, unknown>>> =>
      (
        await ds.query(
          `SELECT * FROM analytics_daily WHERE "companyId" = $1 ORDER BY day, "channelId", "agentId"`,
          [companyId],
        )
      ).map((row: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            typeof value === 'number' ? Math.round(value * 1e6) / 1e6 : value,
          ]),
        ),
      );
    // The hourly counters of one hour may sit in several slots (one per writing connection): the sums are the figures.
    const hourly = () =>
      ds.query(
        `SELECT "channelId", hour, sum(inbound)::int AS inbound, sum(outbound)::int AS outbound FROM analytics_hourly
          WHERE "companyId" = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        [companyId],
      );
    const openDays = () =>
      ds.query(
        `SELECT * FROM analytics_open_days WHERE "companyId" = $1 ORDER BY day, "openUntil", "channelId", "agentId"`,
        [companyId],
      );
    const [sessionsBefore, hourlyBefore, dailyBefore, openBefore] = [
      await snapshot(),
      await hourly(),
      await daily(),
      await openDays(),
    ];
    expect(sessionsBefore).toHaveLength(6);
    // The triggers kept the rollup through the messages, the assignment (c6 moved to Beto) and the ratings.
    expect(dailyBefore.reduce((sum, row) => sum + Number(row.sessions), 0)).toBe(6);
    await ds.query(`SELECT rebuild_analytics($1)`, [companyId]);
    expect(await snapshot()).toEqual(sessionsBefore);
    expect(await hourly()).toEqual(hourlyBefore);
    expect(await daily()).toEqual(dailyBefore);
    expect(await openDays()).toEqual(openBefore);
  });

  it("moves sessions between days when the company's time zone changes", async () => {
    const tuesdayWednesday = async () => {
      const rows: Array<{ day: string; sessions: number }> = await ds.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(sessions)::int AS sessions FROM analytics_daily
          WHERE "companyId" = $1 AND day BETWEEN '2026-11-10' AND '2026-11-11' GROUP BY 1 ORDER BY 1`,
        [companyId],
      );
      return rows.map((row) => [row.day, row.sessions]);
    };
    expect(await tuesdayWednesday()).toEqual([
      ['2026-11-10', 2],
      ['2026-11-11', 3],
    ]);
    // S3 opened Wed 05:30Z: Tuesday 23:30 in Mexico City, Wednesday in UTC.
    await ds.query(`UPDATE companies SET timezone = 'UTC' WHERE id = $1`, [companyId]);
    try {
      expect(await tuesdayWednesday()).toEqual([
        ['2026-11-10', 1],
        ['2026-11-11', 4],
      ]);
    } finally {
      await ds.query(`UPDATE companies SET timezone = $2 WHERE id = $1`, [companyId, TZ]);
    }
    expect(await tuesdayWednesday()).toEqual([
      ['2026-11-10', 2],
      ['2026-11-11', 3],
    ]);
  });

  it('opens a session from a message stored by the inbound pipeline, in the statement that creates the contact', async () => {
    const sandbox = await addChannel(t, ds, companyId, 'sandbox', String(uniqueNumber()), null);
    const from = `521558${String(uniqueNumber()).slice(-7)}`;
    for (const text of ['hola', 'sigo aquí']) {
      const res = await api(adminToken, 'post', '/sandbox/simulate').send({ channelId: sandbox, from, text });
      expect(res.status).toBe(200);
    }
    const sessions = await ds.query(
      `SELECT s."inboundCount", s."channelId" FROM conversation_sessions s JOIN clients c ON c.id = s."clientId"
        WHERE c."channelId" = $1 AND c."senderId" = $2`,
      [sandbox, from],
    );
    expect(sessions).toEqual([{ inboundCount: 2, channelId: sandbox }]);
  });
});

describe('POST /api/analytics row cap (01 §8 "Analytics over limit", §9 row cap 500)', () => {
  it('lists 500 sessions of 501 and says so, unless the company has the extended limit', async () => {
    const owner = await newCompany(t, ds, 'tope');
    const channel = await addChannel(t, ds, owner.companyId, 'whatsapp_cloud', String(uniqueNumber()), 'tk');
    const base = String(uniqueNumber()).slice(-4);
    await ds.query(
      `WITH c AS (
         INSERT INTO clients ("companyId", "channelId", key, "senderId", name)
         SELECT $1, $2::int, $2::text || '-52199' || $3 || lpad(g::text, 4, '0'), '52199' || $3 || lpad(g::text, 4, '0'), 'Tope ' || g
           FROM generate_series(1, $4::int) g RETURNING id)
       INSERT INTO messages ("companyId", "clientId", "channelId", content, sender, time)
       SELECT $1, c.id, $2::int, 'hola', 'CLIENT', timestamptz '2026-11-11T15:00:00Z' + c.id * interval '1 second' FROM c`,
      [owner.companyId, channel, base, ANALYTICS_ROW_CAP + 1],
    );
    const capped = (await dashboard(owner.token, { ...RANGE, channelsIds: [] })).body as AnalyticsResponse;
    expect(capped).toMatchObject({
      total: ANALYTICS_ROW_CAP + 1,
      clientsTotal: ANALYTICS_ROW_CAP + 1,
      rowCap: ANALYTICS_ROW_CAP,
      rowCapExceeded: true,
    });
    expect(capped.clients).toHaveLength(ANALYTICS_ROW_CAP);

    await ds.query(`UPDATE companies SET "analyticsExtendedRows" = true WHERE id = $1`, [owner.companyId]);
    const extended = (await dashboard(owner.token, { ...RANGE, channelsIds: [] })).body as AnalyticsResponse;
    expect(extended).toMatchObject({ rowCap: ANALYTICS_ROW_CAP + 1, rowCapExceeded: false });
    expect(extended.clients).toHaveLength(ANALYTICS_ROW_CAP + 1);
  });
});

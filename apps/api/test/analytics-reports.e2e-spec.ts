import { reportEmail, reportPeriod, reportRows, reportSubject, VALIDATION_MESSAGES } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config';
import { AnalyticsService } from '../src/modules/analytics/analytics.service';
import { ReportDigestService } from '../src/modules/analytics-reports/report-digest.service';
import { type GqlResult, gql, login, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import { addChannel, newCompany, uniqueNumber } from './template-helpers';

// Issue 20, report e-mails (01 §3 Report e-mail recipient, §7 createReport, updateReport, deleteManyReports, reports
// by company): the recipients over GraphQL and REST with their refusals, then the hourly digest at a fixed clock,
// run three times at once by two API instances on the same database: one mail per recipient and
// period, none on a rerun, none for an inactive recipient, and the figures of the mail are the API's.

let t: TestApp;
let ds: TestSql;
/** The second API instance of the digest race. */
let second: TestApp | undefined;

interface Company {
  token: string;
  companyId: number;
  ownerId: number;
  name: string;
}

// 2026-06-01 is a Monday and the 1st: at 12:00 UTC (06:00 in Mexico City) every frequency is due there; on
// Kiritimati (UTC+14) it is already Tuesday 2 June, 02:00.
const NOW = new Date('2026-06-01T12:00:00Z');
const MEXICO = 'America/Mexico_City';
const KIRITIMATI = 'Pacific/Kiritimati';

async function company(label: string, timeZone: string): Promise<Company> {
  const { token, companyId } = await newCompany(t, ds, label);
  await ds.query(`UPDATE companies SET timezone = $2 WHERE id = $1`, [companyId, timeZone]);
  const [row] = await ds.query(
    `SELECT c.name, (SELECT min(u.id) FROM users u WHERE u."companyId" = c.id) AS "ownerId"
       FROM companies c WHERE c.id = $1`,
    [companyId],
  );
  return { token, companyId, ownerId: row.ownerId as number, name: row.name as string };
}

const RECIPIENT = 'id name frequency email isActive company';

function createReport(token: string, input: Record<string, unknown>) {
  return gql<{ createReport: Record<string, unknown> }>(
    t,
    token,
    `mutation($input: CreateReportInput!) { createReport(input: $input) { ${RECIPIENT} } }`,
    { input },
  );
}

function updateReport(token: string, id: number, input: Record<string, unknown>) {
  return gql<{ updateReport: Record<string, unknown> }>(
    t,
    token,
    `mutation($id: Int!, $input: UpdateReportInput!) { updateReport(id: $id, input: $input) { ${RECIPIENT} } }`,
    { id, input },
  );
}

function refusal(result: GqlResult<unknown>) {
  const error = result.errors?.[0];
  return {
    code: error?.extensions.code,
    field: error?.extensions.field,
    userMessage: error?.extensions.userMessage,
  };
}

async function created(token: string, input: Record<string, unknown>): Promise<number> {
  const result = await createReport(token, input);
  if (!result.data) throw new Error(`createReport failed: ${JSON.stringify(result.errors)}`);
  return result.data.createReport.id as number;
}

let a: Company;
let b: Company;
beforeAll(async () => {
  t = await startTestApp();
  ds = testSql();
  a = await company('reportesa', MEXICO);
  b = await company('reportesb', KIRITIMATI);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('report recipients (GraphQL and REST)', () => {
  it('creates, lists, updates and deletes by e-mail within the caller’s company', async () => {
    const made = await createReport(a.token, {
      name: '  Gerencia  ',
      frequency: 'WEEKLY',
      email: 'gerencia@reportes.test',
      isActive: true,
      company: a.companyId,
    });
    expect(made.errors).toBeUndefined();
    const id = made.data?.createReport.id as number;
    expect(made.data?.createReport).toEqual({
      id,
      name: 'Gerencia',
      frequency: 'WEEKLY',
      email: 'gerencia@reportes.test',
      isActive: true,
      company: a.companyId,
    });

    const changed = await updateReport(a.token, id, { frequency: 'MONTHLY', isActive: false });
    expect(changed.data?.updateReport).toMatchObject({
      name: 'Gerencia',
      frequency: 'MONTHLY',
      isActive: false,
    });

    // REST mirrors: the same rows.
    const auth = { Authorization: `Bearer ${a.token}` };
    const listed = await t.http.get('/api/analytics/reports').set(auth);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([changed.data?.updateReport]);
    const posted = await t.http
      .post('/api/analytics/reports')
      .set(auth)
      .send({ name: 'Ventas', frequency: 'DAILY', email: 'ventas@reportes.test' });
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({
      name: 'Ventas',
      frequency: 'DAILY',
      isActive: true,
      company: a.companyId,
    });
    const patched = await t.http
      .patch(`/api/analytics/reports/${posted.body.id}`)
      .set(auth)
      .send({ name: 'Caja' });
    expect(patched.status).toBe(200);
    expect(patched.body.name).toBe('Caja');

    // Another company's recipient with the same e-mail is not deleted by a's call.
    await created(b.token, { name: 'B', frequency: 'DAILY', email: 'VENTAS@reportes.test', isActive: true });
    const deleted = await gql<{ deleteManyReports: number }>(
      t,
      a.token,
      'mutation($emails: [String!]!) { deleteManyReports(emails: $emails) }',
      { emails: ['Ventas@Reportes.test', 'nadie@reportes.test'] },
    );
    expect(deleted.data?.deleteManyReports).toBe(1);
    const viaRest = await t.http
      .delete('/api/analytics/reports')
      .set(auth)
      .send({ emails: ['gerencia@reportes.test'] });
    expect(viaRest.body).toEqual({ deleted: 1 });
    const left = await gql<{ reports: Array<{ email: string }> }>(t, a.token, `{ reports { ${RECIPIENT} } }`);
    expect(left.data?.reports).toEqual([]);
    const ofB = await gql<{ reports: Array<{ email: string }> }>(t, b.token, '{ reports { email } }');
    expect(ofB.data?.reports).toEqual([{ email: 'VENTAS@reportes.test' }]);
    // 01 §7 "reports by company": naming one's own company lists the same; another company's is refused.
    const byCompany = 'query($company: Int) { reports(company: $company) { email } }';
    const ownNamed = await gql<{ reports: Array<{ email: string }> }>(t, b.token, byCompany, {
      company: b.companyId,
    });
    expect(ownNamed.data?.reports).toEqual([{ email: 'VENTAS@reportes.test' }]);
    const foreign = await gql(t, a.token, byCompany, { company: b.companyId });
    expect(foreign.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(foreign.data).toBeNull();
  });

  it('refuses invalid fields, a taken e-mail, another company and callers without writeCompany', async () => {
    const valid = { name: 'Dirección', frequency: 'DAILY', email: 'direccion@reportes.test', isActive: true };
    expect(refusal(await createReport(a.token, { ...valid, name: '   ' }))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'name',
      userMessage: VALIDATION_MESSAGES.nameRequired,
    });
    expect(refusal(await createReport(a.token, { ...valid, email: 'no-es-correo' }))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'email',
      userMessage: 'Correo invalido',
    });
    expect(refusal(await createReport(a.token, { ...valid, frequency: 'YEARLY' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'frequency',
    });
    const rest = await t.http
      .post('/api/analytics/reports')
      .set('Authorization', `Bearer ${a.token}`)
      .send({ ...valid, name: 'x'.repeat(121) });
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'name' });

    const id = await created(a.token, valid);
    expect(
      refusal(await createReport(a.token, { ...valid, email: 'DIRECCION@reportes.test ' })),
    ).toMatchObject({
      code: 'REPORT_EMAIL_TAKEN',
      field: 'email',
    });
    const other = await created(a.token, { ...valid, email: 'otro@reportes.test' });
    expect(refusal(await updateReport(a.token, other, { email: 'direccion@reportes.test' })).code).toBe(
      'REPORT_EMAIL_TAKEN',
    );

    expect(
      refusal(await createReport(a.token, { ...valid, email: 'x@reportes.test', company: b.companyId })).code,
    ).toBe('FORBIDDEN');
    expect(refusal(await updateReport(b.token, id, { name: 'Mío' })).code).toBe('FORBIDDEN');
    const foreignRest = await t.http
      .patch(`/api/analytics/reports/${id}`)
      .set('Authorization', `Bearer ${b.token}`)
      .send({ name: 'Mío' });
    expect(foreignRest.status).toBe(403);
    expect(refusal(await updateReport(a.token, 2_000_000_000, { name: 'Nadie' })).code).toBe(
      'REPORT_NOT_FOUND',
    );

    const agent = await login(t, 'agente@demo.local');
    expect(refusal(await createReport(agent, { ...valid, email: 'agente@reportes.test' })).code).toBe(
      'FORBIDDEN',
    );

    const [row] = await ds.query(`SELECT name FROM report_recipients WHERE id = $1`, [id]);
    expect(row.name).toBe('Dirección');
    await gql(
      t,
      a.token,
      'mutation { deleteManyReports(emails: ["direccion@reportes.test", "otro@reportes.test"]) }',
    );
  });
});

/** Messages written straight into the table (the analytics triggers turn them into sessions). */
async function seedMessages(owner: Company): Promise<void> {
  const providerId = String(uniqueNumber());
  const channelId = await addChannel(
    t,
    ds,
    owner.companyId,
    'whatsapp_cloud',
    providerId,
    `token-${providerId}`,
  );
  const client = async (phone: string) => {
    const [row] = await ds.query(
      `INSERT INTO clients ("companyId", "channelId", key, "senderId", name) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [owner.companyId, channelId, `${channelId}-${phone}`, phone, `Cliente ${phone}`],
    );
    return row.id as number;
  };
  const message = (clientId: number, time: string, sender: 'CLIENT' | 'AGENT') =>
    ds.query(
      `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, "senderUserId",
                             "messageStatus", time)
       VALUES ($1, $2, $3, 'text', 'Hola', $4, $5, 'delivered', $6)`,
      [owner.companyId, clientId, channelId, sender, sender === 'AGENT' ? owner.ownerId : null, time],
    );
  const ana = await client(`5215510${String(uniqueNumber()).slice(-6)}`);
  const beto = await client(`5215520${String(uniqueNumber()).slice(-6)}`);
  const caro = await client(`5215530${String(uniqueNumber()).slice(-6)}`);
  // 31 May in Mexico City: Ana writes twice and is answered after 12 minutes; Beto is not answered.
  await message(ana, '2026-05-31T15:00:00Z', 'CLIENT');
  await message(ana, '2026-05-31T15:05:00Z', 'CLIENT');
  await message(ana, '2026-05-31T15:12:00Z', 'AGENT');
  await message(beto, '2026-05-31T20:30:00Z', 'CLIENT');
  // 30 May (the daily period's previous day, within the weekly period): Caro, answered after 3 minutes.
  await message(caro, '2026-05-30T17:00:00Z', 'CLIENT');
  await message(caro, '2026-05-30T17:03:00Z', 'AGENT');
}

async function mailsTo(email: string): Promise<Array<{ subject: string; text: string; html: string }>> {
  return ds.query(`SELECT subject, text, html FROM dev_outbox_mails WHERE "to" = $1 ORDER BY id`, [email]);
}

/** Until no report mail is waiting or running (the digest's jobs ran). */
async function reportJobsDone(): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'report-email'
         AND (attempts < max_attempts)`,
    );
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('report-email jobs still pending');
}

describe('the report digest', () => {
  it('mails each due recipient once per period, whatever the races and reruns, with the API’s figures', async () => {
    await seedMessages(a);
    const tag = uniqueNumber();
    const email = (who: string) => `${who}${tag}@reportes.test`;
    const daily = await created(a.token, {
      name: 'Diario',
      frequency: 'DAILY',
      email: email('diario'),
      isActive: true,
    });
    const weekly = await created(a.token, { name: 'Semanal', frequency: 'WEEKLY', email: email('semanal') });
    const monthly = await created(a.token, {
      name: 'Mensual',
      frequency: 'MONTHLY',
      email: email('mensual'),
    });
    await created(a.token, { name: 'Apagado', frequency: 'DAILY', email: email('apagado'), isActive: false });
    // Tuesday on Kiritimati: its weekly report is not due; its daily one covers 1 June.
    const bWeekly = await created(b.token, {
      name: 'B semanal',
      frequency: 'WEEKLY',
      email: email('bsemanal'),
    });
    const bDaily = await created(b.token, { name: 'B diario', frequency: 'DAILY', email: email('bdiario') });

    // Two API instances on the one database, their digests racing (twice on the first).
    second = await startTestApp();
    const digest = t.app.get(ReportDigestService);
    const runs = await Promise.all([
      digest.digest(NOW),
      second.app.get(ReportDigestService).digest(NOW),
      digest.digest(NOW),
    ]);
    const queued = runs.flat();
    const mine = queued.filter((key) =>
      [daily, weekly, monthly, bWeekly, bDaily].some((id) => key.startsWith(`report:${id}:`)),
    );
    expect(mine.sort()).toEqual(
      [
        `report:${daily}:DAILY:2026-05-31`,
        `report:${weekly}:WEEKLY:2026-05-25`,
        `report:${monthly}:MONTHLY:2026-05`,
        `report:${bDaily}:DAILY:2026-06-01`,
      ].sort(),
    );
    await reportJobsDone();
    // A rerun (the next hour's digest, another instance's) adds nothing.
    expect(await digest.digest(NOW)).toEqual([]);
    await reportJobsDone();

    const analytics = t.app.get(AnalyticsService);
    for (const [id, who, frequency] of [
      [daily, 'diario', 'DAILY'],
      [weekly, 'semanal', 'WEEKLY'],
      [monthly, 'mensual', 'MONTHLY'],
    ] as const) {
      const period = reportPeriod(frequency, NOW, MEXICO);
      if (!period) throw new Error(`${frequency} not due`);
      const mails = await mailsTo(email(who));
      expect(mails.length, `${frequency} recipient ${id}`).toBe(1);
      const [current, previous] = await Promise.all([
        analytics.companyFigures(a.companyId, period.start, period.end),
        analytics.companyFigures(a.companyId, period.previousStart, period.start),
      ]);
      expect(current.total).toBeGreaterThan(0);
      const expected = reportEmail({
        frequency,
        companyName: a.name,
        recipientName: who === 'diario' ? 'Diario' : who === 'semanal' ? 'Semanal' : 'Mensual',
        firstDay: period.firstDay,
        lastDay: period.lastDay,
        current,
        previous,
        dashboardUrl: `${t.app.get<symbol, AppConfig>(APP_CONFIG).appUrl}/analytics`,
      });
      expect(mails[0]).toEqual(expected);
      expect(mails[0].subject).toBe(reportSubject(frequency, a.name));
    }
    // The daily mail holds what the dashboard answers for that day (POST /api/analytics, its previous period too).
    const day = reportPeriod('DAILY', NOW, MEXICO);
    if (!day) throw new Error('DAILY not due');
    const dashboard = await t.http
      .post('/api/analytics')
      .set('Authorization', `Bearer ${a.token}`)
      .send({
        startDate: day.start.toISOString(),
        endDate: new Date(day.end.getTime() - 1).toISOString(),
        channelsIds: [],
      });
    expect(dashboard.status).toBe(200);
    const [dailyMail] = await mailsTo(email('diario'));
    for (const row of reportRows(dashboard.body, dashboard.body.previous)) {
      expect(dailyMail.text).toContain(`${row.label}: ${row.value} (${row.change})`);
    }
    // Spelled out: two conversations on 31 May (Ana answered, Beto not), against one on the 30th.
    expect(dailyMail.text).toContain('Conversaciones: 2 (+100 % vs. periodo anterior)');
    expect(dailyMail.text).toContain('Chats respondidos: 1 (0 % vs. periodo anterior)');
    expect(dailyMail.text).toContain('Chats sin responder: 1 (sin comparación)');
    expect(dailyMail.text).toContain('/analytics');

    expect(await mailsTo(email('apagado'))).toEqual([]);
    expect(await mailsTo(email('bsemanal'))).toEqual([]);
    const [bMail] = await mailsTo(email('bdiario'));
    expect(bMail.text).toContain('del 01/06/2026');
  });
});

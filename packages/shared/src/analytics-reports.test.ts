import { describe, expect, it } from 'vitest';
import type { AnalyticsFigures } from './analytics';
import {
  REPORT_MESSAGES,
  reportChangeLabel,
  reportEmail,
  reportFrequencyError,
  reportJobKey,
  reportNameError,
  reportPeriod,
  reportSubject,
} from './analytics-reports';
import { VALIDATION_MESSAGES } from './rules/validation';

const at = (iso: string) => new Date(iso);
const iso = (period: { start: Date; end: Date; previousStart: Date } | null) =>
  period && {
    start: period.start.toISOString(),
    end: period.end.toISOString(),
    previousStart: period.previousStart.toISOString(),
  };

describe('reportPeriod: the period a report covers, in the company time zone', () => {
  it('DAILY covers yesterday once the local day changed', () => {
    // 05:30 UTC on 26 Nov is still 25 Nov (23:30) in Mexico City: the due day is the 24th.
    const mexico = reportPeriod('DAILY', at('2026-11-26T05:30:00Z'), 'America/Mexico_City');
    expect(mexico?.key).toBe('2026-11-24');
    expect(iso(mexico)).toEqual({
      start: '2026-11-24T06:00:00.000Z',
      end: '2026-11-25T06:00:00.000Z',
      previousStart: '2026-11-23T06:00:00.000Z',
    });
    // The same instant is already the 26th in Madrid.
    const madrid = reportPeriod('DAILY', at('2026-11-26T05:30:00Z'), 'Europe/Madrid');
    expect(madrid?.key).toBe('2026-11-25');
    expect(madrid?.start.toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(madrid?.firstDay).toBe('2026-11-25');
    expect(madrid?.lastDay).toBe('2026-11-25');
  });

  it('DAILY across a month and a year end', () => {
    const p = reportPeriod('DAILY', at('2027-01-01T12:00:00Z'), 'UTC');
    expect(p?.key).toBe('2026-12-31');
    expect(iso(p)).toEqual({
      start: '2026-12-31T00:00:00.000Z',
      end: '2027-01-01T00:00:00.000Z',
      previousStart: '2026-12-30T00:00:00.000Z',
    });
    expect(reportPeriod('DAILY', at('2026-03-01T10:00:00Z'), 'UTC')?.key).toBe('2026-02-28');
  });

  it('DAILY follows a change of offset (a 23-hour day)', () => {
    // Madrid moves to summer time on 29 Mar 2026: that day lasts 23 hours.
    const p = reportPeriod('DAILY', at('2026-03-30T08:00:00Z'), 'Europe/Madrid');
    expect(iso(p)).toEqual({
      start: '2026-03-28T23:00:00.000Z',
      end: '2026-03-29T22:00:00.000Z',
      previousStart: '2026-03-27T23:00:00.000Z',
    });
  });

  it('WEEKLY is due on Monday only and covers the Monday–Sunday week before', () => {
    // 30 Nov 2026 is a Monday.
    const p = reportPeriod('WEEKLY', at('2026-11-30T15:00:00Z'), 'America/Mexico_City');
    expect(p?.key).toBe('2026-11-23');
    expect(p?.firstDay).toBe('2026-11-23');
    expect(p?.lastDay).toBe('2026-11-29');
    expect(iso(p)).toEqual({
      start: '2026-11-23T06:00:00.000Z',
      end: '2026-11-30T06:00:00.000Z',
      previousStart: '2026-11-16T06:00:00.000Z',
    });
    expect(reportPeriod('WEEKLY', at('2026-12-01T15:00:00Z'), 'America/Mexico_City')).toBeNull();
    // 03:00 UTC on Monday is still Sunday in Mexico City, already Monday in Tokyo.
    expect(reportPeriod('WEEKLY', at('2026-11-30T03:00:00Z'), 'America/Mexico_City')).toBeNull();
    expect(reportPeriod('WEEKLY', at('2026-11-29T16:00:00Z'), 'Asia/Tokyo')?.key).toBe('2026-11-23');
  });

  it('MONTHLY is due on the 1st and covers the previous calendar month', () => {
    const march = reportPeriod('MONTHLY', at('2026-03-01T12:00:00Z'), 'America/Mexico_City');
    expect(march?.key).toBe('2026-02');
    expect(march?.firstDay).toBe('2026-02-01');
    expect(march?.lastDay).toBe('2026-02-28');
    expect(iso(march)).toEqual({
      start: '2026-02-01T06:00:00.000Z',
      end: '2026-03-01T06:00:00.000Z',
      previousStart: '2026-01-01T06:00:00.000Z',
    });
    const january = reportPeriod('MONTHLY', at('2027-01-01T12:00:00Z'), 'UTC');
    expect(january?.key).toBe('2026-12');
    expect(january?.previousStart.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(reportPeriod('MONTHLY', at('2026-03-02T12:00:00Z'), 'UTC')).toBeNull();
    // 1 Mar 03:00 UTC is still 28 Feb in Mexico City: not due there yet.
    expect(reportPeriod('MONTHLY', at('2026-03-01T03:00:00Z'), 'America/Mexico_City')).toBeNull();
  });

  it('falls back to the product time zone for an unknown zone', () => {
    expect(reportPeriod('DAILY', at('2026-11-26T05:30:00Z'), 'Not/AZone')?.key).toBe('2026-11-24');
  });

  it('keys a recipient and period', () => {
    expect(reportJobKey(7, 'DAILY', '2026-11-25')).toBe('report:7:DAILY:2026-11-25');
  });
});

describe('report recipient rules', () => {
  it('requires a trimmed name of at most 120 characters', () => {
    expect(reportNameError('  ')).toBe(VALIDATION_MESSAGES.nameRequired);
    expect(reportNameError('a'.repeat(121))).toBe(REPORT_MESSAGES.nameTooLong);
    expect(reportNameError(` ${'a'.repeat(120)} `)).toBeNull();
  });

  it('accepts the three frequencies only', () => {
    expect(reportFrequencyError('WEEKLY')).toBeNull();
    expect(reportFrequencyError('weekly')).toBe(REPORT_MESSAGES.frequencyInvalid);
  });
});

const figures = (over: Partial<AnalyticsFigures>): AnalyticsFigures => ({
  total: 0,
  totalActive: 0,
  whatsapp: 0,
  messenger: 0,
  sms: 0,
  totalFromAds: 0,
  totalAnswered: 0,
  totalUnanswered: 0,
  totalMessages: 0,
  timeWithMoreMessages: null,
  responseMinutes: null,
  botStats: null,
  ...over,
});

describe('report mail', () => {
  it('names the frequency and the company in the subject', () => {
    expect(reportSubject('DAILY', 'Tacos Ana')).toBe('Reporte diario de estadísticas — Tacos Ana');
    expect(reportSubject('WEEKLY', 'X')).toBe('Reporte semanal de estadísticas — X');
    expect(reportSubject('MONTHLY', 'X')).toBe('Reporte mensual de estadísticas — X');
  });

  it('shows changes against the previous period', () => {
    expect(reportChangeLabel(3, 2)).toBe('+50 % vs. periodo anterior');
    expect(reportChangeLabel(7, 8)).toBe('-12,5 % vs. periodo anterior');
    expect(reportChangeLabel(3, 0)).toBe('sin comparación');
    expect(reportChangeLabel(null, 4)).toBe('sin comparación');
  });

  it('carries every figure with its change, and the dashboard link, in text and HTML', () => {
    const mail = reportEmail({
      frequency: 'WEEKLY',
      companyName: 'Tacos <Ana>',
      recipientName: 'Luis',
      firstDay: '2026-11-23',
      lastDay: '2026-11-29',
      current: figures({
        total: 4,
        totalActive: 1,
        totalAnswered: 3,
        totalUnanswered: 1,
        responseMinutes: 2.5,
        timeWithMoreMessages: 14,
      }),
      previous: figures({
        total: 2,
        totalAnswered: 3,
        totalUnanswered: 1,
        responseMinutes: 5,
        timeWithMoreMessages: 9,
      }),
      dashboardUrl: 'https://crm.example.com/analytics',
    });
    expect(mail.subject).toBe('Reporte semanal de estadísticas — Tacos <Ana>');
    expect(mail.text).toContain(
      'reporte semanal de estadísticas de Tacos <Ana> del 23/11/2026 al 29/11/2026',
    );
    expect(mail.text).toContain('Conversaciones: 4 (+100 % vs. periodo anterior)');
    expect(mail.text).toContain('Conversaciones Activas: 1 (sin comparación)');
    expect(mail.text).toContain('Chats respondidos: 3 (0 % vs. periodo anterior)');
    expect(mail.text).toContain('Chats sin responder: 1 (0 % vs. periodo anterior)');
    expect(mail.text).toContain('Tiempo de respuesta promedio: 2,5 min (-50 % vs. periodo anterior)');
    expect(mail.text).toContain('Horario con más mensajes: 14:00 - 15:00 (periodo anterior: 09:00 - 10:00)');
    expect(mail.text).toContain('https://crm.example.com/analytics');
    expect(mail.html).toContain('Tacos &lt;Ana&gt;');
    expect(mail.html).not.toContain('<Ana>');
    expect(mail.html).toContain('<a href="https://crm.example.com/analytics">');
  });

  it('a single day reads as one date, and no messages as such', () => {
    const mail = reportEmail({
      frequency: 'DAILY',
      companyName: 'X',
      recipientName: 'Y',
      firstDay: '2026-05-31',
      lastDay: '2026-05-31',
      current: figures({}),
      previous: figures({}),
      dashboardUrl: 'http://localhost/analytics',
    });
    expect(mail.text).toContain('de X del 31/05/2026.');
    expect(mail.text).toContain('Horario con más mensajes: Sin mensajes');
    expect(mail.text).toContain('Tiempo de respuesta promedio: Sin datos (sin comparación)');
  });
});

describe('the whole report mail', () => {
  // Built inside each test, so that mutation testing sees the tests that read it.
  const mailOf = () =>
    reportEmail({
      frequency: 'DAILY',
      companyName: `Tacos "Ana" & O'Hara`,
      recipientName: 'Luis <Ventas>',
      firstDay: '2026-05-31',
      lastDay: '2026-05-31',
      current: figures({ total: 2 }),
      previous: figures({ total: 1 }),
      dashboardUrl: 'https://crm.example.com/analytics?a=1&b=2',
    });

  it('reads, in plain text, line by line as the recipient sees it', () => {
    expect(mailOf().text.split('\n')).toEqual([
      'Hola Luis <Ventas>:',
      '',
      `Este es el reporte diario de estadísticas de Tacos "Ana" & O'Hara del 31/05/2026.`,
      '',
      'Conversaciones: 2 (+100 % vs. periodo anterior)',
      'Conversaciones Activas: 0 (sin comparación)',
      'Chats respondidos: 0 (sin comparación)',
      'Chats sin responder: 0 (sin comparación)',
      'Tiempo de respuesta promedio: Sin datos (sin comparación)',
      'Horario con más mensajes: Sin mensajes (periodo anterior: Sin mensajes)',
      '',
      'Consulta el detalle en el panel de estadísticas: https://crm.example.com/analytics?a=1&b=2',
      '',
      'Charla CRM',
    ]);
  });

  it('reads the same in HTML, every name escaped', () => {
    const cell = 'padding:4px 12px;border-bottom:1px solid #eee';
    const row = (label: string, value: string, change: string) =>
      `<tr><td style="${cell}">${label}</td><td style="${cell}"><strong>${value}</strong></td><td style="${cell};color:#666">${change}</td></tr>`;
    expect(mailOf().html.split('\n')).toEqual([
      '<p>Hola Luis &lt;Ventas&gt;:</p>',
      '<p>Este es el reporte diario de estadísticas de Tacos &quot;Ana&quot; &amp; O&#39;Hara del 31/05/2026.</p>',
      '<table style="border-collapse:collapse">',
      row('Conversaciones', '2', '+100 % vs. periodo anterior'),
      row('Conversaciones Activas', '0', 'sin comparación'),
      row('Chats respondidos', '0', 'sin comparación'),
      row('Chats sin responder', '0', 'sin comparación'),
      row('Tiempo de respuesta promedio', 'Sin datos', 'sin comparación'),
      row('Horario con más mensajes', 'Sin mensajes', 'periodo anterior: Sin mensajes'),
      '</table>',
      '<p>Consulta el detalle en el panel de estadísticas: <a href="https://crm.example.com/analytics?a=1&amp;b=2">https://crm.example.com/analytics?a=1&amp;b=2</a></p>',
      '<p>Charla CRM</p>',
    ]);
  });

  it('has no comparison without a previous figure', () => {
    expect(reportChangeLabel(4, null)).toBe('sin comparación');
  });
});

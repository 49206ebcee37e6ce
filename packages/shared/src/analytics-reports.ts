/**
 * Report e-mails (01 §3 Report e-mail recipient, §7 Statistics): which period a recipient's report covers at a
 * given moment, and the Spanish mail that carries it. Pure functions: the API's digest job calls them with its
 * clock and the company's time zone, and their unit tests pin the calendar rules across zones and month ends.
 */
import {
  type AnalyticsFigures,
  hourRangeLabel,
  PRODUCT_NAME,
  percentChange,
  REPORT_FREQUENCIES,
  type ReportFrequency,
} from './analytics';
import { addDays } from './rules/date-range';
import { startOfDayIn, todayIn } from './rules/dates';
import { VALIDATION_MESSAGES } from './rules/validation';

export const REPORT_NAME_MAX = 120;

export const REPORT_MESSAGES = {
  nameTooLong: `El nombre no debe exceder los ${REPORT_NAME_MAX} caracteres`,
  frequencyInvalid: 'Selecciona una frecuencia válida',
  emailsRequired: 'Indica al menos un correo',
} as const;

/** The recipient's name: required once trimmed, at most REPORT_NAME_MAX characters. */
export function reportNameError(value: string): string | null {
  const name = value.trim();
  if (name === '') return VALIDATION_MESSAGES.nameRequired;
  return name.length > REPORT_NAME_MAX ? REPORT_MESSAGES.nameTooLong : null;
}

export function reportFrequencyError(value: string): string | null {
  return (REPORT_FREQUENCIES as readonly string[]).includes(value) ? null : REPORT_MESSAGES.frequencyInvalid;
}

/** The adjective of the subject and body: 'Reporte diario…'. */
export const REPORT_FREQUENCY_ADJECTIVES: Record<ReportFrequency, string> = {
  DAILY: 'diario',
  WEEKLY: 'semanal',
  MONTHLY: 'mensual',
};

/** The period a report covers, [start, end), and the one just before it (for the changes), [previousStart, start). */
export interface ReportPeriod {
  start: Date;
  end: Date;
  previousStart: Date;
  /** Names the period for the recipient's job key: YYYY-MM-DD (its first day) or YYYY-MM (a month). */
  key: string;
  /** The period's first and last calendar days, YYYY-MM-DD in the company's time zone. */
  firstDay: string;
  lastDay: string;
}

// Days are local-midnight Dates (rules/dates.ts): the calendar day in the company's zone, whose instants
// startOfDayIn gives (a bad zone setting falls back to the product default there, as everywhere).
const pad = (n: number): string => String(n).padStart(2, '0');
const isoDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** 0 = Monday … 6 = Sunday. */
const weekday = (d: Date): number => (d.getDay() + 6) % 7;

const monthsBefore = (d: Date, months: number): Date => new Date(d.getFullYear(), d.getMonth() - months, 1);

/**
 * The period whose report is due at `now` in the company's `timeZone`, or null when none is: DAILY covers
 * yesterday (due every day, once the local day changed); WEEKLY the previous Monday–Sunday week, due on Monday;
 * MONTHLY the previous calendar month, due on the 1st. The hourly digest asks every hour of the due day; the
 * period's key makes the repeats no-ops.
 */
export function reportPeriod(frequency: ReportFrequency, now: Date, timeZone: string): ReportPeriod | null {
  const today = todayIn(timeZone, now);
  let first: Date;
  let previous: Date;
  let key: string;
  if (frequency === 'DAILY') {
    first = addDays(today, -1);
    previous = addDays(today, -2);
    key = isoDay(first);
  } else if (frequency === 'WEEKLY') {
    if (weekday(today) !== 0) return null;
    first = addDays(today, -7);
    previous = addDays(today, -14);
    key = isoDay(first);
  } else {
    if (today.getDate() !== 1) return null;
    first = monthsBefore(today, 1);
    previous = monthsBefore(today, 2);
    key = isoDay(first).slice(0, 7);
  }
  return {
    start: startOfDayIn(first, timeZone),
    end: startOfDayIn(today, timeZone),
    previousStart: startOfDayIn(previous, timeZone),
    key,
    firstDay: isoDay(first),
    lastDay: isoDay(addDays(today, -1)),
  };
}

/** The job key that makes a recipient's report of a period go out once, across instances and reruns. */
export function reportJobKey(recipientId: number, frequency: ReportFrequency, periodKey: string): string {
  return `report:${recipientId}:${frequency}:${periodKey}`;
}

/** 'Reporte diario de estadísticas — Negocio'. */
export function reportSubject(frequency: ReportFrequency, companyName: string): string {
  return `Reporte ${REPORT_FREQUENCY_ADJECTIVES[frequency]} de estadísticas — ${companyName}`;
}

/** YYYY-MM-DD → DD/MM/YYYY. */
function displayDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** 'del 31/05/2026' for one day, 'del 25/05/2026 al 31/05/2026' for longer periods. */
export function reportPeriodLabel(firstDay: string, lastDay: string): string {
  return firstDay === lastDay
    ? `del ${displayDay(firstDay)}`
    : `del ${displayDay(firstDay)} al ${displayDay(lastDay)}`;
}

const NO_DATA = 'Sin datos';

/** A percentage as the report shows it: '+50 %', '-12,5 %', '0 %'; 'sin comparación' when the previous was 0. */
export function reportChangeLabel(current: number | null, previous: number | null): string {
  if (current === null || previous === null) return 'sin comparación';
  const change = percentChange(current, previous);
  if (change === null) return 'sin comparación';
  const sign = change > 0 ? '+' : '';
  return `${sign}${String(change).replace('.', ',')} % vs. periodo anterior`;
}

function minutesLabel(minutes: number | null): string {
  if (minutes === null) return NO_DATA;
  return `${String(Math.round(minutes * 10) / 10).replace('.', ',')} min`;
}

export interface ReportRow {
  label: string;
  value: string;
  change: string;
}

/** The report's lines, in the dashboard's card order, each with its change against the previous period. */
export function reportRows(current: AnalyticsFigures, previous: AnalyticsFigures): ReportRow[] {
  const count = (label: string, key: 'total' | 'totalActive' | 'totalAnswered' | 'totalUnanswered') => ({
    label,
    value: String(current[key]),
    change: reportChangeLabel(current[key], previous[key]),
  });
  return [
    count('Conversaciones', 'total'),
    count('Conversaciones Activas', 'totalActive'),
    count('Chats respondidos', 'totalAnswered'),
    count('Chats sin responder', 'totalUnanswered'),
    {
      label: 'Tiempo de respuesta promedio',
      value: minutesLabel(current.responseMinutes),
      change: reportChangeLabel(current.responseMinutes, previous.responseMinutes),
    },
    {
      label: 'Horario con más mensajes',
      value: hourRangeLabel(current.timeWithMoreMessages),
      // An hour of the day has no percentage: the previous period's hour is the comparison.
      change: `periodo anterior: ${hourRangeLabel(previous.timeWithMoreMessages)}`,
    },
  ];
}

export interface ReportEmailInput {
  frequency: ReportFrequency;
  companyName: string;
  recipientName: string;
  firstDay: string;
  lastDay: string;
  current: AnalyticsFigures;
  previous: AnalyticsFigures;
  /** {public web URL}/analytics. */
  dashboardUrl: string;
}

export interface ReportEmail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The whole mail: subject, plain text and simple HTML with the same content. */
export function reportEmail(input: ReportEmailInput): ReportEmail {
  const adjective = REPORT_FREQUENCY_ADJECTIVES[input.frequency];
  const period = reportPeriodLabel(input.firstDay, input.lastDay);
  const intro = `Este es el reporte ${adjective} de estadísticas de ${input.companyName} ${period}.`;
  const rows = reportRows(input.current, input.previous);
  const closing = 'Consulta el detalle en el panel de estadísticas:';
  const text = [
    `Hola ${input.recipientName}:`,
    '',
    intro,
    '',
    ...rows.map((row) => `${row.label}: ${row.value} (${row.change})`),
    '',
    `${closing} ${input.dashboardUrl}`,
    '',
    PRODUCT_NAME,
  ].join('\n');
  const cell = 'padding:4px 12px;border-bottom:1px solid #eee';
  const html = [
    `<p>Hola ${escapeHtml(input.recipientName)}:</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    ...rows.map(
      (row) =>
        `<tr><td style="${cell}">${escapeHtml(row.label)}</td><td style="${cell}"><strong>${escapeHtml(row.value)}</strong></td><td style="${cell};color:#666">${escapeHtml(row.change)}</td></tr>`,
    ),
    '</table>',
    `<p>${escapeHtml(closing)} <a href="${escapeHtml(input.dashboardUrl)}">${escapeHtml(input.dashboardUrl)}</a></p>`,
    `<p>${escapeHtml(PRODUCT_NAME)}</p>`,
  ].join('\n');
  return { subject: reportSubject(input.frequency, input.companyName), text, html };
}

import { DEFAULT_TIME_ZONE } from '../limits';
import { addDays } from './date-range';

// 02 §9: Spanish month abbreviations for DD/MMM (fixed list: ICU versions differ, e.g. 'sept' vs 'sep').
export const SPANISH_MONTHS_SHORT = [
  'ene',
  'feb',
  'mar',
  'abr',
  'may',
  'jun',
  'jul',
  'ago',
  'sep',
  'oct',
  'nov',
  'dic',
] as const;

type DateInput = Date | number | string;

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    // A bad company time-zone setting must not break every list; fall back to the product default.
    return timeZone === DEFAULT_TIME_ZONE ? formatterFor('UTC') : formatterFor(DEFAULT_TIME_ZONE);
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

function slowZonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

const DAY_MS = 86400000;
/** `zone|UTC day` → the zone's offset (ms) for that whole day, or null when it changes that day. */
const dayOffsets = new Map<string, number | null>();

function offsetAt(ms: number, timeZone: string): number {
  const p = slowZonedParts(new Date(ms), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - ms;
}

/**
 * Exports format thousands of dates: Intl's formatToParts costs ~10 µs a call, so the zone's offset is computed
 * once per UTC day (checked at both ends; a day with a change of offset takes the slow path) and reused.
 */
function zonedParts(date: DateInput, timeZone: string): ZonedParts {
  const instant = date instanceof Date ? date : new Date(date);
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  const key = `${timeZone}|${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const start = offsetAt(day, timeZone);
    offset = start === offsetAt(day + DAY_MS - 60000, timeZone) ? start : null;
    if (dayOffsets.size >= 20000) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  if (offset === null) return slowZonedParts(instant, timeZone);
  const local = new Date(ms + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

const pad = (n: number): string => String(n).padStart(2, '0');

function dayIndex(p: ZonedParts): number {
  return Math.round(Date.UTC(p.year, p.month - 1, p.day) / 86400000);
}

// 02 §9: today 'HH:mm', yesterday 'Ayer', older 'DD/MMM', in the company's time zone.
export function formatConversationTime(
  date: DateInput,
  now: DateInput = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const d = zonedParts(date, timeZone);
  const diff = dayIndex(zonedParts(now, timeZone)) - dayIndex(d);
  if (diff === 0) return `${pad(d.hour)}:${pad(d.minute)}`;
  if (diff === 1) return 'Ayer';
  return `${pad(d.day)}/${SPANISH_MONTHS_SHORT[d.month - 1] ?? ''}`;
}

// 02 §9: a message's time, HH:mm in the company's time zone.
export function formatTime(date: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = zonedParts(date, timeZone);
  return `${pad(d.hour)}:${pad(d.minute)}`;
}

/** DD/MM/YYYY HH:mm in the time zone: the format the date-time pickers use (scheduled follow-ups). */
export function formatDateTime(date: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = zonedParts(date, timeZone);
  return `${pad(d.day)}/${pad(d.month)}/${d.year} ${pad(d.hour)}:${pad(d.minute)}`;
}

// 02 §3 / §9: report dates as DD-MM-YYYY HH:mm.
export function formatReportDate(date: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const d = zonedParts(date, timeZone);
  return `${pad(d.day)}-${pad(d.month)}-${d.year} ${pad(d.hour)}:${pad(d.minute)}`;
}

/** Whether two instants fall on the same calendar day in the time zone (where the day separators go). */
export function isSameDayIn(a: DateInput, b: DateInput, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  return dayIndex(zonedParts(a, timeZone)) === dayIndex(zonedParts(b, timeZone));
}

const MEDIUM_STYLES = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const mediumFormatters = new Map<string, Intl.DateTimeFormat>();

function mediumFormatter(style: keyof typeof MEDIUM_STYLES, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  const cached = mediumFormatters.get(key);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('es-MX', { ...MEDIUM_STYLES[style], timeZone });
  } catch {
    return mediumFormatter(style, timeZone === DEFAULT_TIME_ZONE ? 'UTC' : DEFAULT_TIME_ZONE);
  }
  mediumFormatters.set(key, formatter);
  return formatter;
}

const toInstant = (date: DateInput): Date => (date instanceof Date ? date : new Date(date));

/** A date in words for admin lists, e.g. '20 nov 2026', in the time zone (Intl's es-MX medium style). */
export function formatMediumDate(date: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  return mediumFormatter('date', timeZone).format(toInstant(date));
}

/** The same with the time, e.g. '20 nov 2026, 10:00 a.m.'. */
export function formatMediumDateTime(date: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  return mediumFormatter('dateTime', timeZone).format(toInstant(date));
}

// 02 §9: message times arrive in seconds.
export function messageTimeToDate(seconds: number): Date {
  return new Date(seconds * 1000);
}

// Date pickers hold calendar days as local-midnight Dates (the shape clampDateRange works on), and date-time
// pickers wall-clock times as local Dates; the company's time zone (02 §9, ARCHITECTURE rule 7) decides which
// instants those days and times are and which day is "today". The browser's own zone plays no part.

/** The calendar day it is in `timeZone` at `now`, as a local-midnight Date. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): Date {
  const p = slowZonedParts(now, timeZone ?? DEFAULT_TIME_ZONE);
  return new Date(p.year, p.month - 1, p.day);
}

/** The wall-clock time in `timeZone` at an instant, as a local Date: what a date-time picker shows for it. */
export function wallTimeIn(instant: DateInput, timeZone: string | undefined): Date {
  const ms = toInstant(instant).getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  const minute = Math.floor(ms / 60000) * 60000;
  const wall = new Date(ms + offsetAt(minute, timeZone ?? DEFAULT_TIME_ZONE));
  return new Date(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
}

/** The instant a wall-clock time (a local Date, as a picker gives it) is in `timeZone`. */
export function instantOfWallTime(wall: Date, timeZone: string | undefined): Date {
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const ms = Date.UTC(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
    wall.getMilliseconds(),
  );
  const minute = Math.floor(ms / 60000) * 60000;
  // Twice: the offset at the first guess can differ from the offset at the answer across a DST change.
  const first = minute - offsetAt(minute, zone);
  return new Date(minute - offsetAt(first, zone) + (ms - minute));
}

/** The instant a calendar day (a local-midnight Date) begins in `timeZone`. */
export function startOfDayIn(day: Date, timeZone: string | undefined): Date {
  return instantOfWallTime(new Date(day.getFullYear(), day.getMonth(), day.getDate()), timeZone);
}

/** 02 §5 contacts dates: from the first instant of the start day to the last of the end day, in the zone. */
export function rangeInstants(
  range: { start: Date; end: Date },
  timeZone: string | undefined,
): { createdAtFrom: string; createdAtTo: string } {
  const from = startOfDayIn(range.start, timeZone);
  const to = new Date(startOfDayIn(addDays(range.end, 1), timeZone).getTime() - 1);
  return { createdAtFrom: from.toISOString(), createdAtTo: to.toISOString() };
}

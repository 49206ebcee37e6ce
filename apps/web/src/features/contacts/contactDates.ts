import { addDays, DEFAULT_TIME_ZONE } from '@crm/shared';

// The date pickers hold calendar days as local-midnight Dates (the shape clampDateRange works on); the company's
// time zone (02 §9, ARCHITECTURE rule 7) decides which instants those days cover and which day is "today".

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
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    // A bad zone setting must not break the panel: the product's default zone, as the API does.
    return timeZone === DEFAULT_TIME_ZONE ? formatterFor('UTC') : formatterFor(DEFAULT_TIME_ZONE);
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** The zone's offset from UTC at an instant, in ms (Mexico City: -6 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/** The calendar day it is in `timeZone` at `now`, as a local-midnight Date. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): Date {
  const w = wallClock(now.getTime(), timeZone ?? DEFAULT_TIME_ZONE);
  return new Date(w.year, w.month - 1, w.day);
}

/** The instant a calendar day (a local-midnight Date) begins in `timeZone`. */
export function startOfDayIn(day: Date, timeZone: string | undefined): Date {
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const wall = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate());
  // Twice: the offset at the first guess can differ from the offset at the answer across a DST change.
  const first = wall - offsetAt(wall, zone);
  return new Date(wall - offsetAt(first, zone));
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

// Dates here are calendar days in the caller's local time zone, the way a date picker shows them.
const DAY_MS = 86400000;

export function addDays(date: Date, days: number): Date {
  const next = new Date(date.getTime());
  next.setDate(next.getDate() + days);
  return next;
}

function dayNumber(date: Date): number {
  return Math.round(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY_MS);
}

// Whole calendar days from `from` to `to` (negative when `to` is earlier).
export function daysBetween(from: Date, to: Date): number {
  return dayNumber(to) - dayNumber(from);
}

export interface DateRange {
  start: Date;
  end: Date;
}

export interface ClampDateRangeInput extends DateRange {
  changed: 'start' | 'end';
  maxDays: number;
  today: Date;
}

// 01 §5 analytics and 02 §5 contacts: the end cannot pass today nor precede the start, and the range
// stays within maxDays by moving the bound the user did not change.
export function clampDateRange(input: ClampDateRangeInput): DateRange {
  const { changed, maxDays, today } = input;
  let start = input.start;
  let end = input.end;
  if (daysBetween(today, start) > 0) start = today;
  if (daysBetween(today, end) > 0) end = today;
  if (changed === 'start') {
    if (daysBetween(start, end) < 0) end = start;
    if (daysBetween(start, end) > maxDays) end = addDays(start, maxDays);
  } else {
    if (daysBetween(start, end) < 0) start = end;
    if (daysBetween(start, end) > maxDays) start = addDays(end, -maxDays);
  }
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

// 01 §9 / 02 §5: "last N days" ending today.
export function defaultRange(days: number, today: Date): DateRange {
  return { start: addDays(today, -days), end: new Date(today.getTime()) };
}

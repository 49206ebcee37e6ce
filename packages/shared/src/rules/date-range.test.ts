import { describe, expect, it } from 'vitest';
import { addDays, clampDateRange, daysBetween, defaultRange } from './date-range';

const day = (y: number, m: number, d: number): Date => new Date(y, m - 1, d);
const today = day(2024, 5, 20);

describe('clampDateRange', () => {
  it('keeps a valid range as it is', () => {
    const r = clampDateRange({
      start: day(2024, 5, 10),
      end: day(2024, 5, 15),
      changed: 'start',
      maxDays: 15,
      today,
    });
    expect(r).toEqual({ start: day(2024, 5, 10), end: day(2024, 5, 15) });
  });

  it('moves the end when the start is changed beyond maxDays', () => {
    const r = clampDateRange({
      start: day(2024, 4, 1),
      end: day(2024, 5, 20),
      changed: 'start',
      maxDays: 15,
      today,
    });
    expect(r).toEqual({ start: day(2024, 4, 1), end: day(2024, 4, 16) });
  });

  it('moves the start when the end is changed beyond maxDays', () => {
    const r = clampDateRange({
      start: day(2024, 4, 1),
      end: day(2024, 5, 20),
      changed: 'end',
      maxDays: 15,
      today,
    });
    expect(r).toEqual({ start: day(2024, 5, 5), end: day(2024, 5, 20) });
  });

  it('never lets the end pass today', () => {
    const r = clampDateRange({
      start: day(2024, 5, 18),
      end: day(2024, 6, 2),
      changed: 'end',
      maxDays: 15,
      today,
    });
    expect(r.end).toEqual(today);
    expect(r.start).toEqual(day(2024, 5, 18));
  });

  it('pulls a future start back to today', () => {
    const r = clampDateRange({
      start: day(2024, 6, 1),
      end: day(2024, 6, 2),
      changed: 'start',
      maxDays: 7,
      today,
    });
    expect(r).toEqual({ start: today, end: today });
  });

  it('keeps the end from preceding the start, moving the other bound', () => {
    const a = clampDateRange({
      start: day(2024, 5, 12),
      end: day(2024, 5, 10),
      changed: 'start',
      maxDays: 15,
      today,
    });
    expect(a).toEqual({ start: day(2024, 5, 12), end: day(2024, 5, 12) });
    const b = clampDateRange({
      start: day(2024, 5, 12),
      end: day(2024, 5, 10),
      changed: 'end',
      maxDays: 15,
      today,
    });
    expect(b).toEqual({ start: day(2024, 5, 10), end: day(2024, 5, 10) });
  });

  it('allows a range of exactly maxDays', () => {
    const r = clampDateRange({
      start: day(2024, 5, 5),
      end: day(2024, 5, 20),
      changed: 'end',
      maxDays: 15,
      today,
    });
    expect(daysBetween(r.start, r.end)).toBe(15);
    expect(r.start).toEqual(day(2024, 5, 5));
  });

  it('keeps contacts ranges within one year', () => {
    const r = clampDateRange({
      start: day(2022, 1, 1),
      end: day(2024, 5, 20),
      changed: 'end',
      maxDays: 365,
      today,
    });
    expect(r.start).toEqual(day(2023, 5, 21));
  });

  it('does not mutate the given dates', () => {
    const start = day(2024, 4, 1);
    const end = day(2024, 5, 20);
    clampDateRange({ start, end, changed: 'start', maxDays: 15, today });
    expect(end).toEqual(day(2024, 5, 20));
  });
});

describe('defaultRange', () => {
  it('covers the last N days ending today', () => {
    expect(defaultRange(7, today)).toEqual({ start: day(2024, 5, 13), end: today });
    expect(defaultRange(15, today)).toEqual({ start: day(2024, 5, 5), end: today });
  });
});

describe('day arithmetic', () => {
  it('counts calendar days across month and year ends', () => {
    expect(daysBetween(day(2023, 12, 31), day(2024, 1, 1))).toBe(1);
    expect(addDays(day(2024, 2, 28), 1)).toEqual(day(2024, 2, 29));
    expect(daysBetween(day(2024, 3, 1), day(2024, 2, 1))).toBe(-29);
  });
});

// A picker may hand over a time of day with the date: a bound already on the right day keeps its time.
describe('clampDateRange keeps bounds on the right day as they are', () => {
  const at = (y: number, m: number, d: number, h: number): Date => new Date(y, m - 1, d, h);

  it('keeps a start or an end of today', () => {
    const r = clampDateRange({
      start: at(2024, 5, 20, 1),
      end: at(2024, 5, 20, 2),
      changed: 'start',
      maxDays: 15,
      today: at(2024, 5, 20, 12),
    });
    expect(r).toEqual({ start: at(2024, 5, 20, 1), end: at(2024, 5, 20, 2) });
  });

  it('keeps an end on the start day, and the start on the end day', () => {
    for (const changed of ['start', 'end'] as const) {
      const r = clampDateRange({
        start: at(2024, 5, 10, 9),
        end: at(2024, 5, 10, 8),
        changed,
        maxDays: 15,
        today,
      });
      expect(r).toEqual({ start: at(2024, 5, 10, 9), end: at(2024, 5, 10, 8) });
    }
  });

  it('keeps a range of exactly maxDays whichever bound changed', () => {
    for (const changed of ['start', 'end'] as const) {
      const r = clampDateRange({
        start: at(2024, 5, 1, 9),
        end: at(2024, 5, 16, 8),
        changed,
        maxDays: 15,
        today,
      });
      expect(r).toEqual({ start: at(2024, 5, 1, 9), end: at(2024, 5, 16, 8) });
    }
  });
});

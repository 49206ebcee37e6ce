import { describe, expect, it } from 'vitest';
import { instantOfWallTime, rangeInstants, startOfDayIn, todayIn, wallTimeIn } from './dates';

const day = (y: number, m: number, d: number) => new Date(y, m - 1, d);
const ymd = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()];

describe('contacts dates in the company time zone (02 §9)', () => {
  it("takes today from the company's zone, not the browser's", () => {
    // 00:40 UTC on 23 Nov is still 22 Nov, 18:40, in Mexico City.
    const now = new Date('2026-11-23T00:40:00Z');
    expect(ymd(todayIn('America/Mexico_City', now))).toEqual([2026, 11, 22]);
    expect(ymd(todayIn('Europe/Madrid', now))).toEqual([2026, 11, 23]);
  });

  it('turns picked days into the instants they cover in the zone', () => {
    expect(startOfDayIn(day(2026, 11, 16), 'America/Mexico_City').toISOString()).toBe(
      '2026-11-16T06:00:00.000Z',
    );
    expect(
      rangeInstants({ start: day(2026, 11, 16), end: day(2026, 11, 22) }, 'America/Mexico_City'),
    ).toEqual({
      createdAtFrom: '2026-11-16T06:00:00.000Z',
      createdAtTo: '2026-11-23T05:59:59.999Z',
    });
    expect(rangeInstants({ start: day(2026, 1, 1), end: day(2026, 1, 1) }, 'UTC')).toEqual({
      createdAtFrom: '2026-01-01T00:00:00.000Z',
      createdAtTo: '2026-01-01T23:59:59.999Z',
    });
  });

  it('follows a change of offset inside the range', () => {
    // Madrid leaves summer time on 25 Oct 2026: +02:00 before, +01:00 after.
    expect(rangeInstants({ start: day(2026, 10, 24), end: day(2026, 10, 25) }, 'Europe/Madrid')).toEqual({
      createdAtFrom: '2026-10-23T22:00:00.000Z',
      createdAtTo: '2026-10-25T22:59:59.999Z',
    });
  });

  it('falls back to the product zone when the company zone is unknown or broken', () => {
    const now = new Date('2026-11-23T00:40:00Z');
    expect(ymd(todayIn(undefined, now))).toEqual([2026, 11, 22]);
    expect(ymd(todayIn('Not/A_Zone', now))).toEqual([2026, 11, 22]);
  });
});

describe('date-time pickers in the company time zone (02 §9)', () => {
  const wall = (date: Date) => [
    date.getFullYear(),
    date.getMonth() + 1,
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
  ];

  it("shows an instant at the zone's wall-clock time, whatever the browser's zone", () => {
    expect(wall(wallTimeIn('2030-05-01T16:30:00.000Z', 'America/Mexico_City'))).toEqual([2030, 5, 1, 10, 30]);
    expect(wall(wallTimeIn('2030-05-01T16:30:00.000Z', 'Europe/Madrid'))).toEqual([2030, 5, 1, 18, 30]);
    expect(wall(wallTimeIn('2030-05-01T00:15:00.000Z', undefined))).toEqual([2030, 4, 30, 18, 15]);
  });

  it('turns a picked wall-clock time into the instant it is in the zone', () => {
    expect(instantOfWallTime(new Date(2030, 4, 1, 10, 30), 'America/Mexico_City').toISOString()).toBe(
      '2030-05-01T16:30:00.000Z',
    );
    // Madrid is +01:00 in winter and +02:00 in summer.
    expect(instantOfWallTime(new Date(2026, 0, 15, 9, 0), 'Europe/Madrid').toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
    expect(instantOfWallTime(new Date(2026, 6, 15, 9, 0), 'Europe/Madrid').toISOString()).toBe(
      '2026-07-15T07:00:00.000Z',
    );
  });

  it('goes there and back to the same instant, seconds included', () => {
    for (const iso of ['2030-05-01T16:30:00.000Z', '2026-10-25T03:00:30.500Z', '2026-03-29T01:00:00.000Z']) {
      for (const zone of ['America/Mexico_City', 'Europe/Madrid', 'Asia/Kolkata']) {
        expect(instantOfWallTime(wallTimeIn(iso, zone), zone).toISOString()).toBe(iso);
      }
    }
  });
});

describe('wallTimeIn of a date that is not one', () => {
  it('throws', () => {
    expect(() => wallTimeIn('no es fecha', 'America/Mexico_City')).toThrow(new RangeError('Invalid date'));
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatConversationTime,
  formatDateTime,
  formatMediumDate,
  formatMediumDateTime,
  formatReportDate,
  formatTime,
  isSameDayIn,
  messageTimeToDate,
} from './dates';

const MX = 'America/Mexico_City';

describe('formatConversationTime', () => {
  const now = new Date('2024-03-10T18:00:00Z'); // 12:00 in Mexico City (UTC-6)

  it('shows the time for today in the company time zone', () => {
    expect(formatConversationTime(new Date('2024-03-10T15:05:00Z'), now, MX)).toBe('09:05');
    expect(formatConversationTime(new Date('2024-03-10T06:00:00Z'), now, MX)).toBe('00:00');
  });

  it('shows Ayer for the previous calendar day there', () => {
    // 23:30 on 9 March in Mexico City, although already 10 March in UTC.
    expect(formatConversationTime(new Date('2024-03-10T05:30:00Z'), now, MX)).toBe('Ayer');
  });

  it('shows DD/MMM with Spanish months for older dates', () => {
    expect(formatConversationTime(new Date('2024-03-05T18:00:00Z'), now, MX)).toBe('05/mar');
    expect(formatConversationTime(new Date('2023-09-21T18:00:00Z'), now, MX)).toBe('21/sep');
    expect(formatConversationTime(new Date('2023-12-31T18:00:00Z'), now, MX)).toBe('31/dic');
  });

  it('depends on the time zone given', () => {
    const msg = new Date('2024-03-10T05:30:00Z');
    expect(formatConversationTime(msg, now, 'UTC')).toBe('05:30');
    expect(formatConversationTime(msg, now, 'Europe/Madrid')).toBe('06:30');
  });

  it('accepts ISO strings and millisecond timestamps', () => {
    expect(formatConversationTime('2024-03-10T15:05:00Z', now.getTime(), MX)).toBe('09:05');
  });

  it('falls back to Mexico City for an unknown time zone', () => {
    expect(formatConversationTime(new Date('2024-03-10T15:05:00Z'), now, 'Mars/Olympus')).toBe('09:05');
  });

  it('throws on an invalid date', () => {
    expect(() => formatConversationTime('nope', now, MX)).toThrow(RangeError);
  });
});

describe('formatReportDate', () => {
  it('formats as DD-MM-YYYY HH:mm in the time zone', () => {
    expect(formatReportDate(new Date('2024-01-02T03:04:00Z'), 'UTC')).toBe('02-01-2024 03:04');
    expect(formatReportDate(new Date('2024-01-02T03:04:00Z'), MX)).toBe('01-01-2024 21:04');
  });

  it('uses 00 for midnight, not 24', () => {
    expect(formatReportDate(new Date('2024-07-01T00:00:00Z'), 'UTC')).toBe('01-07-2024 00:00');
  });
});

describe('formatTime and formatDateTime', () => {
  it('write HH:mm and DD/MM/YYYY HH:mm in the time zone', () => {
    const instant = '2030-05-01T16:30:00.000Z';
    expect(formatTime(instant, MX)).toBe('10:30');
    expect(formatTime(instant, 'UTC')).toBe('16:30');
    expect(formatDateTime(instant, MX)).toBe('01/05/2030 10:30');
    // 00:15 UTC on 1 May is still 30 April in Mexico City.
    expect(formatDateTime('2030-05-01T00:15:00Z', MX)).toBe('30/04/2030 18:15');
    expect(formatDateTime('2030-05-01T00:15:00Z')).toBe('30/04/2030 18:15');
  });
});

describe('isSameDayIn', () => {
  it('compares calendar days in the time zone, not in UTC', () => {
    // 23:30 and 00:30 UTC of two UTC days are both 9 March in Mexico City.
    expect(isSameDayIn('2024-03-09T23:30:00Z', '2024-03-10T00:30:00Z', MX)).toBe(true);
    expect(isSameDayIn('2024-03-09T23:30:00Z', '2024-03-10T00:30:00Z', 'UTC')).toBe(false);
    expect(isSameDayIn('2024-03-10T05:59:00Z', '2024-03-10T06:00:00Z', MX)).toBe(false);
  });
});

describe('formatMediumDate and formatMediumDateTime', () => {
  it("write Intl's Spanish medium style in the time zone", () => {
    expect(formatMediumDate('2026-11-20T16:00:00.000Z', MX)).toBe('20 nov 2026');
    // 02:00 UTC on 21 Nov is 20:00 on 20 Nov in Mexico City.
    expect(formatMediumDate('2026-11-21T02:00:00.000Z', MX)).toBe('20 nov 2026');
    expect(formatMediumDateTime('2026-11-20T16:00:00.000Z', MX)).toMatch(/^20 nov 2026, 10:00\sa\.\s?m\.$/);
  });

  it('fall back to Mexico City for an unknown time zone', () => {
    expect(formatMediumDate('2026-11-21T02:00:00.000Z', 'Mars/Olympus')).toBe('20 nov 2026');
  });
});

describe('messageTimeToDate', () => {
  it('multiplies message seconds by 1000', () => {
    expect(messageTimeToDate(1700000000).toISOString()).toBe('2023-11-14T22:13:20.000Z');
  });
});

describe('formatReportDate across offset changes', () => {
  // Each zone's 2025 offset changes are found from Intl every 3 hours; around each one (a 3-hour gap with the change
  // inside) every minute is compared, and elsewhere the 3-hour samples, so a wrong offset anywhere shows.
  it('matches Intl minute by minute around DST changes, half-hour zones included', () => {
    const zones = ['America/Santiago', 'Australia/Adelaide', 'Australia/Lord_Howe', 'Europe/Madrid'];
    const MINUTE = 60000;
    const STEP = 180 * MINUTE;
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      const parts = (ms: number) =>
        Object.fromEntries(intl.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
      const expected = (ms: number) => {
        const p = parts(ms);
        const two = (n: number | undefined) => String(n).padStart(2, '0');
        return `${two(p.day)}-${two(p.month)}-${p.year} ${two(p.hour)}:${two(p.minute)}`;
      };
      const offset = (ms: number) => {
        const p = parts(ms);
        return (
          Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute) -
          Math.floor(ms / MINUTE) * MINUTE
        );
      };
      const mismatches: string[] = [];
      const check = (ms: number) => {
        const shown = formatReportDate(ms, timeZone);
        if (shown !== expected(ms))
          mismatches.push(`${new Date(ms).toISOString()}: ${shown} ≠ ${expected(ms)}`);
      };
      let changes = 0;
      for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2026, 0, 1); ms += STEP) {
        check(ms);
        if (offset(ms) === offset(ms + STEP)) continue;
        changes += 1;
        for (let minute = ms + MINUTE; minute < ms + STEP; minute += MINUTE) check(minute);
      }
      // Every one of these zones moves its clocks twice a year.
      expect(changes, timeZone).toBe(2);
      expect(mismatches, timeZone).toEqual([]);
    }
  });
});

describe('dates at their bounds', () => {
  it('says "Ayer" across the end of a month', () => {
    expect(formatConversationTime('2026-02-28T18:00:00Z', '2026-03-01T18:00:00Z', 'UTC')).toBe('Ayer');
  });

  it('refuses a date that is not one', () => {
    expect(() => formatTime('no es fecha')).toThrow(new RangeError('Invalid date'));
  });
});

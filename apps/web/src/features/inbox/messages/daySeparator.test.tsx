import { formatTime } from '@crm/shared';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DaySeparator } from './DaySeparator';
import { startsNewDay } from './messageDisplay';

// Noon of 15 Jan 2026 in Mexico City (UTC-6), the default company zone.
const NOW = '2026-01-15T18:00:00.000Z';

function label(date: string, timeZone?: string): string {
  const { getByTestId, unmount } = render(<DaySeparator date={date} now={NOW} timeZone={timeZone} />);
  const text = getByTestId('day-separator').textContent ?? '';
  unmount();
  return text;
}

describe('day separator', () => {
  it("labels today's messages 'Hoy'", () => {
    expect(label('2026-01-15T06:30:00.000Z')).toBe('Hoy');
  });

  it("labels yesterday's messages 'Ayer'", () => {
    expect(label('2026-01-14T20:00:00.000Z')).toBe('Ayer');
  });

  it('labels older days DD/MMM in Spanish', () => {
    expect(label('2026-01-02T18:00:00.000Z')).toBe('02/ene');
    expect(label('2025-09-30T18:00:00.000Z')).toBe('30/sep');
  });

  it("counts days in the company's time zone, not UTC", () => {
    // 05:30 UTC on the 15th is still the 14th in Mexico City, but already the 15th in Madrid.
    expect(label('2026-01-15T05:30:00.000Z')).toBe('Ayer');
    expect(label('2026-01-15T05:30:00.000Z', 'Europe/Madrid')).toBe('Hoy');
  });
});

describe('startsNewDay', () => {
  it('puts a separator before the first message and where the local day changes', () => {
    const first = { time: '2026-01-14T23:00:00.000Z' }; // 17:00 on the 14th in Mexico City
    const sameDay = { time: '2026-01-15T05:59:00.000Z' }; // 23:59 on the 14th
    const nextDay = { time: '2026-01-15T06:00:00.000Z' }; // 00:00 on the 15th
    expect(startsNewDay(undefined, first)).toBe(true);
    expect(startsNewDay(first, sameDay)).toBe(false);
    expect(startsNewDay(sameDay, nextDay)).toBe(true);
  });

  it('shows bubble times as HH:mm in the same zone', () => {
    expect(formatTime('2026-01-15T05:59:00.000Z')).toBe('23:59');
    expect(formatTime('2026-01-15T05:59:00.000Z', 'Europe/Madrid')).toBe('06:59');
  });
});

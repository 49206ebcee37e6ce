import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../../../test/fixtures';
import { SessionContext } from '../../../session/SessionContext';
import { useInboxFilter } from '../hooks/useInboxFilter';

function inZone(timezone: string) {
  const me = makeMe('admin', {}, { timezone });
  return ({ children }: { children: ReactNode }) => (
    <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
      {children}
    </SessionContext.Provider>
  );
}

describe('inbox filter', () => {
  it("asks for the picked days from the first to the last instant of the company's day (02 §9)", () => {
    const { result } = renderHook(() => useInboxFilter(), { wrapper: inZone('America/Mexico_City') });
    act(() =>
      result.current.change({ dateRange: { start: new Date(2026, 0, 1), end: new Date(2026, 0, 7) } }),
    );
    expect(result.current.filter.dateFrom).toBe('2026-01-01T06:00:00.000Z');
    expect(result.current.filter.dateTo).toBe('2026-01-08T05:59:59.999Z');

    act(() => result.current.change({ dateRange: null }));
    expect(result.current.filter.dateFrom).toBeNull();
    expect(result.current.filter.dateTo).toBeNull();
  });

  it("follows the company's zone, not the browser's", () => {
    const { result } = renderHook(() => useInboxFilter(), { wrapper: inZone('Europe/Madrid') });
    act(() =>
      result.current.change({ dateRange: { start: new Date(2026, 6, 1), end: new Date(2026, 6, 1) } }),
    );
    expect(result.current.filter.dateFrom).toBe('2026-06-30T22:00:00.000Z');
    expect(result.current.filter.dateTo).toBe('2026-07-01T21:59:59.999Z');
  });
});

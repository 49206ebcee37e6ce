import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passToastTime, renderAppOnFakeClock, toastLeaving } from '../../../test/toastClock';

function goOffline(): void {
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline(): void {
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('connection watcher (01 §2.3 Auth)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns while offline until the connection is back, then says for 6 s that it is restored', async () => {
    await renderAppOnFakeClock();

    goOffline();
    await screen.findByText('Revisa tu conexión a Internet');
    // Persistent: still there long after the default 10 s of a toast.
    await passToastTime(30_000);
    expect(toastLeaving('Revisa tu conexión a Internet')).toBe(false);

    goOnline();
    await screen.findByText('Conexión restablecida');
    // Same toast key: the success replaces the warning.
    await waitFor(() => expect(screen.queryByText('Revisa tu conexión a Internet')).toBeNull());
    // 01 §9: the online toast lasts 6 s.
    await passToastTime(4_000);
    expect(toastLeaving('Conexión restablecida')).toBe(false);
    await passToastTime(3_000);
    expect(toastLeaving('Conexión restablecida')).toBe(true);
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../AppProviders';

const realSetTimeout = globalThis.setTimeout;

// A notice that has timed out is removed or carries antd's leave-animation class.
function leaving(text: string): boolean {
  const notice = screen.queryByText(text)?.closest('.ant-message-notice');
  return !notice || /leave/.test(notice.className);
}

// antd's notice timer steps on animation frames: after the clock jumps, a few real frames let it see the jump.
async function passTime(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(() => new Promise((resolve) => realSetTimeout(resolve, 200)));
}

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
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <AppProviders>
        <main>Página</main>
      </AppProviders>,
    );
    await screen.findByText('Página');

    goOffline();
    await screen.findByText('Revisa tu conexión a Internet');
    // Persistent: still there long after the default 10 s of a toast.
    await passTime(30_000);
    expect(leaving('Revisa tu conexión a Internet')).toBe(false);

    goOnline();
    await screen.findByText('Conexión restablecida');
    // Same toast key: the success replaces the warning.
    await waitFor(() => expect(screen.queryByText('Revisa tu conexión a Internet')).toBeNull());
    // 01 §9: the online toast lasts 6 s.
    await passTime(4_000);
    expect(leaving('Conexión restablecida')).toBe(false);
    await passTime(3_000);
    expect(leaving('Conexión restablecida')).toBe(true);
  });
});

import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers/AppProviders';
import { toast } from '../toast';

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

describe('toast durations (01 §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a toast 10 s and a warning 15 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <AppProviders>
        <main>Página</main>
      </AppProviders>,
    );
    await screen.findByText('Página');
    act(() => {
      toast.error('Algo falló');
      toast.warning('Cuidado');
    });
    await screen.findByText('Cuidado');
    await passTime(9_000);
    expect(leaving('Algo falló')).toBe(false);
    await passTime(2_000);
    expect(leaving('Algo falló')).toBe(true);
    expect(leaving('Cuidado')).toBe(false);
    await passTime(3_000);
    expect(leaving('Cuidado')).toBe(false);
    await passTime(2_000);
    expect(leaving('Cuidado')).toBe(true);
  });
});

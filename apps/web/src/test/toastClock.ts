import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers/AppProviders';

// Taken before any test installs fake timers: the real frames antd's notice timer needs.
const realSetTimeout = globalThis.setTimeout;

/** A toast that has timed out is removed or carries antd's leave-animation class. */
export function toastLeaving(text: string): boolean {
  const notice = screen.queryByText(text)?.closest('.ant-message-notice');
  return !notice || /leave/.test(notice.className);
}

/**
 * Moves the fake clock by `ms`. antd's notice timer steps on animation frames: after the clock jumps, a few real
 * frames let it see the jump.
 */
export async function passToastTime(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(() => new Promise((resolve) => realSetTimeout(resolve, 200)));
}

/** The app's providers (and so its toast layer) on a fake clock that still advances, with a page inside. */
export async function renderAppOnFakeClock(): Promise<void> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  render(createElement(AppProviders, null, createElement('main', null, 'Página')));
  await screen.findByText('Página');
}

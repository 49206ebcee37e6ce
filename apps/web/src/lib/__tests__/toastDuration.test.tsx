import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passToastTime, renderAppOnFakeClock, toastLeaving } from '../../test/toastClock';
import { toast } from '../toast';

describe('toast durations (01 §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a toast 10 s and a warning 15 s', async () => {
    await renderAppOnFakeClock();
    act(() => {
      toast.error('Algo falló');
      toast.warning('Cuidado');
    });
    await screen.findByText('Cuidado');
    await passToastTime(9_000);
    expect(toastLeaving('Algo falló')).toBe(false);
    await passToastTime(2_000);
    expect(toastLeaving('Algo falló')).toBe(true);
    expect(toastLeaving('Cuidado')).toBe(false);
    await passToastTime(3_000);
    expect(toastLeaving('Cuidado')).toBe(false);
    await passToastTime(2_000);
    expect(toastLeaving('Cuidado')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { rateWindows } from './campaign-dispatcher.service';

describe('rateWindows', () => {
  it('never lets a one-second span hold more than the rate, for every rate from 2 to 1,000', () => {
    for (let rate = 2; rate <= 1000; rate += 1) {
      const { windowMs, perWindow } = rateWindows(rate);
      expect(perWindow).toBeGreaterThanOrEqual(1);
      expect((Math.ceil(1000 / windowMs) + 1) * perWindow, `rate ${rate}`).toBeLessThanOrEqual(rate);
    }
  });

  it('uses most of a high rate and some of a low one', () => {
    expect(rateWindows(1000)).toEqual({ windowMs: 50, perWindow: 47 });
    const at80 = rateWindows(80);
    expect((at80.perWindow * 1000) / at80.windowMs).toBeGreaterThanOrEqual(64);
    expect(rateWindows(5)).toEqual({ windowMs: 250, perWindow: 1 });
  });
});

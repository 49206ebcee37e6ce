import { describe, expect, it } from 'vitest';
import { rateWindows } from './campaign-dispatcher.service';

describe('rateWindows', () => {
  it('never lets a one-second span hold more than the rate, for every rate from 3 to 1,000, with the calls of a window leaving late', () => {
    for (let rate = 3; rate <= 1000; rate += 1) {
      const { windowMs, perWindow } = rateWindows(rate);
      expect(perWindow).toBeGreaterThanOrEqual(1);
      expect((Math.ceil(1000 / windowMs) + 2) * perWindow, `rate ${rate}`).toBeLessThanOrEqual(rate);
    }
  });

  it('uses most of a high rate and some of a low one', () => {
    expect(rateWindows(1000)).toEqual({ windowMs: 20, perWindow: 19 });
    const at80 = rateWindows(80);
    expect((at80.perWindow * 1000) / at80.windowMs).toBeGreaterThanOrEqual(64);
    expect(rateWindows(5)).toEqual({ windowMs: 500, perWindow: 1 });
  });
});

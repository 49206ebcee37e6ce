import { describe, expect, it } from 'vitest';
import { rampFactor, reservation, sendInterval } from './campaign-dispatcher.service';

/** The most arrivals in any one-second span [t, t + 1000). */
function busiestSecond(arrivals: readonly number[]): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to += 1) {
    while ((sorted[to] as number) - (sorted[from] as number) >= 1000) from += 1;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

describe('sendInterval', () => {
  it('never lets the send times within 1,050 ms (a second, the lateness allowed and the arrival margin) exceed the rate, for every rate from 1 to 1,000', () => {
    for (let rate = 1; rate <= 1000; rate += 1) {
      const interval = sendInterval(rate);
      expect(Math.floor(1050 / interval) + 1, `rate ${rate}`).toBeLessThanOrEqual(rate);
    }
  });

  it('keeps any second at the provider within the rate when every call leaves up to 12 ms late and takes up to 38 ms more to arrive', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const rate of [1, 5, 80, 333, 1000]) {
      const interval = sendInterval(rate);
      const arrivals: number[] = [];
      for (let k = 0; k < rate * 20; k += 1) {
        // The worst case: calls alternately as late as allowed and right on time.
        const late = k % 2 === 0 ? 12 : random() * 12;
        arrivals.push(k * interval + late + (k % 3 === 0 ? 38 : random() * 38));
      }
      expect(busiestSecond(arrivals), `rate ${rate}`).toBeLessThanOrEqual(rate);
    }
  });

  it('uses at least 95% of the highest rate and 80% of the lowest', () => {
    expect(1000 / sendInterval(1000)).toBeGreaterThanOrEqual(950);
    expect(1000 / sendInterval(80)).toBeGreaterThanOrEqual(76);
    expect(1000 / sendInterval(5)).toBeGreaterThanOrEqual(4);
  });

  it('starts a slice at half the rate and reaches all of it after a second', () => {
    expect(rampFactor(0)).toBe(2);
    expect(rampFactor(500)).toBe(1.5);
    expect(rampFactor(1000)).toBe(1);
    expect(rampFactor(60_000)).toBe(1);
  });

  it('reserves 0.1 s of times at once, at least one, never less than two intervals ahead', () => {
    expect(reservation(1000)).toEqual({ want: 100, horizonMs: 300 });
    expect(reservation(5).want).toBe(1);
    expect(reservation(1).horizonMs).toBeGreaterThan(2 * 1040);
  });
});

import { describe, expect, it } from 'vitest';
import {
  dailyLimitFromTier,
  exceedsDailyLimit,
  formatUsd4,
  isPlanOffer,
  mxnFromUsd,
  planPrice,
  qualityGate,
  qualityLabel,
  tierLabel,
} from './pricing';

describe('mxnFromUsd', () => {
  it('multiplies by 17 and rounds up', () => {
    expect(mxnFromUsd(10)).toBe(170);
    expect(mxnFromUsd(109.8)).toBe(1867);
    expect(mxnFromUsd(0.01)).toBe(1);
    expect(mxnFromUsd(0)).toBe(0);
  });

  it('does not round up floating-point noise', () => {
    expect(mxnFromUsd(0.1)).toBe(2);
    expect(mxnFromUsd(1.1)).toBe(19);
  });
});

describe('planPrice', () => {
  it('charges conversations × unit price × 20 plus $10 per agent', () => {
    expect(planPrice('BASIC', 1, 100)).toBe(109.8);
    expect(planPrice('PRO', 5, 1600)).toBe(1445.2);
    expect(planPrice('PRO', 1, 100)).toBe(97.2);
  });

  it('refuses negative or non-numeric selections', () => {
    expect(() => planPrice('BASIC', -1, 100)).toThrow(RangeError);
    expect(() => planPrice('BASIC', 1, Number.NaN)).toThrow(RangeError);
  });

  it('recognises only offered selections', () => {
    expect(isPlanOffer('BASIC', 5, 800)).toBe(true);
    expect(isPlanOffer('BASIC', 1, 1000)).toBe(false);
    expect(isPlanOffer('PRO', 1, 1000)).toBe(true);
    expect(isPlanOffer('PRO', 6, 100)).toBe(false);
    expect(isPlanOffer('PLUS', 1, 100)).toBe(false);
  });
});

describe('formatUsd4', () => {
  it('shows four decimals in USD', () => {
    expect(formatUsd4(12.5)).toBe('$12.5000 USD');
    expect(formatUsd4(0.04991)).toBe('$0.0499 USD');
    expect(formatUsd4(0)).toBe('$0.0000 USD');
  });
});

describe('daily limit tiers', () => {
  it('maps the campaign-creation tiers', () => {
    expect(dailyLimitFromTier('TIER_0.25K')).toBe(250);
    expect(dailyLimitFromTier('NA')).toBe(250);
    expect(dailyLimitFromTier('TIER_1K')).toBe(1000);
    expect(dailyLimitFromTier('TIER_10K')).toBe(10000);
    expect(dailyLimitFromTier('TIER_100K')).toBe(100000);
  });

  it('gives 250 for unknown or missing tiers', () => {
    expect(dailyLimitFromTier('TIER_3K')).toBe(250);
    expect(dailyLimitFromTier('TIER_2K')).toBe(2000);
    expect(dailyLimitFromTier(null)).toBe(250);
    expect(dailyLimitFromTier('toString')).toBe(250);
  });

  it('knows the displayed tiers too', () => {
    expect(dailyLimitFromTier('TIER_50')).toBe(50);
    expect(dailyLimitFromTier('TIER_UNLIMITED')).toBe(Number.POSITIVE_INFINITY);
    expect(tierLabel('TIER_UNLIMITED')).toBe('Ilimitado');
    expect(tierLabel('TIER_1K')).toBe('1000 mensajes');
    expect(tierLabel(undefined)).toBe('250 mensajes');
  });

  it('raises the daily-limit dialog only above the limit', () => {
    expect(exceedsDailyLimit(1000, 'TIER_1K')).toBe(false);
    expect(exceedsDailyLimit(1001, 'TIER_1K')).toBe(true);
    expect(exceedsDailyLimit(10 ** 9, 'TIER_UNLIMITED')).toBe(false);
  });
});

describe('quality rating', () => {
  it('shows Alta, Media, Baja and NA with their colours', () => {
    expect(qualityLabel('HIGH')).toEqual({ label: 'Alta', color: 'green' });
    expect(qualityLabel('MEDIUM')).toEqual({ label: 'Media', color: 'orange' });
    expect(qualityLabel('LOW')).toEqual({ label: 'Baja', color: 'red' });
    expect(qualityLabel('NA').label).toBe('NA');
  });

  it('defaults to NA for missing or unknown ratings and ignores case', () => {
    expect(qualityLabel(null).label).toBe('NA');
    expect(qualityLabel('GREEN').label).toBe('NA');
    expect(qualityLabel('low').label).toBe('Baja');
  });

  it('blocks sending on Baja and warns on Media', () => {
    expect(qualityGate('LOW')).toBe('block');
    expect(qualityGate('MEDIUM')).toBe('warn');
    expect(qualityGate('HIGH')).toBe('ok');
    expect(qualityGate(undefined)).toBe('ok');
  });
});

describe('planPrice, at zero', () => {
  it('prices no agents or no conversations, and refuses a negative count with its reason', () => {
    expect(planPrice('BASIC', 0, 100)).toBe(99.8);
    expect(planPrice('BASIC', 1, 0)).toBe(10);
    expect(() => planPrice('PRO', 1, -1)).toThrow('agents and conversations must be non-negative numbers');
  });
});

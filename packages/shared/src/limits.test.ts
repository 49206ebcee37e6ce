import { describe, expect, it } from 'vitest';
import {
  BUSINESS_CATEGORIES,
  CAMPAIGN_FOLLOW_UP_DELAYS_SECONDS,
  CHAT_HISTORY_RANGES,
  DEFAULT_TAG_COLOR,
  LATAM_COUNTRIES,
  MAX_FILE_BYTES,
  PAGE_SIZES,
  PLAN_OFFERS,
  PREFERRED_COUNTRIES,
  PROFILE_PHOTO_MAX_BYTES,
  TAG_COLORS,
} from './limits';

describe('limits', () => {
  it('keeps the page sizes of 02 §7 and §9', () => {
    expect(PAGE_SIZES).toEqual({
      list: 20,
      search: 100,
      report: 50,
      export: 5000,
      compact: 20,
      broadcast: 50,
      messages: 30,
      afterSpaceSwitch: 10,
    });
  });

  it('has seven distinct hex tag colours with the first as default', () => {
    expect(TAG_COLORS).toHaveLength(7);
    expect(new Set(TAG_COLORS).size).toBe(7);
    for (const colour of TAG_COLORS) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(DEFAULT_TAG_COLOR).toBe(TAG_COLORS[0]);
  });

  it('lists the 15 business categories', () => {
    expect(BUSINESS_CATEGORIES).toHaveLength(15);
    expect(BUSINESS_CATEGORIES[0]).toBe('automotive');
    expect(BUSINESS_CATEGORIES[14]).toBe('other');
  });

  it('offers 1 to 5 agents and the conversation steps of each plan', () => {
    expect(PLAN_OFFERS.BASIC.agents).toEqual([1, 2, 3, 4, 5]);
    expect(PLAN_OFFERS.BASIC.conversations).toEqual([100, 200, 400, 600, 800]);
    expect(PLAN_OFFERS.PRO.conversations.at(-1)).toBe(1600);
  });

  it('expresses sizes and delays in the units the spec uses', () => {
    expect(MAX_FILE_BYTES).toBe(100 * 1024 * 1024);
    expect(PROFILE_PHOTO_MAX_BYTES).toBe(15728640);
    expect(CAMPAIGN_FOLLOW_UP_DELAYS_SECONDS).toEqual([120, 3600, 86400, 259200, 432000, 864000, 2592000]);
    expect(CHAT_HISTORY_RANGES).toEqual(['all', 'year', 'six_months', 'month', 'two_weeks', 'week', 'day']);
  });

  it('offers Latin America plus Spain, with Mexico first among preferred countries', () => {
    expect(LATAM_COUNTRIES).toContain('es');
    expect(LATAM_COUNTRIES).toContain('mx');
    expect(LATAM_COUNTRIES).not.toContain('us');
    expect(PREFERRED_COUNTRIES[0]).toBe('mx');
  });
});

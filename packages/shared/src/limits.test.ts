import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_RANGE_OVERRIDES_DAYS,
  BROADCAST_STEPS,
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_LABELS,
  CAMPAIGN_FOLLOW_UP_DELAYS_SECONDS,
  CAMPAIGNS_LISTED_AFTER,
  CHAT_HISTORY_RANGES,
  CHAT_UPLOAD_MIME_TYPES,
  DAILY_LIMIT_TIERS,
  DATASHEET_FIELD_TYPES,
  DEFAULT_ACCEPTED_MIME_TYPES,
  DEFAULT_PHONE_COUNTRY,
  DEFAULT_PLAN_SELECTION,
  DEFAULT_TAG_COLOR,
  DEFAULT_TIME_ZONE,
  LATAM_COUNTRIES,
  MAX_FILE_BYTES,
  MEDIA_SORT_OPTIONS,
  ONBOARDING_STEPS,
  OTHER_ONBOARDING_STEPS,
  PAGE_SIZES,
  PLAN_OFFERS,
  PREFERRED_COUNTRIES,
  PRICE_PER_UNIT,
  PRIORITY_CUTOFFS,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MIME_TYPES,
  PROFILE_VERTICALS,
  TAG_COLORS,
  TEMPLATE_MEDIA_MIME_TYPES,
  UNLIMITED_TIER,
  WINDOW_HOURS,
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

describe('limits the spec fixes (01 §9, 02 §9)', () => {
  it('offers the 15 business categories of 01 §2.4 in order, each with its Spanish label', () => {
    expect(BUSINESS_CATEGORIES).toEqual([
      'automotive',
      'clothing',
      'arts',
      'beauty',
      'education',
      'events',
      'finance',
      'grocery',
      'hotel',
      'health',
      'non-profit',
      'restaurant',
      'retail',
      'travel',
      'other',
    ]);
    expect(BUSINESS_CATEGORIES.map((category) => BUSINESS_CATEGORY_LABELS[category])).toEqual([
      'Automotriz',
      'Ropa y moda',
      'Arte',
      'Belleza',
      'Educación',
      'Eventos',
      'Finanzas',
      'Abarrotes',
      'Hotelería',
      'Salud',
      'Sin fines de lucro',
      'Restaurante',
      'Comercio minorista',
      'Viajes',
      'Otro',
    ]);
  });

  it('lists the WhatsApp profile verticals of 01 §5 in order', () => {
    expect(PROFILE_VERTICALS).toEqual([
      'Automotive',
      'Beauty Spa and Salon',
      'Clothing and Apparel',
      'Education',
      'Entertainment',
      'Event Planning and Service',
      'Finance and Banking',
      'Food and Grocery',
      'Public Service',
      'Hotel and Lodging',
      'Medical and Health',
      'Non-profit',
      'Professional Services',
      'Shopping and Retail',
      'Travel and Transportation',
      'Restaurant',
      'Other',
    ]);
    expect(PROFILE_PHOTO_MIME_TYPES).toEqual(['image/jpeg', 'image/jpg', 'image/png']);
  });

  it('accepts in the composer the images, videos, office files, text and archives of 02 §5 "Upload"', () => {
    expect(CHAT_UPLOAD_MIME_TYPES).toEqual([
      'image/jpeg',
      'image/jpg',
      'image/png',
      'video/mp4',
      'video/3gpp',
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/csv',
      'text/plain',
      'application/zip',
      'application/x-zip-compressed',
      'application/x-rar-compressed',
      'application/x-7z-compressed',
    ]);
  });

  it('accepts jpeg, png, pdf, zip and mp4 in drop zones and images, pdf and mp4 as template media', () => {
    expect(DEFAULT_ACCEPTED_MIME_TYPES).toEqual([
      'image/jpeg',
      'image/png',
      'application/pdf',
      'application/zip',
      'video/mp4',
    ]);
    expect(TEMPLATE_MEDIA_MIME_TYPES).toEqual(['image/jpeg', 'image/png', 'application/pdf', 'video/mp4']);
  });

  it('gives each daily-limit tier of 01 §9 its messages per day', () => {
    expect(DAILY_LIMIT_TIERS).toEqual({
      TIER_50: 50,
      TIER_250: 250,
      'TIER_0.25K': 250,
      TIER_1K: 1000,
      TIER_2K: 2000,
      TIER_10K: 10000,
      TIER_100K: 100000,
      NA: 250,
    });
    expect(UNLIMITED_TIER).toBe('TIER_UNLIMITED');
  });

  it('prices units and plans as 01 §9 says', () => {
    expect(PRICE_PER_UNIT).toEqual({ BASIC: 0.0499, PRO: 0.0436 });
    expect(PLAN_OFFERS).toEqual({
      BASIC: { agents: [1, 2, 3, 4, 5], conversations: [100, 200, 400, 600, 800] },
      PRO: { agents: [1, 2, 3, 4, 5], conversations: [100, 200, 400, 600, 800, 1000, 1200, 1400, 1600] },
    });
    expect(DEFAULT_PLAN_SELECTION).toEqual({ agents: 1, conversations: 100 });
    expect(CAMPAIGNS_LISTED_AFTER).toBe('2023-04-24');
  });

  it('keeps the reply windows, statistics overrides and priority cut-offs of the spec', () => {
    expect(WINDOW_HOURS).toEqual({ whatsapp: 24, messenger: 168 });
    expect(ANALYTICS_RANGE_OVERRIDES_DAYS).toEqual([90, 90, 1080, 31]);
    expect(PRIORITY_CUTOFFS).toEqual([0.333, 0.666]);
  });

  it('starts phone inputs in Mexico with the preferred countries of 01 §2.4, and lists Latin America plus Spain', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('mx');
    expect(PREFERRED_COUNTRIES).toEqual(['mx', 'ar', 'bo', 'cl', 'ck', 'ec', 'pe', 'uy', 've']);
    expect(LATAM_COUNTRIES).toEqual([
      'ar',
      'bo',
      'br',
      'cl',
      'co',
      'cr',
      'cu',
      'do',
      'ec',
      'sv',
      'gt',
      'ht',
      'hn',
      'mx',
      'ni',
      'pa',
      'py',
      'pe',
      'pr',
      'uy',
      've',
      'es',
    ]);
    expect(DEFAULT_TIME_ZONE).toBe('America/Mexico_City');
  });

  it('orders the onboarding and broadcast wizards, media sorts and data-sheet field types', () => {
    expect(ONBOARDING_STEPS).toEqual([
      'name',
      'phone',
      'code',
      'business',
      'website',
      'businessCategory',
      'email',
      'password',
      'welcome',
    ]);
    expect(OTHER_ONBOARDING_STEPS).toEqual([
      'plan',
      'payment',
      'previousOnboarding',
      'useOldNumber',
      'review',
    ]);
    expect(BROADCAST_STEPS).toEqual([
      'table',
      'type',
      'tags',
      'selectTemplate',
      'selectMultimedia',
      'selectDate',
      'preview',
      'createTag',
      'name',
      'pricing',
      'analytics',
    ]);
    expect(MEDIA_SORT_OPTIONS).toEqual(['creationDate', 'name']);
    expect(DATASHEET_FIELD_TYPES).toEqual(['string', 'date', 'boolean', 'email', 'list', 'number', 'phone']);
  });
});

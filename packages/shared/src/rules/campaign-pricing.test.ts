import { describe, expect, it } from 'vitest';
import {
  campaignCost,
  phoneCountryCode,
  pricedCategory,
  priceRegion,
  recipientPrice,
  WHATSAPP_PRICES,
  WHATSAPP_PRICING_SOURCE,
} from './campaign-pricing';
import { formatUsd4 } from './pricing';

describe('pricedCategory', () => {
  it.each([
    ['utility', 'utility'],
    ['UTILITY', 'utility'],
    [' utility ', 'utility'],
    ['marketing', 'marketing'],
    ['MARKETING', 'marketing'],
    ['authentication', 'marketing'],
    ['', 'marketing'],
    [null, 'marketing'],
    [undefined, 'marketing'],
  ] as const)('%s → %s', (category, expected) => {
    expect(pricedCategory(category)).toBe(expected);
  });
});

describe('phoneCountryCode: numbers as the contacts table stores them', () => {
  it.each([
    ['5215512345678', 'MX'], // WhatsApp's 521 mobile form
    ['525512345678', 'MX'],
    ['+52 55 1234 5678', 'MX'],
    ['5215512345678@c.us', 'MX'],
    ['5511987654321', 'BR'],
    ['573001234567', 'CO'],
    ['5491123456789', 'AR'],
    ['56912345678', 'CL'],
    ['51912345678', 'PE'],
    ['50251234567', 'GT'],
    ['59894123456', 'UY'],
    ['12025550123', 'US'],
    ['14165550123', 'CA'],
    ['17875550123', 'PR'],
    ['34612345678', 'ES'],
  ])('%s → %s', (phone, country) => {
    expect(phoneCountryCode(phone)).toBe(country);
  });

  it.each(['', 'abc', '5210'])('%j is not placed', (phone) => {
    expect(phoneCountryCode(phone)).toBeNull();
  });
});

describe('priceRegion', () => {
  it.each([
    ['MX', 'mexico'],
    ['mx', 'mexico'],
    ['BR', 'brazil'],
    ['CO', 'colombia'],
    ['AR', 'argentina'],
    ['CL', 'chile'],
    ['PE', 'peru'],
    ['ES', 'spain'],
    ['US', 'north_america'],
    ['CA', 'north_america'],
    ['GT', 'rest_of_latin_america'],
    ['UY', 'rest_of_latin_america'],
    ['PR', 'rest_of_latin_america'],
    ['VE', 'rest_of_latin_america'],
    ['FR', 'other'],
    ['DE', 'other'],
    [null, 'other'],
  ] as const)('%s → %s', (country, region) => {
    expect(priceRegion(country)).toBe(region);
  });
});

describe('recipientPrice', () => {
  it.each([
    ['5215512345678', 'marketing', 0.0305],
    ['5215512345678', 'utility', 0.0085],
    ['5511987654321', 'marketing', 0.0625],
    ['5511987654321', 'utility', 0.0068],
    ['573001234567', 'marketing', 0.0125],
    ['573001234567', 'utility', 0.0008],
    ['5491123456789', 'marketing', 0.0618],
    ['5491123456789', 'utility', 0.026],
    ['56912345678', 'marketing', 0.0889],
    ['51912345678', 'utility', 0.02],
    ['50251234567', 'marketing', 0.074],
    ['50251234567', 'utility', 0.0113],
    ['12025550123', 'marketing', 0.025],
    ['14165550123', 'utility', 0.0034],
    ['34612345678', 'marketing', 0.0615],
    ['33612345678', 'marketing', 0.0604],
    ['33612345678', 'utility', 0.0077],
    ['abc', 'marketing', 0.0604],
  ] as const)('%s %s → %s', (phone, category, price) => {
    expect(recipientPrice(phone, category)).toBe(price);
  });
});

describe('campaignCost', () => {
  it('sums per recipient with exactly 4 decimals and no float noise', () => {
    const phones = ['5215512345678', '5215512345679', '5215512345670'];
    // Adding 0.0085 three times in floating point gives 0.025500000000000002.
    expect(0.0085 + 0.0085 + 0.0085).not.toBe(0.0255);
    expect(campaignCost(phones, 'utility')).toBe(0.0255);
    expect(campaignCost(phones, 'marketing')).toBe(0.0915);
    expect(formatUsd4(campaignCost(phones, 'utility'))).toBe('$0.0255 USD');
  });

  it('mixes countries', () => {
    const phones = ['5215512345678', '5511987654321', '573001234567', '12025550123', '33612345678'];
    expect(campaignCost(phones, 'marketing')).toBe(0.1909); // .0305 + .0625 + .0125 + .025 + .0604
    expect(campaignCost(phones, 'utility')).toBe(0.0272); // .0085 + .0068 + .0008 + .0034 + .0077
  });

  it('is 0 for no recipients and exact for many', () => {
    expect(campaignCost([], 'marketing')).toBe(0);
    const many = Array.from({ length: 1000 }, () => '5215512345678');
    expect(campaignCost(many, 'utility')).toBe(8.5);
    expect(campaignCost(many, 'marketing')).toBe(30.5);
  });
});

describe('price table', () => {
  it('names its source and keeps every price at most 4 decimals', () => {
    expect(WHATSAPP_PRICING_SOURCE.effective).toBe('2025-07-01');
    expect(WHATSAPP_PRICING_SOURCE.source).toContain('Meta');
    for (const prices of Object.values(WHATSAPP_PRICES)) {
      for (const price of Object.values(prices)) {
        expect(price).toBeGreaterThan(0);
        expect(Math.round(price * 10000) / 10000).toBe(price);
      }
    }
  });
});

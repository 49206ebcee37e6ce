// Issue 18 / 01 §2.7 pricing step: what a campaign costs, per recipient, from the destination country of each
// number and the template's category. WhatsApp charges per delivered template message by the recipient's country
// code; the campaign's total is the sum over its recipients, shown with 4 decimals (formatUsd4).
import { parsePhone } from './phone';

export type PricedCategory = 'marketing' | 'utility';

export type PriceRegion =
  | 'mexico'
  | 'brazil'
  | 'colombia'
  | 'argentina'
  | 'chile'
  | 'peru'
  | 'rest_of_latin_america'
  | 'north_america'
  | 'spain'
  | 'other';

export const WHATSAPP_PRICING_SOURCE = {
  source: 'Meta, WhatsApp Business Platform pricing (rate card, per-message pricing, USD)',
  effective: '2025-07-01',
  note:
    'Per-message prices of marketing and utility templates by market, from the rate card Meta published for ' +
    'per-message pricing. Meta revises the card (usually each quarter): refresh WHATSAPP_PRICES from it. ' +
    'Authentication and service messages are not sent by campaigns; volume tiers are not applied.',
} as const;

/**
 * USD per delivered message. These values must be refreshed from Meta's rate card
 * (https://developers.facebook.com/docs/whatsapp/pricing) whenever Meta publishes a new one.
 */
export const WHATSAPP_PRICES: Readonly<Record<PriceRegion, Readonly<Record<PricedCategory, number>>>> = {
  mexico: { marketing: 0.0305, utility: 0.0085 },
  brazil: { marketing: 0.0625, utility: 0.0068 },
  colombia: { marketing: 0.0125, utility: 0.0008 },
  argentina: { marketing: 0.0618, utility: 0.026 },
  chile: { marketing: 0.0889, utility: 0.02 },
  peru: { marketing: 0.0703, utility: 0.02 },
  rest_of_latin_america: { marketing: 0.074, utility: 0.0113 },
  north_america: { marketing: 0.025, utility: 0.0034 },
  spain: { marketing: 0.0615, utility: 0.02 },
  other: { marketing: 0.0604, utility: 0.0077 },
};

// Meta's markets: the countries priced on their own, and the ones its card groups as "Rest of Latin America"
// and "North America". Any other country is "Other".
const COUNTRY_REGIONS: Readonly<Record<string, PriceRegion>> = {
  MX: 'mexico',
  BR: 'brazil',
  CO: 'colombia',
  AR: 'argentina',
  CL: 'chile',
  PE: 'peru',
  ES: 'spain',
  US: 'north_america',
  CA: 'north_america',
  BO: 'rest_of_latin_america',
  CR: 'rest_of_latin_america',
  DO: 'rest_of_latin_america',
  EC: 'rest_of_latin_america',
  SV: 'rest_of_latin_america',
  GT: 'rest_of_latin_america',
  HT: 'rest_of_latin_america',
  HN: 'rest_of_latin_america',
  JM: 'rest_of_latin_america',
  NI: 'rest_of_latin_america',
  PA: 'rest_of_latin_america',
  PY: 'rest_of_latin_america',
  PR: 'rest_of_latin_america',
  UY: 'rest_of_latin_america',
  VE: 'rest_of_latin_america',
};

/** Meta prices utility templates apart; any other category a campaign may use is priced as marketing. */
export function pricedCategory(category: string | null | undefined): PricedCategory {
  return (category ?? '').trim().toLowerCase() === 'utility' ? 'utility' : 'marketing';
}

/**
 * The ISO 3166 alpha-2 country of a number written with its country code, with or without '+', as stored
 * (5215512345678 is MX, 5491123456789 is AR). Null when the numbering plans do not place it.
 */
export function phoneCountryCode(phone: string): string | null {
  return parsePhone(phone)?.country ?? null;
}

export function priceRegion(country: string | null): PriceRegion {
  if (country === null) return 'other';
  return COUNTRY_REGIONS[country.toUpperCase()] ?? 'other';
}

export function recipientPrice(phone: string, category: PricedCategory): number {
  return WHATSAPP_PRICES[priceRegion(phoneCountryCode(phone))][category];
}

// Prices have at most 4 decimals: summing in ten-thousandths of a dollar keeps the total exact.
const UNITS = 10000;

export function campaignCost(phones: readonly string[], category: PricedCategory): number {
  let units = 0;
  for (const phone of phones) units += Math.round(recipientPrice(phone, category) * UNITS);
  return units / UNITS;
}

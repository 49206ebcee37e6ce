import {
  DAILY_LIMIT_TIERS,
  DEFAULT_DAILY_LIMIT,
  MXN_RATE,
  type OfferedPlan,
  PLAN_OFFERS,
  PRICE_PER_UNIT,
  UNLIMITED_TIER,
} from '../limits';

// Avoids 0.1 * 17 = 1.7000000000000002 style noise before rounding.
function clean(n: number): number {
  return Number(n.toFixed(6));
}

// 01 §9: the MXN figure is the USD price times 17, rounded up.
export function mxnFromUsd(usd: number): number {
  return Math.ceil(clean(usd * MXN_RATE));
}

// The spec gives only the unit prices (01 §9); this formula is our own pricing rule:
// monthly USD = conversations × unit price × 20 + agents × 10, rounded to cents.
export const PLAN_PRICE_CONVERSATION_FACTOR = 20;
export const PLAN_PRICE_PER_AGENT_USD = 10;

export function planPrice(plan: OfferedPlan, agents: number, conversations: number): number {
  if (!Number.isFinite(agents) || !Number.isFinite(conversations) || agents < 0 || conversations < 0) {
    throw new RangeError('agents and conversations must be non-negative numbers');
  }
  const usd =
    conversations * PRICE_PER_UNIT[plan] * PLAN_PRICE_CONVERSATION_FACTOR + agents * PLAN_PRICE_PER_AGENT_USD;
  return Math.round(clean(usd) * 100) / 100;
}

// 01 §2.4 / §9: only these selections are offered on /select-plan.
export function isPlanOffer(plan: string, agents: number, conversations: number): plan is OfferedPlan {
  if (plan !== 'BASIC' && plan !== 'PRO') return false;
  const offer = PLAN_OFFERS[plan];
  return (
    (offer.agents as readonly number[]).includes(agents) &&
    (offer.conversations as readonly number[]).includes(conversations)
  );
}

// 01 §2.7 / §9: cost shown with 4 decimals in USD.
export function formatUsd4(n: number): string {
  return `$${n.toFixed(4)} USD`;
}

function isKnownTier(tier: string): tier is keyof typeof DAILY_LIMIT_TIERS {
  return Object.hasOwn(DAILY_LIMIT_TIERS, tier);
}

// 01 §9: messages per day for a tier; NA and unknown give 250. An unlimited tier never limits, so it
// is Infinity (callers sending it over JSON must handle that).
export function dailyLimitFromTier(tier: string | null | undefined): number {
  if (tier === UNLIMITED_TIER) return Number.POSITIVE_INFINITY;
  if (tier === null || tier === undefined || !isKnownTier(tier)) return DEFAULT_DAILY_LIMIT;
  return DAILY_LIMIT_TIERS[tier];
}

// 01 §2.7: the header card shows the daily sending limit in messages.
export function tierLabel(tier: string | null | undefined): string {
  if (tier === UNLIMITED_TIER) return 'Ilimitado';
  return `${dailyLimitFromTier(tier)} mensajes`;
}

// 01 §2.7: the daily-limit dialog appears when the chosen tags' contacts exceed the limit.
export function exceedsDailyLimit(totalContacts: number, tier: string | null | undefined): boolean {
  return totalContacts > dailyLimitFromTier(tier);
}

export type QualityRating = 'HIGH' | 'MEDIUM' | 'LOW' | 'NA';

export interface QualityDisplay {
  label: 'Alta' | 'Media' | 'Baja' | 'NA';
  color: 'green' | 'orange' | 'red' | 'default';
}

const QUALITY: Record<QualityRating, QualityDisplay> = {
  HIGH: { label: 'Alta', color: 'green' },
  MEDIUM: { label: 'Media', color: 'orange' },
  LOW: { label: 'Baja', color: 'red' },
  // The spec names three colours for three ratings; NA (no rating yet) stays neutral.
  NA: { label: 'NA', color: 'default' },
};

function toRating(rating: string | null | undefined): QualityRating {
  const upper = (rating ?? '').toUpperCase();
  return upper === 'HIGH' || upper === 'MEDIUM' || upper === 'LOW' ? upper : 'NA';
}

// 01 §2.7 / §9: quality rating labels; default NA.
export function qualityLabel(rating: QualityRating | string | null | undefined): QualityDisplay {
  return QUALITY[toRating(rating)];
}

// 01 §2.7 / 02 §4: 'Baja' blocks sending; 'Media' only warns.
export function qualityGate(rating: QualityRating | string | null | undefined): 'block' | 'warn' | 'ok' {
  const r = toRating(rating);
  if (r === 'LOW') return 'block';
  if (r === 'MEDIUM') return 'warn';
  return 'ok';
}

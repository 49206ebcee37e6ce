import { type AccountStatus, ProviderError } from '../channel-provider';
import { isRecord } from '../http-client';

/**
 * A business phone number's sending state as Graph's phone number node gives it
 * (https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account-to-number-current-status/):
 * the messaging limit, the quality rating and the throughput level. 360dialog's /health_status mirrors the same
 * fields, so both adapters read answers with this module.
 *
 * The messaging limit moved fields: `whatsapp_business_manager_messaging_limit` from Graph v24.0,
 * `messaging_limit_tier` up to v23.0, deprecated since
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits, "Via API").
 */
export const MESSAGING_LIMIT_FIELD = 'whatsapp_business_manager_messaging_limit';
export const LEGACY_MESSAGING_LIMIT_FIELD = 'messaging_limit_tier';

/** The `fields` to ask for: the current messaging limit field, or the one API versions before v24.0 know. */
export function accountStatusFields(legacy: boolean): string {
  return [legacy ? LEGACY_MESSAGING_LIMIT_FIELD : MESSAGING_LIMIT_FIELD, 'quality_rating', 'throughput'].join(
    ',',
  );
}

/**
 * Graph's refusal of a field the API version does not have: `(#100) Tried accessing nonexisting field
 * (whatsapp_business_manager_messaging_limit) on node type …`. Answered by asking again with the older field.
 */
export function isUnknownLimitField(error: unknown): boolean {
  return (
    error instanceof ProviderError && error.providerCode === 100 && error.info.includes(MESSAGING_LIMIT_FIELD)
  );
}

/**
 * Meta's rating as our four levels. Graph answers GREEN / YELLOW / RED / UNKNOWN; some answers (and the on-premise
 * API) spell HIGH / MEDIUM / LOW; anything else, or none, is not rated yet.
 */
const QUALITY: Record<string, AccountStatus['quality']> = {
  GREEN: 'HIGH',
  YELLOW: 'MEDIUM',
  RED: 'LOW',
  HIGH: 'HIGH',
  MEDIUM: 'MEDIUM',
  LOW: 'LOW',
};

export function toQualityRating(rating: unknown): AccountStatus['quality'] {
  return typeof rating === 'string' ? (QUALITY[rating.toUpperCase()] ?? 'NA') : 'NA';
}

/**
 * The throughput level's messages per second (https://developers.facebook.com/documentation/business-messaging/whatsapp/throughput):
 * 80 by default, 1,000 after Meta's automatic upgrade. Another level (NOT_APPLICABLE) or none: unknown.
 */
const MESSAGES_PER_SECOND: Record<string, number> = { STANDARD: 80, HIGH: 1000 };

/**
 * A phone number node (or 360dialog's mirror of it) as an AccountStatus. An answer that is no JSON object is
 * refused (a proxy's page), not read as an unrated number.
 */
export function readAccountStatus(json: unknown): AccountStatus {
  if (!isRecord(json)) {
    throw new ProviderError(
      'PROVIDER_UNAVAILABLE',
      false,
      'The phone number status answer is not a JSON object',
    );
  }
  const tier = json[MESSAGING_LIMIT_FIELD] ?? json[LEGACY_MESSAGING_LIMIT_FIELD];
  const level = isRecord(json.throughput) ? json.throughput.level : undefined;
  return {
    tier: typeof tier === 'string' && tier.trim() !== '' ? tier.trim().toUpperCase() : null,
    quality: toQualityRating(json.quality_rating),
    messagesPerSecond: typeof level === 'string' ? (MESSAGES_PER_SECOND[level.toUpperCase()] ?? null) : null,
  };
}

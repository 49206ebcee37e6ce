import { ProviderError } from '../channel-provider';
import { type HttpResult, parseRetryAfter } from '../http-client';
import {
  fromStatusOnly,
  graphErrorInfo,
  readGraphError,
} from '../whatsapp-cloud/whatsapp-cloud-error.parser';

/**
 * Graph errors of the Send API → our codes.
 * https://developers.facebook.com/docs/messenger-platform/error-codes
 */

/** Calls to this API exceeded the rate limit (613), app rate limit (4), page rate limit (32). */
const RATE_LIMIT_CODES = new Set([4, 32, 613]);
/** API Unknown (1) and API Service (2): temporary on Meta's side. */
const UNAVAILABLE_CODES = new Set([1, 2]);
/** Code 10 with this subcode: the message is sent outside the allowed window (7 days, 02 §4). */
const OUTSIDE_WINDOW_SUBCODE = 2018278;
/** Code 100 with this subcode: no matching user found (the PSID is not reachable from this Page). */
const NO_MATCHING_USER_SUBCODE = 2018001;

export function parseMessengerError(result: HttpResult): ProviderError {
  const retryAfterMs = parseRetryAfter(result.headers.get('retry-after'));
  const error = readGraphError(result.json);
  if (!error) return fromStatusOnly(result, retryAfterMs);

  const info = graphErrorInfo(error);
  const { code } = error;
  if (RATE_LIMIT_CODES.has(code) || result.status === 429) {
    return new ProviderError('PROVIDER_RATE_LIMITED', true, info, code, retryAfterMs);
  }
  if (UNAVAILABLE_CODES.has(code) || result.status >= 500) {
    return new ProviderError('PROVIDER_UNAVAILABLE', true, info, code, retryAfterMs);
  }
  return new ProviderError(codeFor(code, error.error_subcode), false, info, code);
}

function codeFor(code: number, subcode: number | undefined): string {
  // 02 §8: FACEBOOK_MESSAGE_ERROR is the catalogue's "outside the 7-day Messenger window".
  if (code === 10 && subcode === OUTSIDE_WINDOW_SUBCODE) return 'FACEBOOK_MESSAGE_ERROR';
  // 551: "This person isn't available right now".
  if (code === 551 || (code === 100 && subcode === NO_MATCHING_USER_SUBCODE)) return 'PROVIDER_UNDELIVERABLE';
  if (code === 0 || code === 10 || code === 190 || (code >= 200 && code <= 299)) return 'PROVIDER_AUTH_ERROR';
  return 'SEND_MESSAGE_ERROR';
}

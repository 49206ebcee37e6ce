import { ProviderError, type ProviderThrottle } from '../channel-provider';
import { bodySnippet, type HttpResult, isRecord, parseRetryAfter } from '../http-client';
import type { GraphError } from './whatsapp-cloud.types';

/**
 * Cloud API error codes → our codes. The code (not the title, which Meta says will be deprecated) drives the
 * decision: https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
 */

/**
 * Throughput (130429), pair rate (131056), spam rate (131048), app (4) and business-account (80007, 80008 on
 * message_templates) rate limits: wait and retry.
 */
const RATE_LIMIT_CODES = new Set([4, 80007, 80008, 130429, 131048, 131056]);

/**
 * The sending limits a campaign paces itself by, with the wait when Meta sends no Retry-After
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/throughput): throughput clears within
 * a second; the pair rate (131056) asks to wait before messaging that same customer again, other customers can be
 * sent to meanwhile; the spam rate (131048) holds the number back while its messages look unwanted.
 */
const THROTTLES: ReadonlyMap<number, { throttle: ProviderThrottle; waitMs: number }> = new Map([
  [130429, { throttle: 'throughput', waitMs: 1000 }],
  [131056, { throttle: 'pair', waitMs: 60_000 }],
  [131048, { throttle: 'spam', waitMs: 60_000 }],
]);
/** An HTTP 429 without a code of its own: a request rate, paced like throughput. */
const HTTP_429_THROTTLE = { throttle: 'throughput', waitMs: 1000 } as const;
/** Temporary Meta-side failures: API Unknown (1), API Service downtime (2), Service unavailable (131016, 133004). */
const UNAVAILABLE_CODES = new Set([1, 2, 131016, 133004]);
/** AuthException (0), expired/invalid token (190), permission denied (10, 200-299). */
const AUTH_CODES = new Set([0, 10, 190]);

export function readGraphError(json: unknown): GraphError | null {
  if (!isRecord(json) || !isRecord(json.error)) return null;
  const error = json.error;
  if (typeof error.code !== 'number') return null;
  return {
    code: error.code,
    message: typeof error.message === 'string' ? error.message : '',
    error_subcode: typeof error.error_subcode === 'number' ? error.error_subcode : undefined,
    // Template refusals say which rule in these two (the message is only "Invalid parameter").
    error_user_title: typeof error.error_user_title === 'string' ? error.error_user_title : undefined,
    error_user_msg: typeof error.error_user_msg === 'string' ? error.error_user_msg : undefined,
    error_data:
      isRecord(error.error_data) && typeof error.error_data.details === 'string'
        ? { details: error.error_data.details }
        : undefined,
    type: typeof error.type === 'string' ? error.type : undefined,
    fbtrace_id: typeof error.fbtrace_id === 'string' ? error.fbtrace_id : undefined,
  };
}

/** Meta's message, plus the details that usually say which parameter was wrong. */
export function graphErrorInfo(error: GraphError): string {
  const details = error.error_data?.details;
  return details && details !== error.message ? `${error.message}: ${details}` : error.message;
}

/** Turns a non-2xx Cloud API answer into our error. */
export function parseWhatsappError(result: HttpResult): ProviderError {
  const retryAfterMs = parseRetryAfter(result.headers.get('retry-after'));
  const error = readGraphError(result.json);
  if (!error) return throttledByStatus(fromStatusOnly(result, retryAfterMs));

  const info = graphErrorInfo(error);
  const { code } = error;
  if (RATE_LIMIT_CODES.has(code) || result.status === 429) {
    const throttle = THROTTLES.get(code) ?? (result.status === 429 ? HTTP_429_THROTTLE : undefined);
    return new ProviderError(
      'PROVIDER_RATE_LIMITED',
      true,
      info,
      code,
      // Retry-After: 0 means now, so only an absent header takes the default.
      retryAfterMs ?? throttle?.waitMs,
      throttle?.throttle,
    );
  }
  if (UNAVAILABLE_CODES.has(code) || result.status >= 500) {
    return new ProviderError('PROVIDER_UNAVAILABLE', true, info, code, retryAfterMs);
  }
  return new ProviderError(codeFor(code), false, info, code);
}

function codeFor(code: number): string {
  // 02 §8: the catalogue's code for "more than 24 h since the customer's last message; send a template".
  if (code === 131047) return 'OUTSIDE_MESSAGING_WINDOW';
  if (code === 131026) return 'PROVIDER_UNDELIVERABLE';
  if (code === 131051) return 'UNSUPPORTED_CONTENT';
  if (code >= 132000 && code <= 132999) return 'TEMPLATE_ERROR';
  if (AUTH_CODES.has(code) || (code >= 200 && code <= 299)) return 'PROVIDER_AUTH_ERROR';
  return 'SEND_MESSAGE_ERROR';
}

/**
 * A bare HTTP 429 (no Graph code: a gateway's request rate) as a throughput throttle, waiting a second when no
 * Retry-After says otherwise; any other error unchanged. Messenger shares fromStatusOnly and keeps its own waits.
 */
export function throttledByStatus(error: ProviderError): ProviderError {
  if (error.code !== 'PROVIDER_RATE_LIMITED' || error.providerCode !== 429) return error;
  return new ProviderError(
    error.code,
    error.retryable,
    error.info,
    error.providerCode,
    error.retryAfterMs ?? HTTP_429_THROTTLE.waitMs,
    HTTP_429_THROTTLE.throttle,
  );
}

/** No Graph envelope (a proxy's HTML page, an empty 502): the HTTP status is all there is. */
export function fromStatusOnly(result: HttpResult, retryAfterMs: number | undefined): ProviderError {
  const info = `HTTP ${result.status}${result.text ? `: ${bodySnippet(result)}` : ''}`;
  if (result.status === 429) {
    return new ProviderError('PROVIDER_RATE_LIMITED', true, info, result.status, retryAfterMs);
  }
  if (result.status >= 500) {
    return new ProviderError('PROVIDER_UNAVAILABLE', true, info, result.status, retryAfterMs);
  }
  if (result.status === 401 || result.status === 403) {
    return new ProviderError('PROVIDER_AUTH_ERROR', false, info, result.status);
  }
  return new ProviderError('SEND_MESSAGE_ERROR', false, info, result.status);
}

import { ProviderError } from '../channel-provider';
import { type HttpResult, isRecord, parseRetryAfter } from '../http-client';
import {
  fromStatusOnly,
  parseWhatsappError,
  readGraphError,
  throttledByStatus,
} from '../whatsapp-cloud/whatsapp-cloud-error.parser';

/**
 * 360dialog's own request-rate refusal, which its error list documents as an HTTP 400 with this developer message
 * ("You have exceeded the endpoint rate limit": https://docs.360dialog.com/api/api-error-message-list).
 */
const GATEWAY_RATE_LIMIT = /exceeded the endpoint rate limit/i;
/** Its wait when no Retry-After comes with it: a request rate, paced like Meta's throughput (a second). */
const GATEWAY_RATE_LIMIT_WAIT_MS = 1000;

/**
 * Meta's errors come through unchanged and map exactly as for the Cloud API (throughput, pair and spam rate limits
 * included); 360dialog's own gateway errors carry only an HTTP status and a developer message, so the status
 * decides (401 bad key, 429 and 5xx retried), except for the rate-limit message above.
 */
export function parseDialog360Error(result: HttpResult): ProviderError {
  if (readGraphError(result.json)) return parseWhatsappError(result);
  const retryAfterMs = parseRetryAfter(result.headers.get('retry-after'));
  const byStatus = throttledByStatus(fromStatusOnly(result, retryAfterMs));
  const message = gatewayMessage(result.json);
  if (!message) return byStatus;
  const info = `HTTP ${result.status}: ${message}`;
  if (GATEWAY_RATE_LIMIT.test(message)) {
    return new ProviderError(
      'PROVIDER_RATE_LIMITED',
      true,
      info,
      result.status,
      retryAfterMs ?? GATEWAY_RATE_LIMIT_WAIT_MS,
      'throughput',
    );
  }
  return new ProviderError(
    byStatus.code,
    byStatus.retryable,
    info,
    byStatus.providerCode,
    byStatus.retryAfterMs,
    byStatus.throttle,
  );
}

function gatewayMessage(json: unknown): string | undefined {
  if (!isRecord(json) || !isRecord(json.meta)) return undefined;
  const message = json.meta.developer_message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

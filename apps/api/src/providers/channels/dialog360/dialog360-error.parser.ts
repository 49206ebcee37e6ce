import { ProviderError } from '../channel-provider';
import { type HttpResult, isRecord, parseRetryAfter } from '../http-client';
import {
  fromStatusOnly,
  parseWhatsappError,
  readGraphError,
} from '../whatsapp-cloud/whatsapp-cloud-error.parser';

/**
 * Meta's errors come through unchanged and map exactly as for the Cloud API; 360dialog's own gateway errors carry
 * only an HTTP status and a developer message, so the status decides (401 bad key, 429 and 5xx retried).
 */
export function parseDialog360Error(result: HttpResult): ProviderError {
  if (readGraphError(result.json)) return parseWhatsappError(result);
  const byStatus = fromStatusOnly(result, parseRetryAfter(result.headers.get('retry-after')));
  const message = gatewayMessage(result.json);
  if (!message) return byStatus;
  return new ProviderError(
    byStatus.code,
    byStatus.retryable,
    `HTTP ${result.status}: ${message}`,
    byStatus.providerCode,
    byStatus.retryAfterMs,
  );
}

function gatewayMessage(json: unknown): string | undefined {
  if (!isRecord(json) || !isRecord(json.meta)) return undefined;
  const message = json.meta.developer_message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

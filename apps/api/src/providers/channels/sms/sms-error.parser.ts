import { ProviderError } from '../channel-provider';
import { bodySnippet, type HttpResult, isRecord, parseRetryAfter } from '../http-client';

/**
 * Twilio REST errors → our codes. https://www.twilio.com/docs/api/errors
 */
const NON_RETRYABLE: Record<number, string> = {
  // Invalid 'To' phone number / 'To' is not a valid mobile number.
  21211: 'PROVIDER_INVALID_RECIPIENT',
  21614: 'PROVIDER_INVALID_RECIPIENT',
  // The recipient replied STOP: carriers forbid messaging them until they opt back in.
  21610: 'RECIPIENT_UNSUBSCRIBED',
  // Authentication failed: wrong Account SID or Auth Token.
  20003: 'PROVIDER_AUTH_ERROR',
  // 'From' is not a number of this account.
  21606: 'PROVIDER_AUTH_ERROR',
};

/** Too many requests (20429) and the queue overflow (21611: this 'From' has too many queued messages). */
const RATE_LIMIT_CODES = new Set([20429, 21611]);

export function parseSmsError(result: HttpResult): ProviderError {
  const retryAfterMs = parseRetryAfter(result.headers.get('retry-after'));
  const error = readTwilioError(result.json);
  const providerCode = error?.code ?? result.status;
  const info = error
    ? error.message
    : `HTTP ${result.status}${result.text ? `: ${bodySnippet(result)}` : ''}`;

  if (result.status === 429 || RATE_LIMIT_CODES.has(providerCode)) {
    return new ProviderError('PROVIDER_RATE_LIMITED', true, info, providerCode, retryAfterMs);
  }
  if (result.status >= 500) {
    return new ProviderError('PROVIDER_UNAVAILABLE', true, info, providerCode, retryAfterMs);
  }
  const code =
    NON_RETRYABLE[providerCode] ?? (result.status === 401 ? 'PROVIDER_AUTH_ERROR' : 'SEND_MESSAGE_ERROR');
  return new ProviderError(code, false, info, providerCode);
}

function readTwilioError(json: unknown): { code: number; message: string } | null {
  if (!isRecord(json) || typeof json.code !== 'number') return null;
  return { code: json.code, message: typeof json.message === 'string' ? json.message : '' };
}

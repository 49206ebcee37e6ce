import { ONBOARDING_ERROR_MESSAGE } from '@crm/shared';
import { NETWORK_ERROR_CODE } from '../../lib/api-error';
import { resolveError } from '../../lib/errors';

const UNEXPECTED_CODES: ReadonlySet<string> = new Set([
  'UNKNOWN',
  NETWORK_ERROR_CODE,
  'INTERNAL_SERVER_ERROR',
  'INTERNAL_ERROR',
]);

/**
 * The text a step shows for a failure no field owns: the server's own Spanish text for a known refusal (e.g. the
 * record was not found), else 01 §8's onboarding text 'Ha ocurrido un error, inténtalo de nuevo más tarde.'.
 */
export function onboardingErrorText(error: unknown): string {
  const { code, userMessage } = resolveError(error);
  if (UNEXPECTED_CODES.has(code) || code.startsWith('HTTP_')) return ONBOARDING_ERROR_MESSAGE;
  return userMessage;
}

import { paymentErrorFor } from '@crm/shared';
import { AppException } from '../../common/errors/app.exception';

/** A provider's refusal in Stripe's terms (the sandbox reports the same fields). */
export interface ProviderErrorFields {
  type?: string;
  code?: string | null;
  declineCode?: string | null;
  message?: string;
}

/**
 * 01 §8: a provider refusal as our code. Card errors map by Stripe's code and decline code; a missing object is
 * NOT_FOUND; anything else is a payment we could not create (logged with the provider's English message).
 */
export function paymentException(error: ProviderErrorFields): AppException {
  const message =
    `Payments provider: ${error.type ?? 'error'} ${error.code ?? ''} ${error.declineCode ?? ''} ${error.message ?? ''}`.trim();
  if (error.type === 'card_error' || error.code === 'requires_payment_method') {
    const mapped = paymentErrorFor(error.code, error.declineCode);
    return new AppException(mapped.code, { userMessage: mapped.userMessage, message });
  }
  if (error.code === 'resource_missing') return new AppException('NOT_FOUND', { message });
  return new AppException('UNKNOWN_PAYMENT_STATUS', { message });
}

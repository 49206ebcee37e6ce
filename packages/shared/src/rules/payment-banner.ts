import { CompanyStatus, PaymentMethod } from '../company';
import { PAYMENT_BANNER_EXPIRY_DAYS } from '../limits';
import { hasAnyPermission, type PermissionMap } from '../permissions';

export interface PaymentBanner {
  type: 'warning' | 'error';
  message: string;
}

export interface PaymentBannerInput {
  status: CompanyStatus | string | null | undefined;
  paymentIntents: number | null | undefined;
  paymentMethod: PaymentMethod | string | null | undefined;
  expirationDate: Date | string | number | null | undefined;
  now: Date | number;
  isCustomPayment: boolean;
}

// 01 §2.6 / §4: banner texts (the spec describes them; wording is ours, retry "next day" per the product).
export const PAYMENT_BANNER_MESSAGES = {
  cardFailed: 'Tuvimos un problema al cobrar tu suscripción. Volveremos a intentarlo mañana.',
  transferMissing: 'No hemos recibido el pago de tu suscripción.',
  paySoon: 'Tu pago sigue pendiente. Realízalo lo antes posible para evitar interrupciones.',
  lastWarning: 'Realiza tu pago para evitar que tu cuenta sea pausada. El servicio se pausará en 24 horas.',
  paused: 'Tu cuenta ha sido pausada por falta de pago.',
  chargedTomorrow: 'Tu plan se cobrará mañana.',
} as const;

export const PAYMENT_BANNER_BUTTON_LABEL = 'Ver cuenta';

const BANNER_STATUSES: readonly string[] = [
  CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT,
  CompanyStatus.AWAITING_BILLABLE_EXTRA_MESSAGES_PAYMENT,
];

function toMs(value: Date | string | number): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

// 01 §2.6 / §4: the failed-payment banner, or null when none is shown.
export function paymentBanner(input: PaymentBannerInput): PaymentBanner | null {
  if (input.isCustomPayment) return null;
  if (!input.status || !BANNER_STATUSES.includes(input.status)) return null;
  const intents = input.paymentIntents ?? 0;
  const M = PAYMENT_BANNER_MESSAGES;
  if (intents === 1) {
    const message = input.paymentMethod === PaymentMethod.TRANSFER ? M.transferMissing : M.cardFailed;
    return { type: 'warning', message };
  }
  if (intents === 2) return { type: 'warning', message: M.paySoon };
  if (intents === 3) return { type: 'error', message: M.lastWarning };
  if (intents > 3) return { type: 'error', message: M.paused };
  if (input.expirationDate === null || input.expirationDate === undefined) return null;
  const remaining = toMs(input.expirationDate) - toMs(input.now);
  if (Number.isNaN(remaining)) return null;
  // "One day or less to expiry": an already expired date is not "charged tomorrow".
  if (remaining >= 0 && remaining <= PAYMENT_BANNER_EXPIRY_DAYS * 86400000) {
    return { type: 'warning', message: M.chargedTomorrow };
  }
  return null;
}

// 01 §2.6: the 'Ver cuenta' button needs readPayments or writePayments.
export function canSeePaymentBannerButton(perms: PermissionMap): boolean {
  return hasAnyPermission(perms, ['readPayments', 'writePayments']);
}

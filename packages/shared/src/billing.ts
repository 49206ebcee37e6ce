import { CompanyStatus, Plan } from './company';
import type { ErrorCode } from './errors';
import type { OfferedPlan } from './limits';

/** Issue 19: which payments provider answers; the web labels every payment screen in sandbox mode as a test. */
export type BillingMode = 'sandbox' | 'stripe';

export interface BillingConfigView {
  mode: BillingMode;
  publishableKey: string | null;
}

/** Texts of the billing flows the catalogue's codes do not carry (the code stays, the text is more precise). */
export const BILLING_MESSAGES = {
  insufficientFunds: 'La tarjeta no tiene fondos suficientes. Intenta con otra tarjeta.',
  cardRequired: 'Ingresa una tarjeta para continuar.',
  cannotDeleteDefaultCard: 'Elige otra tarjeta predeterminada antes de eliminar esta.',
  noSubscription: 'Tu cuenta no tiene una suscripción activa.',
  alreadySubscribed: 'Tu cuenta ya tiene una suscripción activa.',
  sandboxModeLabel: 'Modo de prueba: no se realiza ningún cargo real.',
} as const;

/** 01 §4: the trial precedes the first charge; its length is ours (the spec does not show it). */
export const BILLING_TRIAL_DAYS = 14;

/** 01 §3: the offered plans as the numeric Plan the company stores. */
export const OFFERED_PLAN_VALUE: Record<OfferedPlan, Plan> = { BASIC: Plan.BASIC, PRO: Plan.PRO };

/** A card refusal as our catalogue code, with a more precise Spanish text when the reason has one. */
export interface PaymentErrorMapping {
  code: ErrorCode;
  userMessage?: string;
}

/**
 * 01 §8: a card or payment failure reported by the provider (Stripe's `code` and `decline_code`, which the
 * sandbox reproduces) as our code. Unknown reasons are a declined card: the user's next step is the same.
 */
export function paymentErrorFor(
  code: string | null | undefined,
  declineCode?: string | null,
): PaymentErrorMapping {
  if (declineCode === 'insufficient_funds' || code === 'insufficient_funds') {
    return { code: 'CARD_DECLINED', userMessage: BILLING_MESSAGES.insufficientFunds };
  }
  switch (code) {
    case 'incorrect_cvc':
    case 'invalid_cvc':
      return { code: 'INCORRECT_CVC' };
    case 'expired_card':
      return { code: 'EXPIRED_CARD' };
    case 'processing_error':
      return { code: 'PROCESSING_ERROR' };
    case 'incorrect_number':
    case 'invalid_number':
      return { code: 'INVALID_NUMBER' };
    case 'invalid_expiry_month':
    case 'invalid_expiry_year':
      return { code: 'INVALID_EXPIRY' };
    case 'payment_intent_payment_attempt_failed':
    case 'requires_payment_method':
      return { code: 'REQUIRES_PAYMENT_METHOD' };
    default:
      return { code: 'CARD_DECLINED' };
  }
}

/** Luhn checksum of a card number (spaces and dashes ignored). */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      // Stryker disable next-line EqualityOperator: a doubled digit is even, never 9
      if (d > 9) d -= 9;
    }
    // Stryker disable next-line AssignmentOperator: a negative sum is a multiple of 10 exactly when its opposite is
    sum += d;
  }
  return sum % 10 === 0;
}

/** What a sandbox card does when used, as Stripe's error code and decline code (null code: accepted). */
export interface SandboxCardBehaviour {
  code: string | null;
  declineCode: string | null;
}

/** Stripe's documented test cards (https://docs.stripe.com/testing#declined-payments) the sandbox honours. */
export const SANDBOX_TEST_CARDS: Record<string, SandboxCardBehaviour> = {
  '4242424242424242': { code: null, declineCode: null },
  '5555555555554444': { code: null, declineCode: null },
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline' },
  '4000000000009995': { code: 'card_declined', declineCode: 'insufficient_funds' },
  '4000000000000069': { code: 'expired_card', declineCode: null },
  '4000000000000127': { code: 'incorrect_cvc', declineCode: null },
  '4000000000000119': { code: 'processing_error', declineCode: null },
};

/**
 * How the sandbox treats a card number: a bad checksum is an invalid number; Stripe's test numbers behave as
 * documented; any other valid number is declined, so no real card ever looks accepted.
 */
export function sandboxCardBehaviour(number: string): SandboxCardBehaviour {
  const digits = number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return { code: 'invalid_number', declineCode: null };
  return SANDBOX_TEST_CARDS[digits] ?? { code: 'card_declined', declineCode: 'generic_decline' };
}

/** Card brand from its number's prefix, as the sandbox reports it. */
export function cardBrand(number: string): string {
  const digits = number.replace(/[\s-]/g, '');
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

/** The billing events that change a company (the names are Stripe's; the sandbox raises the same ones). */
/** The events the sandbox can raise on request (time passing at the provider). */
export const SIMULATED_BILLING_EVENT_TYPES = [
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
] as const;
export type SimulatedBillingEventType = (typeof SIMULATED_BILLING_EVENT_TYPES)[number];

/**
 * The provider events the product applies. customer.subscription.updated mirrors a change made at the provider
 * (cancel at period end or a plan changed in Stripe's dashboard, trialing → active, past_due) onto our copy.
 */
export const BILLING_EVENT_TYPES = [
  ...SIMULATED_BILLING_EVENT_TYPES,
  'customer.subscription.updated',
] as const;
export type BillingEventType = (typeof BILLING_EVENT_TYPES)[number];

export function isBillingEventType(type: string): type is BillingEventType {
  return (BILLING_EVENT_TYPES as readonly string[]).includes(type);
}

export interface CompanyBillingState {
  status: CompanyStatus;
  paymentIntents: number;
  expirationDate: Date | null;
}

export interface BillingEventFacts {
  type: BillingEventType;
  /** invoice.paid: the end of the period paid for; trial_will_end: the end of the trial. */
  periodEnd: Date | null;
  /** invoice.paid: what was charged, in cents (the invoice that opens a trial is of 0); unknown: null. */
  amountPaidCents?: number | null;
}

// Statuses where a paid invoice does not decide the status: the onboarding still has a step to finish.
const ONBOARDING_STATUSES: readonly CompanyStatus[] = [
  CompanyStatus.SIGNING_UP,
  CompanyStatus.IN_REVIEW,
  CompanyStatus.AWAITING_WA_VINCULATION,
];

/**
 * 01 §4: what a billing event does to the company. invoice.paid: ACTIVE, paymentIntents 0, paid until the period
 * end (a company still linking WhatsApp keeps its step; one awaiting its first payment moves to linking);
 * invoice.payment_failed: one more failed attempt, AWAITING_SUSCRIPTION_PAYMENT; subscription deleted: INACTIVE;
 * trial_will_end: the trial end becomes the expiration the banner's one-day warning reads.
 */
export function companyAfterBillingEvent(
  state: CompanyBillingState,
  event: BillingEventFacts,
): CompanyBillingState {
  switch (event.type) {
    case 'invoice.paid': {
      let status: CompanyStatus = CompanyStatus.ACTIVE;
      if (state.status === CompanyStatus.AWAITING_FIRST_PAYMENT)
        status = CompanyStatus.AWAITING_WA_VINCULATION;
      else if (ONBOARDING_STATUSES.includes(state.status)) status = state.status;
      // The invoice of 0 that opens a subscription's trial charges nothing: the company is still trying it out.
      else if (state.status === CompanyStatus.TRIAL && event.amountPaidCents === 0)
        status = CompanyStatus.TRIAL;
      return { status, paymentIntents: 0, expirationDate: event.periodEnd ?? state.expirationDate };
    }
    case 'invoice.payment_failed':
      return {
        status: CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT,
        paymentIntents: state.paymentIntents + 1,
        expirationDate: state.expirationDate,
      };
    case 'customer.subscription.deleted':
      return { ...state, status: CompanyStatus.INACTIVE };
    case 'customer.subscription.trial_will_end':
      return { ...state, expirationDate: event.periodEnd ?? state.expirationDate };
    case 'customer.subscription.updated':
      // The company's status follows invoices and the subscription's end; an update only changes our copy.
      return { ...state };
  }
}

/**
 * The company's status once its first payment went through (01 §2.1, §2.5): a company that has not linked a
 * WhatsApp number yet goes on to linking it (AWAITING_WA_VINCULATION, whose post-payment page stays); one that has
 * is done signing up: TRIAL while the subscription's trial runs, ACTIVE once charged. A company coming back
 * (PAUSED, INACTIVE, …) is the paid invoice's to move: null.
 */
export function statusAfterFirstPayment(
  status: CompanyStatus,
  facts: { whatsappLinked: boolean; inTrial: boolean },
): CompanyStatus | null {
  const signingUp: readonly CompanyStatus[] = [
    CompanyStatus.TRIAL,
    CompanyStatus.AWAITING_FIRST_PAYMENT,
    CompanyStatus.AWAITING_WA_VINCULATION,
  ];
  if (!signingUp.includes(status)) return null;
  if (!facts.whatsappLinked) return CompanyStatus.AWAITING_WA_VINCULATION;
  return facts.inTrial ? CompanyStatus.TRIAL : CompanyStatus.ACTIVE;
}

/**
 * Events arrive in any order: one created before the last event applied to the same subscription is stale and
 * changes nothing (same second: applied, Stripe's `created` has one-second resolution).
 */
export function isStaleBillingEvent(eventCreated: Date, lastApplied: Date | null): boolean {
  return lastApplied !== null && eventCreated.getTime() < lastApplied.getTime();
}

/** Amount in the provider's smallest unit (cents) for a USD price. */
export function usdToCents(usd: number): number {
  return Math.round(usd * 100);
}

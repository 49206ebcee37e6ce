import type { BillingEventType, BillingMode, OfferedPlan, SimulatedBillingEventType } from '@crm/shared';

/** A saved card, as the account page lists it. */
export interface PaymentCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

export interface PaymentCustomer {
  id: string;
  email: string | null;
  name: string | null;
  defaultCardId: string | null;
  cards: PaymentCard[];
}

/** What is bought: priced by our planPrice (USD per month), never by a price kept at the provider. */
export interface PlanItem {
  plan: OfferedPlan;
  agents: number;
  conversations: number;
  priceUsd: number;
}

export interface PaymentSubscription {
  id: string;
  customerId: string;
  /** The provider's status (trialing, active, past_due, canceled…). */
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface PaymentInvoice {
  id: string;
  number: string | null;
  amountUsd: number;
  currency: string;
  status: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  createdAt: Date;
  url: string | null;
}

/** Stripe.js / Elements give a payment method id; the sandbox also takes the card's digits (it has no Elements). */
export type CardSource = { paymentMethodId: string } | { card: RawCard };

export interface RawCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** A provider event that changes a company, in our words (Stripe's event names; the sandbox raises the same). */
export interface BillingEvent {
  id: string;
  type: BillingEventType;
  created: Date;
  subscriptionId: string | null;
  customerId: string | null;
  /** invoice.paid: the end of the period paid for; trial_will_end: the trial's end. */
  periodEnd: Date | null;
  /** invoice.paid: what was charged, in cents (0 for the invoice that opens a trial). */
  amountPaidCents?: number | null;
  /** customer.subscription.updated: the subscription as the provider now has it. */
  subscription?: PaymentSubscription;
}

export type BillingEventSink = (event: BillingEvent) => Promise<void>;

/**
 * The payments provider (ARCHITECTURE "Provider adapters"): Stripe through its SDK, or the sandbox kept in our
 * database. Failures are AppExceptions with our codes (01 §8 card and payment errors) and Spanish texts.
 */
export interface PaymentsProvider {
  readonly mode: BillingMode;
  createCustomer(input: { email: string | null; name: string; companyId: number }): Promise<string>;
  getCustomer(customerId: string): Promise<PaymentCustomer>;
  attachCard(customerId: string, source: CardSource): Promise<PaymentCard>;
  setDefaultCard(customerId: string, cardId: string): Promise<void>;
  deleteCard(customerId: string, cardId: string): Promise<void>;
  listCards(customerId: string): Promise<PaymentCard[]>;
  createSubscription(customerId: string, item: PlanItem, trialDays: number): Promise<PaymentSubscription>;
  changeSubscription(subscriptionId: string, item: PlanItem): Promise<PaymentSubscription>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<PaymentSubscription>;
  /** Ends a subscription at once, without a charge (one created twice by a double-submitted first payment). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Charges the customer's open invoices with the default card (POST /cancel-balance); how many were paid. */
  payOpenInvoices(customerId: string): Promise<number>;
  listInvoices(customerId: string): Promise<PaymentInvoice[]>;
  /**
   * A webhook's event after its signature is verified on the raw bytes; null for an event type we do not act on.
   * Throws WebhookSignatureError for a missing, wrong or stale signature.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent | null;
  /** Where a provider that raises its own events (the sandbox) hands them, to the same handler as webhooks. */
  setEventSink(sink: BillingEventSink): void;
  /**
   * The sandbox's stand-in for time passing at the provider (a renewal charged or failed, the trial ending, the
   * subscription ending): raises that event for the subscription. Absent on real providers.
   */
  simulateEvent?(subscriptionId: string, type: SimulatedBillingEventType): Promise<void>;
}

export class WebhookSignatureError extends Error {}

export const PAYMENTS_PROVIDER = Symbol('PAYMENTS_PROVIDER');

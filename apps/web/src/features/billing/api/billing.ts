import type { BillingConfigView, BillingEventType, OfferedPlan } from '@crm/shared';
import { apiGet, apiPost } from '../../../lib/http';
import { sendRequest } from '../../../lib/multipart';
import type { PlanSelection } from '../../plans/api/plans';

/** docs/api.md Billing: a card as the provider reports it (never its digits). */
export interface BillingCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

export interface BillingCustomer {
  id: string;
  email: string | null;
  name: string | null;
  defaultCardId: string | null;
  cards: BillingCard[];
}

/** The subscription view; dates arrive as ISO strings. */
export interface BillingSubscription {
  id: string;
  plan: OfferedPlan | string;
  agents: number;
  messages: number;
  pricing: number;
  /** The provider's status (trialing, active, past_due, canceled…). */
  status: string;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** 01 §3 Payment state. */
export interface PaymentState {
  mode: BillingConfigView['mode'];
  customer: BillingCustomer | null;
  payment: BillingSubscription | null;
  /** The company's status after the call. */
  companyStatus: string | null;
}

export interface BillingInvoice {
  id: string;
  number: string | null;
  amountUsd: number;
  currency: string;
  status: string;
  periodStart: string | null;
  periodEnd: string | null;
  createdAt: string;
  url: string | null;
}

/** Card digits: the sandbox only (with Stripe the digits never reach our server). */
export interface RawCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What a card entry produces: Stripe Elements' payment method id, or the sandbox card's digits. */
export type CardSource = { paymentMethodId: string } | { card: RawCard };

export function fetchBillingConfig(): Promise<BillingConfigView> {
  return apiGet<BillingConfigView>('/billing/config');
}

export function fetchPaymentState(): Promise<PaymentState> {
  return apiGet<PaymentState>('/stripe/getCustomer');
}

export function fetchInvoices(): Promise<BillingInvoice[]> {
  return apiGet<BillingInvoice[]>('/billing/invoices');
}

export function payFirst(selection: PlanSelection, source: CardSource): Promise<PaymentState> {
  return apiPost<PaymentState>('/payment/first', { ...selection, ...source });
}

export function addCard(
  customerId: string,
  source: CardSource,
  setDefault: boolean,
): Promise<BillingCustomer> {
  // The route names Stripe's payment method `cardId`; the sandbox's digits travel as `card`.
  const card = 'paymentMethodId' in source ? { cardId: source.paymentMethodId } : { card: source.card };
  return apiPost<BillingCustomer>('/customer/new-card', { customerId, setDefault, ...card });
}

export function makeDefaultCard(customerId: string, cardId: string): Promise<BillingCustomer> {
  return apiPost<BillingCustomer>('/customer/card/default', {
    providerCustomerId: customerId,
    providerMethodId: cardId,
  });
}

export function deleteCard(customerId: string, cardId: string): Promise<BillingCustomer> {
  return sendRequest<BillingCustomer>({
    method: 'DELETE',
    path: `/customer/${encodeURIComponent(customerId)}/card/${encodeURIComponent(cardId)}`,
    body: {},
  });
}

export function changePlan(selection: PlanSelection): Promise<BillingSubscription> {
  return apiPost<BillingSubscription>('/billing/change-plan', selection);
}

export function cancelAtPeriodEnd(): Promise<BillingSubscription> {
  return apiPost<BillingSubscription>('/stripe/cancelSubscription');
}

export function payPendingBalance(): Promise<{ paidInvoices: number }> {
  return apiPost<{ paidInvoices: number }>('/cancel-balance');
}

export function raiseSandboxEvent(type: BillingEventType): Promise<PaymentState> {
  return apiPost<PaymentState>('/billing/sandbox/events', { type });
}

import { CompanyStatus, formatMediumDate, type OfferedPlan, PLAN_OFFERS } from '@crm/shared';
import { PLAN_TITLES } from '../plans/planFeatures';

// 01 §4: the company statuses in the words a customer reads on 'Mi cuenta'.
export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  [CompanyStatus.ACTIVE]: 'Activa',
  [CompanyStatus.IN_REVIEW]: 'En revisión',
  [CompanyStatus.PAUSED]: 'Pausada',
  [CompanyStatus.SIGNING_UP]: 'En registro',
  [CompanyStatus.INACTIVE]: 'Inactiva',
  [CompanyStatus.UPDATED]: 'Actualizada',
  [CompanyStatus.TRIAL]: 'Periodo de prueba',
  [CompanyStatus.AWAITING_WA_VINCULATION]: 'Pendiente de vincular WhatsApp',
  [CompanyStatus.AWAITING_FIRST_PAYMENT]: 'Pendiente del primer pago',
  [CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT]: 'Pago de suscripción pendiente',
  [CompanyStatus.AWAITING_BILLABLE_EXTRA_MESSAGES_PAYMENT]: 'Pago de mensajes adicionales pendiente',
};

export function companyStatusLabel(status: string): string {
  return COMPANY_STATUS_LABELS[status as CompanyStatus] ?? status;
}

// The provider's subscription statuses (Stripe's names, which the sandbox reproduces).
const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  trialing: 'En periodo de prueba',
  active: 'Activa',
  past_due: 'Pago vencido',
  unpaid: 'Sin pagar',
  canceled: 'Cancelada',
  incomplete: 'Incompleta',
  incomplete_expired: 'Vencida',
  paused: 'Pausada',
};

export function subscriptionStatusLabel(status: string): string {
  return SUBSCRIPTION_STATUS_LABELS[status] ?? status;
}

const INVOICE_STATUS_LABELS: Record<string, string> = {
  paid: 'Pagada',
  open: 'Pendiente',
  draft: 'Borrador',
  void: 'Anulada',
  uncollectible: 'Incobrable',
};

export function invoiceStatusLabel(status: string): string {
  return INVOICE_STATUS_LABELS[status] ?? status;
}

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function cardBrandLabel(brand: string): string {
  return BRAND_LABELS[brand.toLowerCase()] ?? 'Tarjeta';
}

export function isOfferedPlan(plan: string): plan is OfferedPlan {
  return plan in PLAN_OFFERS;
}

export function planTitle(plan: string): string {
  return isOfferedPlan(plan) ? PLAN_TITLES[plan] : plan;
}

export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)} USD`;
}

/** A provider date (ISO) in the company's time zone, or a dash when there is none. */
export function formatBillingDate(date: string | null | undefined, timeZone: string | undefined): string {
  return date ? formatMediumDate(date, timeZone) : '—';
}

/** The subscription is the provider's and still running (a canceled one cannot be changed, only replaced). */
export function isLiveSubscription(status: string | undefined): boolean {
  return status !== undefined && status !== 'canceled' && status !== 'incomplete_expired';
}

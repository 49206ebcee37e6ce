import { BILLING_MESSAGES, isBillingEventType, usdToCents } from '@crm/shared';
import Stripe from 'stripe';
import { AppException } from '../../../common/errors/app.exception';
import type { StripeConfig } from '../../../config/app-config';
import { paymentException } from '../payments-errors';
import {
  type BillingEvent,
  type BillingEventSink,
  type CardSource,
  type PaymentCard,
  type PaymentCustomer,
  type PaymentInvoice,
  type PaymentSubscription,
  type PaymentsProvider,
  type PlanItem,
  WebhookSignatureError,
} from '../payments-provider';

// https://docs.stripe.com/webhooks#verify-events: the SDK's default tolerance, stated because the spec fixes it.
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's SDK options for STRIPE_API_URL (a Stripe-speaking server elsewhere, e.g. tests on 127.0.0.1). */
export function stripeClientOptions(apiUrl: string | null): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { telemetry: false, timeout: 20_000, maxNetworkRetries: 1 };
  if (apiUrl === null) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function toDate(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The product each plan's inline prices hang on; fixed ids so it is created once per Stripe account. */
function productId(plan: string): string {
  return `crm_plan_${plan.toLowerCase()}`;
}

/** Payments through Stripe's official SDK; plans are inline monthly prices computed by our planPrice. */
export class StripePaymentsAdapter implements PaymentsProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly products = new Map<string, Promise<string>>();

  constructor(private readonly config: StripeConfig) {
    this.stripe = new Stripe(config.secretKey, stripeClientOptions(config.apiUrl));
  }

  /** Stripe raises its own events through webhooks, so nothing is handed to the sink. */
  setEventSink(_sink: BillingEventSink): void {}

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) {
        throw paymentException({
          type: error.rawType,
          code: error.code ?? null,
          declineCode: error.decline_code ?? null,
          message: error.message,
        });
      }
      throw error;
    }
  }

  createCustomer(input: { email: string | null; name: string; companyId: number }): Promise<string> {
    return this.call(async () => {
      const customer = await this.stripe.customers.create({
        name: input.name,
        ...(input.email ? { email: input.email } : {}),
        metadata: { companyId: String(input.companyId) },
      });
      return customer.id;
    });
  }

  getCustomer(customerId: string): Promise<PaymentCustomer> {
    return this.call(async () => {
      const customer = await this.stripe.customers.retrieve(customerId);
      if (customer.deleted) throw new AppException('NOT_FOUND', { message: 'Stripe customer deleted' });
      const defaultCardId = idOf(customer.invoice_settings?.default_payment_method);
      const cards = await this.cardsOf(customerId, defaultCardId);
      return {
        id: customer.id,
        email: customer.email ?? null,
        name: customer.name ?? null,
        defaultCardId,
        cards,
      };
    });
  }

  async attachCard(customerId: string, source: CardSource): Promise<PaymentCard> {
    // Card digits never reach our server when real Stripe is used: Elements tokenises them in the browser.
    if (!('paymentMethodId' in source)) {
      throw AppException.validation('paymentMethodId', BILLING_MESSAGES.cardRequired);
    }
    return this.call(async () => {
      const method = await this.stripe.paymentMethods.attach(source.paymentMethodId, {
        customer: customerId,
      });
      return this.toCard(method, null);
    });
  }

  setDefaultCard(customerId: string, cardId: string): Promise<void> {
    return this.call(async () => {
      await this.ownedMethod(customerId, cardId);
      await this.stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: cardId },
      });
    });
  }

  deleteCard(customerId: string, cardId: string): Promise<void> {
    return this.call(async () => {
      await this.ownedMethod(customerId, cardId);
      await this.stripe.paymentMethods.detach(cardId);
    });
  }

  listCards(customerId: string): Promise<PaymentCard[]> {
    return this.call(async () => {
      const customer = await this.stripe.customers.retrieve(customerId);
      if (customer.deleted) throw new AppException('NOT_FOUND', { message: 'Stripe customer deleted' });
      return this.cardsOf(customerId, idOf(customer.invoice_settings?.default_payment_method));
    });
  }

  createSubscription(customerId: string, item: PlanItem, trialDays: number): Promise<PaymentSubscription> {
    return this.call(async () => {
      const price = await this.priceData(item);
      const subscription = await this.stripe.subscriptions.create({
        customer: customerId,
        items: [{ price_data: price, quantity: 1 }],
        ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
        // A declined first charge fails the call (402 card_error) instead of leaving an incomplete subscription.
        payment_behavior: 'error_if_incomplete',
        metadata: this.metadata(item),
      });
      return this.toSubscription(subscription);
    });
  }

  changeSubscription(subscriptionId: string, item: PlanItem): Promise<PaymentSubscription> {
    return this.call(async () => {
      const current = await this.stripe.subscriptions.retrieve(subscriptionId);
      const existing = current.items.data[0];
      const price = await this.priceData(item);
      const subscription = await this.stripe.subscriptions.update(subscriptionId, {
        items: [
          existing ? { id: existing.id, price_data: price, quantity: 1 } : { price_data: price, quantity: 1 },
        ],
        proration_behavior: 'create_prorations',
        metadata: this.metadata(item),
      });
      return this.toSubscription(subscription);
    });
  }

  cancelAtPeriodEnd(subscriptionId: string): Promise<PaymentSubscription> {
    return this.call(async () =>
      this.toSubscription(
        await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      ),
    );
  }

  cancelNow(subscriptionId: string): Promise<void> {
    return this.call(async () => {
      await this.stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false });
    });
  }

  payOpenInvoices(customerId: string): Promise<number> {
    return this.call(async () => {
      const open = await this.stripe.invoices.list({ customer: customerId, status: 'open', limit: 100 });
      let paid = 0;
      for (const invoice of open.data) {
        if (!invoice.id) continue;
        await this.stripe.invoices.pay(invoice.id);
        paid += 1;
      }
      return paid;
    });
  }

  listInvoices(customerId: string): Promise<PaymentInvoice[]> {
    return this.call(async () => {
      const list = await this.stripe.invoices.list({ customer: customerId, limit: 24 });
      return list.data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number ?? null,
        amountUsd: (invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due) / 100,
        currency: invoice.currency,
        status: invoice.status ?? 'draft',
        periodStart: toDate(invoice.lines?.data[0]?.period?.start ?? invoice.period_start),
        periodEnd: toDate(invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end),
        createdAt: toDate(invoice.created) ?? new Date(0),
        url: invoice.hosted_invoice_url ?? null,
      }));
    });
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent | null {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.config.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid Stripe signature');
    }
    if (!isBillingEventType(event.type)) return null;
    // A signed event whose body is not the shape Stripe documents is ignored (answered 200), never a 500.
    const object: unknown = event.data?.object;
    if (
      typeof event.id !== 'string' ||
      !Number.isFinite(event.created) ||
      !object ||
      typeof object !== 'object'
    ) {
      return null;
    }
    const created = new Date(event.created * 1000);
    const base = { id: event.id, type: event.type, created };
    if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
      const invoice = event.data.object as Stripe.Invoice;
      // Since API 2025-03-31 the subscription is under parent.subscription_details.
      const subscription = invoice.parent?.subscription_details?.subscription ?? null;
      return {
        ...base,
        subscriptionId: idOf(subscription),
        customerId: idOf(invoice.customer),
        periodEnd: toDate(invoice.lines?.data?.[0]?.period?.end ?? invoice.period_end),
        amountPaidCents: typeof invoice.amount_paid === 'number' ? invoice.amount_paid : null,
      };
    }
    const subscription = event.data.object as Stripe.Subscription;
    return {
      ...base,
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer),
      periodEnd:
        event.type === 'customer.subscription.trial_will_end' ? toDate(subscription.trial_end) : null,
      ...(event.type === 'customer.subscription.updated'
        ? { subscription: this.toSubscription(subscription) }
        : {}),
    };
  }

  private metadata(item: PlanItem): Record<string, string> {
    return { plan: item.plan, agents: String(item.agents), conversations: String(item.conversations) };
  }

  private async priceData(item: PlanItem): Promise<Stripe.SubscriptionCreateParams.Item.PriceData> {
    return {
      currency: 'usd',
      product: await this.product(item.plan),
      unit_amount: usdToCents(item.priceUsd),
      recurring: { interval: 'month' },
    };
  }

  /** The plan's product, looked up (or created) once per process. */
  private product(plan: string): Promise<string> {
    const id = productId(plan);
    let found = this.products.get(id);
    if (!found) {
      found = this.lookupOrCreateProduct(id, plan);
      // A failure is not cached: the next purchase tries again.
      found.catch(() => this.products.delete(id));
      this.products.set(id, found);
    }
    return found;
  }

  private async lookupOrCreateProduct(id: string, plan: string): Promise<string> {
    try {
      return (await this.stripe.products.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'resource_missing') throw error;
      return (await this.stripe.products.create({ id, name: `Plan ${plan}` })).id;
    }
  }

  private async ownedMethod(customerId: string, cardId: string): Promise<Stripe.PaymentMethod> {
    const method = await this.stripe.paymentMethods.retrieve(cardId);
    if (idOf(method.customer) !== customerId) {
      throw new AppException('NOT_FOUND', { message: 'Payment method of another customer' });
    }
    return method;
  }

  private async cardsOf(customerId: string, defaultCardId: string | null): Promise<PaymentCard[]> {
    const methods = await this.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 });
    return methods.data.map((method) => this.toCard(method, defaultCardId));
  }

  private toCard(method: Stripe.PaymentMethod, defaultCardId: string | null): PaymentCard {
    return {
      id: method.id,
      brand: method.card?.brand ?? 'unknown',
      last4: method.card?.last4 ?? '',
      expMonth: method.card?.exp_month ?? 0,
      expYear: method.card?.exp_year ?? 0,
      isDefault: method.id === defaultCardId,
    };
  }

  private toSubscription(subscription: Stripe.Subscription): PaymentSubscription {
    // Since API 2025-03-31 the period lives on the subscription's items.
    // A webhook's body may lack the items (an odd event): no period then, rather than a crash.
    const periodEnd = subscription.items?.data?.[0]?.current_period_end;
    return {
      id: subscription.id,
      customerId: idOf(subscription.customer) ?? '',
      status: subscription.status,
      trialEnd: toDate(subscription.trial_end),
      currentPeriodEnd: toDate(periodEnd),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }
}

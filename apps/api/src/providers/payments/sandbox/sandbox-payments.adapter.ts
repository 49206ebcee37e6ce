import { randomBytes } from 'node:crypto';
import { cardBrand, type SimulatedBillingEventType, sandboxCardBehaviour, usdToCents } from '@crm/shared';
import { AppException } from '../../../common/errors/app.exception';
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
  type RawCard,
  WebhookSignatureError,
} from '../payments-provider';
import type {
  SandboxMethodRow,
  SandboxPaymentsRepository,
  SandboxSubscriptionRow,
} from './sandbox-payments.repository';

const DAY_MS = 86_400_000;

/** Stripe's test payment method ids (https://docs.stripe.com/testing#cards) as the card numbers they stand for. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
};

function newId(prefix: string): string {
  return `${prefix}_sbx_${randomBytes(9).toString('hex')}`;
}

function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function cardError(code: string, declineCode: string | null = null): AppException {
  return paymentException({ type: 'card_error', code, declineCode, message: 'Sandbox card refused' });
}

function notFound(what: string): AppException {
  return paymentException({
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}`,
  });
}

/**
 * The built-in payments provider for machines without Stripe keys (ARCHITECTURE rule 10's idea for payments):
 * customers, cards, subscriptions and invoices live in our database; Stripe's documented test cards behave as
 * documented; nothing is ever charged. It raises Stripe's event names through the same handler as webhooks.
 */
export class SandboxPaymentsAdapter implements PaymentsProvider {
  readonly mode = 'sandbox' as const;
  private sink: BillingEventSink | null = null;

  constructor(private readonly repo: SandboxPaymentsRepository) {}

  setEventSink(sink: BillingEventSink): void {
    this.sink = sink;
  }

  async createCustomer(input: { email: string | null; name: string; companyId: number }): Promise<string> {
    const id = newId('cus');
    await this.repo.insertCustomer({ id, email: input.email, name: input.name });
    return id;
  }

  async getCustomer(customerId: string): Promise<PaymentCustomer> {
    const customer = await this.repo.findCustomer(customerId);
    if (!customer) throw notFound('customer');
    const cards = await this.listCards(customerId);
    return {
      id: customer.id,
      email: customer.email,
      name: customer.name,
      defaultCardId: customer.defaultPaymentMethodId,
      cards,
    };
  }

  async attachCard(customerId: string, source: CardSource): Promise<PaymentCard> {
    const customer = await this.repo.findCustomer(customerId);
    if (!customer) throw notFound('customer');
    let card: RawCard;
    if ('card' in source) card = source.card;
    else {
      const number = TEST_PAYMENT_METHODS[source.paymentMethodId];
      if (!number) throw notFound('payment_method');
      const year = new Date().getUTCFullYear() + 3;
      card = { number, expMonth: 12, expYear: year, cvc: '123' };
    }
    const digits = card.number.replace(/[\s-]/g, '');
    this.checkCard(card, digits);
    const id = newId('pm');
    await this.repo.insertMethod({
      id,
      customerId,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
    });
    return {
      id,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      isDefault: false,
    };
  }

  /** Stripe refuses a card that declines when it is attached; the sandbox does the same, with the same codes. */
  private checkCard(card: RawCard, digits: string): void {
    const behaviour = sandboxCardBehaviour(digits);
    if (behaviour.code === 'invalid_number') throw cardError('incorrect_number');
    if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
      throw cardError('invalid_expiry_month');
    }
    const now = new Date();
    const expired =
      card.expYear < now.getUTCFullYear() ||
      (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
    if (expired) throw cardError('expired_card');
    if (!/^\d{3,4}$/.test(card.cvc)) throw cardError('invalid_cvc');
    if (behaviour.code !== null) throw cardError(behaviour.code, behaviour.declineCode);
  }

  async setDefaultCard(customerId: string, cardId: string): Promise<void> {
    const cards = await this.repo.methodsOf(customerId);
    if (!cards.some((card) => card.id === cardId)) throw notFound('payment_method');
    await this.repo.setDefaultMethod(customerId, cardId);
  }

  async deleteCard(customerId: string, cardId: string): Promise<void> {
    if (!(await this.repo.detachMethod(customerId, cardId))) throw notFound('payment_method');
    const customer = await this.repo.findCustomer(customerId);
    if (customer?.defaultPaymentMethodId === cardId) await this.repo.setDefaultMethod(customerId, null);
  }

  async listCards(customerId: string): Promise<PaymentCard[]> {
    const customer = await this.repo.findCustomer(customerId);
    if (!customer) throw notFound('customer');
    const rows = await this.repo.methodsOf(customerId);
    return rows.map((row) => this.toCard(row, customer.defaultPaymentMethodId));
  }

  async createSubscription(
    customerId: string,
    item: PlanItem,
    trialDays: number,
  ): Promise<PaymentSubscription> {
    const customer = await this.repo.findCustomer(customerId);
    if (!customer) throw notFound('customer');
    // Stripe's error_if_incomplete: no card to charge means no subscription.
    if (!customer.defaultPaymentMethodId) {
      throw paymentException({ code: 'requires_payment_method', message: 'No default card' });
    }
    const now = new Date();
    const trialEnd = trialDays > 0 ? new Date(now.getTime() + trialDays * DAY_MS) : null;
    const periodEnd = trialEnd ?? addMonth(now);
    const id = newId('sub');
    const amountCents = usdToCents(item.priceUsd);
    const invoiceId = newId('in');
    await this.repo.transaction(async (trx) => {
      await this.repo.insertSubscription(trx, {
        id,
        customerId,
        amountCents,
        description: this.describe(item),
        status: trialEnd ? 'trialing' : 'active',
        trialEnd,
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
      });
      // As Stripe: a trial starts with a paid invoice of 0, otherwise the first month is charged at once.
      await this.repo.insertInvoice(trx, {
        id: invoiceId,
        customerId,
        subscriptionId: id,
        amountCents: trialEnd ? 0 : amountCents,
        status: 'paid',
        periodStart: now,
        periodEnd,
      });
    });
    await this.raise('invoice.paid', {
      subscriptionId: id,
      customerId,
      periodEnd,
      amountPaidCents: trialEnd ? 0 : amountCents,
    });
    return this.toSubscription((await this.repo.findSubscription(id)) as SandboxSubscriptionRow);
  }

  async changeSubscription(subscriptionId: string, item: PlanItem): Promise<PaymentSubscription> {
    const current = await this.requireSubscription(subscriptionId);
    await this.repo.updateSubscription(current.id, {
      amountCents: usdToCents(item.priceUsd),
      description: this.describe(item),
    });
    return this.toSubscription(await this.requireSubscription(subscriptionId));
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<PaymentSubscription> {
    const current = await this.requireSubscription(subscriptionId);
    await this.repo.updateSubscription(current.id, { cancelAtPeriodEnd: true });
    return this.toSubscription(await this.requireSubscription(subscriptionId));
  }

  // No event: the subscription was never the company's current one.
  async cancelNow(subscriptionId: string): Promise<void> {
    await this.requireSubscription(subscriptionId);
    await this.repo.updateSubscription(subscriptionId, { status: 'canceled' });
  }

  async payOpenInvoices(customerId: string): Promise<number> {
    const customer = await this.repo.findCustomer(customerId);
    if (!customer) throw notFound('customer');
    if (!customer.defaultPaymentMethodId) {
      throw paymentException({ code: 'requires_payment_method', message: 'No default card' });
    }
    const paid = await this.repo.markOpenInvoicesPaid(customerId);
    for (const invoice of paid) {
      await this.raise('invoice.paid', {
        subscriptionId: invoice.subscriptionId,
        customerId,
        periodEnd: invoice.periodEnd,
        amountPaidCents: invoice.amountCents,
      });
    }
    return paid.length;
  }

  async listInvoices(customerId: string): Promise<PaymentInvoice[]> {
    const rows = await this.repo.invoicesOf(customerId);
    return rows.map((row) => ({
      id: row.id,
      number: row.id.slice(-8).toUpperCase(),
      amountUsd: row.amountCents / 100,
      currency: row.currency,
      status: row.status,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      createdAt: row.createdAt,
      url: null,
    }));
  }

  /** The sandbox receives no webhooks: it hands its events to the sink directly. */
  parseWebhook(_rawBody: Buffer, _signature: string | undefined): BillingEvent | null {
    throw new WebhookSignatureError('The sandbox payments provider receives no webhooks');
  }

  async simulateEvent(subscriptionId: string, type: SimulatedBillingEventType): Promise<void> {
    const subscription = await this.requireSubscription(subscriptionId);
    const customerId = subscription.customerId;
    switch (type) {
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        // The next period's renewal, charged (paid) or refused (left open, paid later by POST /cancel-balance).
        const periodStart = subscription.currentPeriodEnd;
        const periodEnd = addMonth(periodStart);
        const paid = type === 'invoice.paid';
        await this.repo.transaction(async (trx) => {
          await this.repo.insertInvoice(trx, {
            id: newId('in'),
            customerId,
            subscriptionId,
            amountCents: subscription.amountCents,
            status: paid ? 'paid' : 'open',
            periodStart,
            periodEnd,
          });
          if (paid) {
            await this.repo.updateSubscription(
              subscriptionId,
              { status: 'active', currentPeriodStart: periodStart, currentPeriodEnd: periodEnd },
              trx,
            );
          } else await this.repo.updateSubscription(subscriptionId, { status: 'past_due' }, trx);
        });
        await this.raise(type, {
          subscriptionId,
          customerId,
          periodEnd: paid ? periodEnd : null,
          amountPaidCents: paid ? subscription.amountCents : null,
        });
        return;
      }
      case 'customer.subscription.deleted':
        await this.repo.updateSubscription(subscriptionId, { status: 'canceled' });
        await this.raise(type, { subscriptionId, customerId, periodEnd: null });
        return;
      case 'customer.subscription.trial_will_end':
        await this.raise(type, { subscriptionId, customerId, periodEnd: subscription.trialEnd });
        return;
    }
  }

  private async raise(
    type: SimulatedBillingEventType,
    facts: {
      subscriptionId: string | null;
      customerId: string;
      periodEnd: Date | null;
      amountPaidCents?: number | null;
    },
  ): Promise<void> {
    await this.sink?.({ id: newId('evt'), type, created: new Date(), ...facts });
  }

  private async requireSubscription(id: string): Promise<SandboxSubscriptionRow> {
    const row = await this.repo.findSubscription(id);
    if (!row) throw notFound('subscription');
    return row;
  }

  private describe(item: PlanItem): string {
    return `${item.plan} ${item.agents} agents ${item.conversations} conversations`;
  }

  private toCard(row: SandboxMethodRow, defaultId: string | null): PaymentCard {
    return {
      id: row.id,
      brand: row.brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      isDefault: row.id === defaultId,
    };
  }

  private toSubscription(row: SandboxSubscriptionRow): PaymentSubscription {
    return {
      id: row.id,
      customerId: row.customerId,
      status: row.status,
      trialEnd: row.trialEnd,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    };
  }
}

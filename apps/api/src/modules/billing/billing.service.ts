import {
  BILLING_MESSAGES,
  BILLING_TRIAL_DAYS,
  type BillingConfigView,
  CompanyStatus,
  isPlanOffer,
  mxnFromUsd,
  OFFERED_PLAN_VALUE,
  type OfferedPlan,
  PaymentMethod,
  planPrice,
  type SimulatedBillingEventType,
  statusAfterFirstPayment,
  usdToCents,
} from '@crm/shared';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  type CardSource,
  PAYMENTS_PROVIDER,
  type PaymentCustomer,
  type PaymentInvoice,
  type PaymentsProvider,
  type PlanItem,
} from '../../providers/payments/payments-provider';
import { CompaniesService } from '../companies/companies.service';
import {
  type BillingCustomerRow,
  BillingRepository,
  type BillingSubscriptionRow,
} from './billing.repository';
import { BillingEventsService } from './billing-events.service';
import type { FirstPaymentInput, NewCardInput, PlanSelectionInput } from './dto/billing.input';

const DAY_MS = 86_400_000;

export interface PricingView {
  plan: OfferedPlan;
  agents: number;
  messages: number;
  /** 01 §3 Pricing response: USD per month. */
  pricing: number;
  mxn: number;
}

export interface SubscriptionView {
  id: string;
  plan: string;
  agents: number;
  messages: number;
  pricing: number;
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** 01 §3 Payment state: the payment (subscription) and the customer with its cards. */
export interface PaymentStateView {
  mode: BillingConfigView['mode'];
  customer: PaymentCustomer | null;
  payment: SubscriptionView | null;
  /** The company's status after the call: where the web goes next (e.g. AWAITING_WA_VINCULATION → linking). */
  companyStatus: CompanyStatus | null;
}

function subscriptionView(row: BillingSubscriptionRow): SubscriptionView {
  return {
    id: row.providerSubscriptionId,
    plan: row.plan,
    agents: row.agents,
    messages: row.conversations,
    pricing: row.priceCents / 100,
    status: row.status,
    trialEnd: row.trialEnd,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

function isLive(row: BillingSubscriptionRow | undefined): row is BillingSubscriptionRow {
  return row !== undefined && row.status !== 'canceled';
}

/** Plans, cards and subscriptions of 01 §7 Billing, through whichever payments provider is configured. */
@Injectable()
export class BillingService implements OnModuleInit {
  constructor(
    private readonly repo: BillingRepository,
    private readonly events: BillingEventsService,
    private readonly companies: CompaniesService,
    @Inject(PAYMENTS_PROVIDER) private readonly provider: PaymentsProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // The sandbox raises its events through the webhook's handler, so both providers share every transition.
    this.provider.setEventSink(async (event) => {
      await this.events.apply(event);
    });
  }

  billingConfig(): BillingConfigView {
    return { mode: this.provider.mode, publishableKey: this.config.stripe?.publishableKey ?? null };
  }

  /** 01 §2.4 / §9: the price of an offered option; anything else is INCORRECT_PLAN_KEY. */
  pricing(plan: string, agents: number, messages: number): PricingView {
    if (!isPlanOffer(plan, agents, messages)) {
      throw new AppException('INCORRECT_PLAN_KEY', {
        field: 'plan',
        message: `Not offered: ${plan}/${agents}/${messages}`,
      });
    }
    const pricing = planPrice(plan, agents, messages);
    return { plan, agents, messages, pricing, mxn: mxnFromUsd(pricing) };
  }

  /** POST /update-test-plan: the chosen plan becomes the company's seats and conversations, without a charge. */
  async updateTestPlan(user: AuthUser, input: PlanSelectionInput): Promise<PricingView> {
    const price = this.pricing(input.plan, input.agents, input.messages);
    await this.repo.transaction((trx) =>
      this.companies.setPlan(trx, user.companyId, this.companyPlan(price)),
    );
    await this.companies.announceChange(user.companyId);
    return price;
  }

  /**
   * POST /payment/first: customer, card and subscription (with the trial when the company has not paid before);
   * AWAITING_FIRST_PAYMENT moves on to linking WhatsApp. A refused card changes nothing of the company.
   */
  async firstPayment(user: AuthUser, input: FirstPaymentInput): Promise<PaymentStateView> {
    const price = this.pricing(input.plan, input.agents, input.messages);
    const source = this.cardSource(input.paymentMethodId, input.card);
    await this.repo.transaction(async (trx) => {
      // Of two first payments submitted at once, the second waits here and then finds the first's subscription:
      // a company without a trial is charged on creation, so checking after the provider call was too late.
      await this.repo.lockFirstPayment(trx, user.companyId);
      const company = await this.repo.company(user.companyId, trx);
      if (!company) throw new AppException('NOT_FOUND');
      if (isLive(await this.repo.subscriptionOfCompany(user.companyId, trx))) throw this.alreadySubscribed();
      const customer = await this.ensureCustomer(user, company.name);
      const card = await this.provider.attachCard(customer.providerCustomerId, source);
      await this.provider.setDefaultCard(customer.providerCustomerId, card.id);
      const subscription = await this.provider.createSubscription(
        customer.providerCustomerId,
        this.planItem(price),
        this.trialDays(company.status, company.expirationDate),
      );
      try {
        // Read again: the provider's first invoice.paid may have moved the company on meanwhile.
        const now = await this.repo.company(user.companyId, trx, true);
        await this.repo.saveSubscription(trx, {
          companyId: user.companyId,
          provider: this.provider.mode,
          providerSubscriptionId: subscription.id,
          plan: price.plan,
          agents: price.agents,
          conversations: price.messages,
          priceCents: usdToCents(price.pricing),
          status: subscription.status,
          trialEnd: subscription.trialEnd,
          currentPeriodEnd: subscription.currentPeriodEnd,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        });
        await this.companies.setPlan(trx, user.companyId, this.companyPlan(price));
        // From the status before paying: the provider's first invoice.paid (raised while we wait, or by a webhook
        // meanwhile) moves a TRIAL company to ACTIVE, but paying is a step of its sign-up, decided here.
        const status = statusAfterFirstPayment(company.status, {
          whatsappLinked: (now ?? company).whatsappLinkedAt !== null,
          inTrial: subscription.trialEnd !== null && subscription.trialEnd.getTime() > Date.now(),
        });
        await this.repo.setCompanyBilling(trx, user.companyId, {
          paymentMethod: PaymentMethod.CARD,
          expirationDate: subscription.currentPeriodEnd ?? now?.expirationDate ?? null,
          ...(status !== null && status !== now?.status ? { status } : {}),
        });
      } catch (error) {
        // A subscription we could not record would renew unseen: end it before reporting the failure.
        await this.provider.cancelNow(subscription.id).catch(() => undefined);
        throw error;
      }
    });
    await this.companies.announceChange(user.companyId);
    return this.paymentState(user);
  }

  /** GET /stripe/getCustomer: the company's payment state (nothing yet before the first payment). */
  async paymentState(user: AuthUser): Promise<PaymentStateView> {
    const customer = await this.repo.customerOfCompany(user.companyId);
    const subscription = await this.repo.subscriptionOfCompany(user.companyId);
    const company = await this.repo.company(user.companyId);
    return {
      companyStatus: company?.status ?? null,
      mode: this.provider.mode,
      customer: customer ? await this.provider.getCustomer(customer.providerCustomerId) : null,
      payment: subscription ? subscriptionView(subscription) : null,
    };
  }

  /** GET /customer/:id: only the company's own customer (another id is NOT_FOUND, whoever owns it). */
  async customer(user: AuthUser, providerCustomerId: string): Promise<PaymentCustomer> {
    const customer = await this.ownCustomer(user, providerCustomerId);
    return this.provider.getCustomer(customer.providerCustomerId);
  }

  async addCard(user: AuthUser, input: NewCardInput): Promise<PaymentCustomer> {
    const customer = await this.ownCustomer(user, input.customerId);
    const card = await this.provider.attachCard(
      customer.providerCustomerId,
      this.cardSource(input.cardId, input.card),
    );
    const current = await this.provider.getCustomer(customer.providerCustomerId);
    // A customer's first card is its default: there is nothing else to charge.
    if (input.setDefault === true || current.defaultCardId === null) {
      await this.provider.setDefaultCard(customer.providerCustomerId, card.id);
    }
    return this.provider.getCustomer(customer.providerCustomerId);
  }

  async deleteCard(user: AuthUser, providerCustomerId: string, cardId: string): Promise<PaymentCustomer> {
    const customer = await this.ownCustomer(user, providerCustomerId);
    const current = await this.provider.getCustomer(customer.providerCustomerId);
    const card = current.cards.find((c) => c.id === cardId);
    if (!card) throw new AppException('NOT_FOUND', { message: 'No such card for this customer' });
    // The default card is what renewals charge: another must take its place first.
    if (card.isDefault && isLive(await this.repo.subscriptionOfCompany(user.companyId))) {
      throw new AppException('VALIDATION_ERROR', {
        field: 'cardId',
        userMessage: BILLING_MESSAGES.cannotDeleteDefaultCard,
        message: 'The default card pays a live subscription',
      });
    }
    await this.provider.deleteCard(customer.providerCustomerId, cardId);
    return this.provider.getCustomer(customer.providerCustomerId);
  }

  async setDefaultCard(user: AuthUser, providerCustomerId: string, cardId: string): Promise<PaymentCustomer> {
    const customer = await this.ownCustomer(user, providerCustomerId);
    await this.provider.setDefaultCard(customer.providerCustomerId, cardId);
    return this.provider.getCustomer(customer.providerCustomerId);
  }

  /** 01 §4: cancelling takes effect at the end of the billing period. */
  async cancelAtPeriodEnd(user: AuthUser): Promise<SubscriptionView> {
    const current = await this.liveSubscription(user);
    const subscription = await this.provider.cancelAtPeriodEnd(current.providerSubscriptionId);
    await this.repo.updateSubscription(current.id, {
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      status: subscription.status,
    });
    return subscriptionView({
      ...current,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      status: subscription.status,
    });
  }

  /** POST /cancel-balance: settles what is owed (open invoices) with the default card. */
  async payBalance(user: AuthUser): Promise<{ paidInvoices: number }> {
    const customer = await this.repo.customerOfCompany(user.companyId);
    if (!customer) throw new AppException('NOT_FOUND', { userMessage: BILLING_MESSAGES.noSubscription });
    return { paidInvoices: await this.provider.payOpenInvoices(customer.providerCustomerId) };
  }

  async invoices(user: AuthUser): Promise<PaymentInvoice[]> {
    const customer = await this.repo.customerOfCompany(user.companyId);
    return customer ? this.provider.listInvoices(customer.providerCustomerId) : [];
  }

  async changePlan(user: AuthUser, input: PlanSelectionInput): Promise<SubscriptionView> {
    const price = this.pricing(input.plan, input.agents, input.messages);
    const current = await this.liveSubscription(user);
    const subscription = await this.provider.changeSubscription(
      current.providerSubscriptionId,
      this.planItem(price),
    );
    const patch = {
      plan: price.plan,
      agents: price.agents,
      conversations: price.messages,
      priceCents: usdToCents(price.pricing),
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
    };
    await this.repo.transaction(async (trx) => {
      await this.repo.updateSubscription(current.id, patch, trx);
      await this.companies.setPlan(trx, user.companyId, this.companyPlan(price));
    });
    await this.companies.announceChange(user.companyId);
    return subscriptionView({ ...current, ...patch });
  }

  /** Sandbox mode only: time passing at the provider, raised through the same event handler as webhooks. */
  async simulateEvent(user: AuthUser, type: SimulatedBillingEventType): Promise<PaymentStateView> {
    if (!this.provider.simulateEvent) throw new AppException('NOT_FOUND', { message: 'Not in sandbox mode' });
    const current = await this.repo.subscriptionOfCompany(user.companyId);
    if (!current) throw new AppException('NOT_FOUND', { userMessage: BILLING_MESSAGES.noSubscription });
    await this.provider.simulateEvent(current.providerSubscriptionId, type);
    return this.paymentState(user);
  }

  private alreadySubscribed(): AppException {
    return new AppException('VALIDATION_ERROR', {
      field: 'plan',
      userMessage: BILLING_MESSAGES.alreadySubscribed,
      message: 'The company already has a subscription',
    });
  }

  private async ensureCustomer(user: AuthUser, companyName: string): Promise<BillingCustomerRow> {
    const existing = await this.repo.customerOfCompany(user.companyId);
    if (existing) return existing;
    const id = await this.provider.createCustomer({
      email: await this.repo.userEmail(user.id),
      name: companyName,
      companyId: user.companyId,
    });
    return this.repo.insertCustomer(user.companyId, this.provider.mode, id);
  }

  /** Tenancy (ARCHITECTURE rule 3): a customer id that is not the company's own is not found. */
  private async ownCustomer(user: AuthUser, providerCustomerId: string): Promise<BillingCustomerRow> {
    const customer = await this.repo.customerOfCompany(user.companyId);
    if (!customer || customer.providerCustomerId !== providerCustomerId) {
      throw new AppException('NOT_FOUND', { message: 'Not this company’s customer' });
    }
    return customer;
  }

  private async liveSubscription(user: AuthUser): Promise<BillingSubscriptionRow> {
    const current = await this.repo.subscriptionOfCompany(user.companyId);
    if (!isLive(current))
      throw new AppException('NOT_FOUND', { userMessage: BILLING_MESSAGES.noSubscription });
    return current;
  }

  private cardSource(paymentMethodId: string | undefined, card: FirstPaymentInput['card']): CardSource {
    if (paymentMethodId) return { paymentMethodId };
    if (card)
      return { card: { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc } };
    throw AppException.validation('paymentMethodId', BILLING_MESSAGES.cardRequired);
  }

  /** The trial (01 §4) is for a company that has not paid yet: what is left of its trial, or the full one. */
  private trialDays(status: CompanyStatus, expirationDate: Date | null): number {
    if (status === CompanyStatus.AWAITING_FIRST_PAYMENT) {
      // A trial that ended unpaid (the trial-expiry job) is used up: the first month is charged at once.
      return expirationDate !== null && expirationDate.getTime() <= Date.now() ? 0 : BILLING_TRIAL_DAYS;
    }
    if (status !== CompanyStatus.TRIAL || expirationDate === null) return 0;
    return Math.max(0, Math.ceil((expirationDate.getTime() - Date.now()) / DAY_MS));
  }

  private planItem(price: PricingView): PlanItem {
    return { plan: price.plan, agents: price.agents, conversations: price.messages, priceUsd: price.pricing };
  }

  private companyPlan(price: PricingView) {
    return {
      plan: OFFERED_PLAN_VALUE[price.plan],
      usersLimit: price.agents,
      conversationsLimit: price.messages,
    };
  }
}

import { companyAfterBillingEvent, isStaleBillingEvent } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { BillingEvent } from '../../providers/payments/payments-provider';
import { CompaniesService } from '../companies/companies.service';
import { BillingRepository, type SubscriptionPatch } from './billing.repository';

export type BillingEventOutcome = 'applied' | 'duplicate' | 'ignored';

function subscriptionPatch(event: BillingEvent): SubscriptionPatch {
  switch (event.type) {
    case 'invoice.paid':
      return { status: 'active', ...(event.periodEnd ? { currentPeriodEnd: event.periodEnd } : {}) };
    case 'invoice.payment_failed':
      return { status: 'past_due' };
    case 'customer.subscription.deleted':
      return { status: 'canceled' };
    case 'customer.subscription.trial_will_end':
      return event.periodEnd ? { trialEnd: event.periodEnd } : {};
    case 'customer.subscription.updated': {
      const now = event.subscription;
      return now
        ? {
            status: now.status,
            cancelAtPeriodEnd: now.cancelAtPeriodEnd,
            trialEnd: now.trialEnd,
            ...(now.currentPeriodEnd ? { currentPeriodEnd: now.currentPeriodEnd } : {}),
          }
        : {};
    }
  }
}

/**
 * One handler for every billing event, from Stripe's webhooks or raised by the sandbox (ARCHITECTURE rule 5):
 * the event id is claimed in the same transaction as the effect (a replay changes nothing), the company's
 * customer row is locked so events of one company apply one at a time, and an event older than the last one
 * applied is stale (01 §4 transitions in packages/shared).
 */
@Injectable()
export class BillingEventsService {
  private readonly logger = new Logger(BillingEventsService.name);

  constructor(
    private readonly repo: BillingRepository,
    private readonly companies: CompaniesService,
  ) {}

  async apply(event: BillingEvent): Promise<BillingEventOutcome> {
    const applied = await this.applyInTransaction(event);
    // After the commit: the company's users reload their data, so the banner and the routing follow the status.
    if (applied.outcome === 'applied' && applied.companyId !== null) {
      await this.companies.announceChange(applied.companyId);
    }
    return applied.outcome;
  }

  private applyInTransaction(
    event: BillingEvent,
  ): Promise<{ outcome: BillingEventOutcome; companyId: number | null }> {
    const ignored = { outcome: 'ignored' as const, companyId: null };
    return this.repo.transaction(async (trx) => {
      if (!(await this.repo.claimEvent(trx, event))) return { outcome: 'duplicate', companyId: null };
      const subscription = event.subscriptionId
        ? await this.repo.subscriptionByProviderId(trx, event.subscriptionId)
        : undefined;
      let customer = event.customerId
        ? await this.repo.customerByProviderId(trx, event.customerId)
        : undefined;
      if (!customer && subscription)
        customer = await this.repo.customerOfCompany(subscription.companyId, trx, true);
      if (!customer) {
        this.logger.warn(`Billing event ${event.id} (${event.type}) for no customer of ours`);
        return ignored;
      }
      const current = await this.repo.subscriptionOfCompany(customer.companyId, trx);
      // An event of a subscription the company has replaced says nothing about the current one.
      if (event.subscriptionId && current && current.providerSubscriptionId !== event.subscriptionId) {
        return ignored;
      }
      if (isStaleBillingEvent(event.created, customer.lastEventAt)) {
        this.logger.log(`Billing event ${event.id} (${event.type}) older than the last applied: skipped`);
        return ignored;
      }
      const company = await this.repo.company(customer.companyId, trx, true);
      if (!company) return ignored;
      const next = companyAfterBillingEvent(company, {
        type: event.type,
        periodEnd: event.periodEnd,
        amountPaidCents: event.amountPaidCents ?? null,
      });
      await this.repo.setCompanyBilling(trx, company.id, next);
      if (current) await this.repo.updateSubscription(current.id, subscriptionPatch(event), trx);
      await this.repo.setCustomerLastEventAt(trx, customer.id, event.created);
      await this.repo.markEventApplied(trx, event.id);
      return { outcome: 'applied', companyId: company.id };
    });
  }
}

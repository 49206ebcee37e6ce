import { Module } from '@nestjs/common';
import { PaymentsModule } from '../../providers/payments/payments.module';
import { CompaniesModule } from '../companies/companies.module';
import { BillingController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { BillingEventsService } from './billing-events.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { TrialExpiryService } from './trial-expiry.service';

/** Issue 19: plans and billing (01 §7 Billing) and Stripe's webhooks. */
@Module({
  imports: [PaymentsModule, CompaniesModule],
  controllers: [StripeWebhookController, BillingController],
  providers: [BillingRepository, BillingEventsService, BillingService, TrialExpiryService],
})
export class BillingModule {}

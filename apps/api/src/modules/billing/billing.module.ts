import { Module } from '@nestjs/common';
import { PaymentsModule } from '../../providers/payments/payments.module';
import { BillingController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { BillingEventsService } from './billing-events.service';
import { StripeWebhookController } from './stripe-webhook.controller';

/** Issue 19: plans and billing (01 §7 Billing) and Stripe's webhooks. */
@Module({
  imports: [PaymentsModule],
  controllers: [StripeWebhookController, BillingController],
  providers: [BillingRepository, BillingEventsService, BillingService],
})
export class BillingModule {}

import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PAYMENTS_PROVIDER, type PaymentsProvider } from './payments-provider';
import { SandboxPaymentsAdapter } from './sandbox/sandbox-payments.adapter';
import { SandboxPaymentsRepository } from './sandbox/sandbox-payments.repository';
import { StripePaymentsAdapter } from './stripe/stripe-payments.adapter';

/** Stripe when STRIPE_SECRET_KEY is configured, the sandbox otherwise; nothing else chooses between them. */
export function paymentsProviderFor(config: AppConfig, sandbox: SandboxPaymentsRepository): PaymentsProvider {
  return config.stripe ? new StripePaymentsAdapter(config.stripe) : new SandboxPaymentsAdapter(sandbox);
}

@Module({
  providers: [
    SandboxPaymentsRepository,
    {
      provide: PAYMENTS_PROVIDER,
      inject: [APP_CONFIG, SandboxPaymentsRepository],
      useFactory: paymentsProviderFor,
    },
  ],
  exports: [PAYMENTS_PROVIDER],
})
export class PaymentsModule {}

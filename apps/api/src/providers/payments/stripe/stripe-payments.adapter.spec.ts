import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../payments-provider';
import { StripePaymentsAdapter, stripeClientOptions } from './stripe-payments.adapter';

const config = {
  secretKey: 'sk_test_unit',
  publishableKey: 'pk_test_unit',
  webhookSecret: 'whsec_unit',
  apiUrl: null,
};
const sdk = new Stripe('sk_test_signing_only');

function signed(event: object, secret = config.webhookSecret): { body: Buffer; header: string } {
  const payload = JSON.stringify(event);
  return { body: Buffer.from(payload), header: sdk.webhooks.generateTestHeaderString({ payload, secret }) };
}

describe('stripeClientOptions', () => {
  it("leaves Stripe's own host alone when STRIPE_API_URL is unset", () => {
    const options = stripeClientOptions(null);
    expect(options.host).toBeUndefined();
    expect(options.port).toBeUndefined();
  });

  it('passes host, port and protocol of STRIPE_API_URL to the SDK', () => {
    expect(stripeClientOptions('http://127.0.0.1:12111')).toMatchObject({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    });
    expect(stripeClientOptions('https://stripe.internal')).toMatchObject({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });
});

describe('StripePaymentsAdapter.parseWebhook', () => {
  const adapter = new StripePaymentsAdapter(config);

  it('reads an invoice event of the current API shape (subscription under parent)', () => {
    const { body, header } = signed({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.payment_failed',
      created: 1_800_000_000,
      data: {
        object: {
          id: 'in_1',
          object: 'invoice',
          customer: 'cus_1',
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_1' } },
          lines: { data: [{ period: { start: 1_800_000_000, end: 1_802_592_000 } }] },
        },
      },
    });
    expect(adapter.parseWebhook(body, header)).toEqual({
      id: 'evt_1',
      type: 'invoice.payment_failed',
      created: new Date(1_800_000_000_000),
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      periodEnd: new Date(1_802_592_000_000),
      amountPaidCents: null,
    });
  });

  it('reads what a paid invoice charged (0 for the one opening a trial)', () => {
    const { body, header } = signed({
      id: 'evt_9',
      object: 'event',
      type: 'invoice.paid',
      created: 1_800_000_000,
      data: { object: { id: 'in_9', object: 'invoice', customer: 'cus_1', amount_paid: 0 } },
    });
    expect(adapter.parseWebhook(body, header)?.amountPaidCents).toBe(0);
  });

  it('reads the trial end of trial_will_end and ignores other event types', () => {
    const trial = signed({
      id: 'evt_2',
      object: 'event',
      type: 'customer.subscription.trial_will_end',
      created: 1_800_000_000,
      data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_1', trial_end: 1_800_259_200 } },
    });
    expect(adapter.parseWebhook(trial.body, trial.header)?.periodEnd).toEqual(new Date(1_800_259_200_000));
    const other = signed({
      id: 'evt_3',
      object: 'event',
      type: 'charge.succeeded',
      created: 1,
      data: { object: {} },
    });
    expect(adapter.parseWebhook(other.body, other.header)).toBeNull();
  });

  it('refuses a missing or wrong signature', () => {
    const event = { id: 'evt_4', object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } };
    const wrong = signed(event, 'whsec_other');
    expect(() => adapter.parseWebhook(wrong.body, wrong.header)).toThrow(WebhookSignatureError);
    expect(() => adapter.parseWebhook(wrong.body, undefined)).toThrow(WebhookSignatureError);
  });
});

import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  cardBrand,
  companyAfterBillingEvent,
  isBillingEventType,
  isStaleBillingEvent,
  luhnValid,
  paymentErrorFor,
  SANDBOX_TEST_CARDS,
  sandboxCardBehaviour,
  statusAfterFirstPayment,
  usdToCents,
} from './billing';
import { CompanyStatus } from './company';
import { ERROR_CATALOGUE } from './errors';

describe('paymentErrorFor', () => {
  it("maps Stripe's card error codes to the catalogue's", () => {
    expect(paymentErrorFor('card_declined', 'generic_decline')).toEqual({ code: 'CARD_DECLINED' });
    expect(paymentErrorFor('incorrect_cvc')).toEqual({ code: 'INCORRECT_CVC' });
    expect(paymentErrorFor('expired_card')).toEqual({ code: 'EXPIRED_CARD' });
    expect(paymentErrorFor('processing_error')).toEqual({ code: 'PROCESSING_ERROR' });
    expect(paymentErrorFor('requires_payment_method')).toEqual({ code: 'REQUIRES_PAYMENT_METHOD' });
    expect(paymentErrorFor('something_new')).toEqual({ code: 'CARD_DECLINED' });
  });

  it('gives insufficient funds its own Spanish text under CARD_DECLINED', () => {
    const mapped = paymentErrorFor('card_declined', 'insufficient_funds');
    expect(mapped).toEqual({ code: 'CARD_DECLINED', userMessage: BILLING_MESSAGES.insufficientFunds });
    expect(mapped.userMessage).not.toBe(ERROR_CATALOGUE.CARD_DECLINED.userMessage);
  });
});

describe('sandbox cards', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
    for (const number of Object.keys(SANDBOX_TEST_CARDS)) expect(luhnValid(number)).toBe(true);
  });

  it("behaves as Stripe's documented test numbers", () => {
    expect(sandboxCardBehaviour('4242424242424242').code).toBeNull();
    expect(sandboxCardBehaviour('4000 0000 0000 0002').code).toBe('card_declined');
    expect(sandboxCardBehaviour('4000000000009995')).toEqual({
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
    expect(sandboxCardBehaviour('4000000000000069').code).toBe('expired_card');
    expect(sandboxCardBehaviour('4000000000000127').code).toBe('incorrect_cvc');
    expect(sandboxCardBehaviour('4242424242424241').code).toBe('invalid_number');
  });

  it('declines any other valid number, so a real card is never accepted', () => {
    expect(sandboxCardBehaviour('4111111111111111').code).toBe('card_declined');
  });
});

describe('companyAfterBillingEvent', () => {
  const base = {
    status: CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT,
    paymentIntents: 2,
    expirationDate: new Date('2026-01-01T00:00:00Z'),
  };
  const periodEnd = new Date('2026-02-01T00:00:00Z');

  it('activates on a paid invoice and resets the attempts', () => {
    expect(companyAfterBillingEvent(base, { type: 'invoice.paid', periodEnd })).toEqual({
      status: CompanyStatus.ACTIVE,
      paymentIntents: 0,
      expirationDate: periodEnd,
    });
  });

  it('keeps a company that is linking WhatsApp on its step and moves a first payment to linking', () => {
    const linking = { ...base, status: CompanyStatus.AWAITING_WA_VINCULATION };
    expect(companyAfterBillingEvent(linking, { type: 'invoice.paid', periodEnd }).status).toBe(
      CompanyStatus.AWAITING_WA_VINCULATION,
    );
    const first = { ...base, status: CompanyStatus.AWAITING_FIRST_PAYMENT };
    expect(companyAfterBillingEvent(first, { type: 'invoice.paid', periodEnd }).status).toBe(
      CompanyStatus.AWAITING_WA_VINCULATION,
    );
  });

  it('counts a failed payment', () => {
    const active = { ...base, status: CompanyStatus.ACTIVE, paymentIntents: 0 };
    expect(companyAfterBillingEvent(active, { type: 'invoice.payment_failed', periodEnd: null })).toEqual({
      ...active,
      status: CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT,
      paymentIntents: 1,
    });
  });

  it('deactivates on a deleted subscription and records the trial end', () => {
    expect(
      companyAfterBillingEvent(base, { type: 'customer.subscription.deleted', periodEnd: null }).status,
    ).toBe(CompanyStatus.INACTIVE);
    const trial = { ...base, status: CompanyStatus.TRIAL };
    expect(
      companyAfterBillingEvent(trial, { type: 'customer.subscription.trial_will_end', periodEnd }),
    ).toEqual({ ...trial, expirationDate: periodEnd });
  });
});

describe('isStaleBillingEvent', () => {
  it('skips only events older than the last applied one', () => {
    const last = new Date('2026-01-01T00:00:10Z');
    expect(isStaleBillingEvent(new Date('2026-01-01T00:00:09Z'), last)).toBe(true);
    expect(isStaleBillingEvent(new Date('2026-01-01T00:00:10Z'), last)).toBe(false);
    expect(isStaleBillingEvent(new Date('2026-01-01T00:00:09Z'), null)).toBe(false);
  });
});

describe('usdToCents', () => {
  it('rounds to whole cents', () => {
    expect(usdToCents(29.96)).toBe(2996);
    expect(usdToCents(0.1 + 0.2)).toBe(30);
  });
});

describe('statusAfterFirstPayment', () => {
  const S = CompanyStatus;
  it('sends a company without a linked number on to linking, whatever step of the sign-up it pays from', () => {
    for (const status of [S.TRIAL, S.AWAITING_FIRST_PAYMENT, S.AWAITING_WA_VINCULATION]) {
      expect(statusAfterFirstPayment(status, { whatsappLinked: false, inTrial: true })).toBe(
        S.AWAITING_WA_VINCULATION,
      );
    }
  });

  it('ends the sign-up of a company that linked its number: TRIAL in the trial, ACTIVE once charged', () => {
    expect(statusAfterFirstPayment(S.AWAITING_FIRST_PAYMENT, { whatsappLinked: true, inTrial: false })).toBe(
      S.ACTIVE,
    );
    expect(statusAfterFirstPayment(S.TRIAL, { whatsappLinked: true, inTrial: true })).toBe(S.TRIAL);
    expect(statusAfterFirstPayment(S.AWAITING_WA_VINCULATION, { whatsappLinked: true, inTrial: true })).toBe(
      S.TRIAL,
    );
  });

  it('leaves a returning company to its paid invoice', () => {
    for (const status of [S.PAUSED, S.INACTIVE, S.ACTIVE]) {
      expect(statusAfterFirstPayment(status, { whatsappLinked: false, inTrial: false })).toBeNull();
    }
  });
});

describe('the invoice that opens a trial', () => {
  it('keeps a TRIAL company in its trial (nothing was charged); a charged one makes it ACTIVE', () => {
    const state = { status: CompanyStatus.TRIAL, paymentIntents: 0, expirationDate: null };
    const periodEnd = new Date('2026-12-10T00:00:00Z');
    expect(
      companyAfterBillingEvent(state, { type: 'invoice.paid', periodEnd, amountPaidCents: 0 }).status,
    ).toBe(CompanyStatus.TRIAL);
    expect(
      companyAfterBillingEvent(state, { type: 'invoice.paid', periodEnd, amountPaidCents: 10980 }).status,
    ).toBe(CompanyStatus.ACTIVE);
  });
});

describe('billing rules at their bounds', () => {
  it("maps every spelling of Stripe's card errors", () => {
    expect(paymentErrorFor('invalid_cvc')).toEqual({ code: 'INCORRECT_CVC' });
    expect(paymentErrorFor('incorrect_number')).toEqual({ code: 'INVALID_NUMBER' });
    expect(paymentErrorFor('invalid_number')).toEqual({ code: 'INVALID_NUMBER' });
    expect(paymentErrorFor('invalid_expiry_month')).toEqual({ code: 'INVALID_EXPIRY' });
    expect(paymentErrorFor('invalid_expiry_year')).toEqual({ code: 'INVALID_EXPIRY' });
    expect(paymentErrorFor('payment_intent_payment_attempt_failed')).toEqual({
      code: 'REQUIRES_PAYMENT_METHOD',
    });
    expect(paymentErrorFor('')).toEqual({ code: 'CARD_DECLINED' });
    expect(paymentErrorFor(null)).toEqual({ code: 'CARD_DECLINED' });
  });

  it('reads insufficient funds from the error code as well as the decline code', () => {
    expect(paymentErrorFor('insufficient_funds')).toEqual({
      code: 'CARD_DECLINED',
      userMessage: BILLING_MESSAGES.insufficientFunds,
    });
  });

  it('takes card numbers of 12 to 19 digits only', () => {
    // Luhn-valid, but 20 digits long.
    expect(luhnValid('42424242424242424242')).toBe(false);
  });

  it('declines another valid number as a generic decline', () => {
    expect(sandboxCardBehaviour('4111 1111 1111 1111')).toEqual({
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
  });

  it('names the brand from the prefix', () => {
    expect(cardBrand(' 4242 4242 4242 4242')).toBe('visa');
    expect(cardBrand('5555-5555-5555-4444')).toBe('mastercard');
    expect(cardBrand('2221 0000 0000 0009')).toBe('mastercard');
    expect(cardBrand('3782 822463 10005')).toBe('amex');
    expect(cardBrand('3400 000000 00009')).toBe('amex');
    for (const number of [
      '5000000000000004',
      '2100000000000004',
      '3530111333300000',
      '0051000000000004',
      '0034000000000004',
      '6011111111111117',
    ]) {
      expect(cardBrand(number)).toBe('unknown');
    }
  });

  it('knows the billing events it applies', () => {
    expect(isBillingEventType('invoice.paid')).toBe(true);
    expect(isBillingEventType('customer.subscription.updated')).toBe(true);
    expect(isBillingEventType('charge.refunded')).toBe(false);
  });

  it('makes a charged-nothing invoice keep only a trial, and a subscription update change nothing', () => {
    const state = {
      status: CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT,
      paymentIntents: 1,
      expirationDate: new Date('2026-01-01T00:00:00Z'),
    };
    expect(
      companyAfterBillingEvent(state, { type: 'invoice.paid', periodEnd: null, amountPaidCents: 0 }).status,
    ).toBe(CompanyStatus.ACTIVE);
    expect(
      companyAfterBillingEvent(state, { type: 'customer.subscription.updated', periodEnd: new Date() }),
    ).toEqual(state);
  });
});

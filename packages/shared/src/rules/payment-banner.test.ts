import { describe, expect, it } from 'vitest';
import { CompanyStatus, PaymentMethod } from '../company';
import { toPermissionMap } from '../permissions';
import { canSeePaymentBannerButton, PAYMENT_BANNER_MESSAGES, paymentBanner } from './payment-banner';

const now = new Date('2024-05-01T12:00:00Z');
const input = {
  status: CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT,
  paymentIntents: 0,
  paymentMethod: PaymentMethod.CARD,
  expirationDate: new Date('2024-06-01T12:00:00Z'),
  now,
  isCustomPayment: false,
};

describe('paymentBanner', () => {
  it('shows nothing for other company statuses', () => {
    expect(paymentBanner({ ...input, status: CompanyStatus.ACTIVE, paymentIntents: 3 })).toBeNull();
    expect(paymentBanner({ ...input, status: null, paymentIntents: 3 })).toBeNull();
  });

  it('shows nothing for custom-payment companies', () => {
    expect(paymentBanner({ ...input, paymentIntents: 4, isCustomPayment: true })).toBeNull();
  });

  it('warns after a first failed card charge', () => {
    expect(paymentBanner({ ...input, paymentIntents: 1 })).toEqual({
      type: 'warning',
      message: PAYMENT_BANNER_MESSAGES.cardFailed,
    });
  });

  it('warns that a transfer was not received', () => {
    const banner = paymentBanner({ ...input, paymentIntents: 1, paymentMethod: PaymentMethod.TRANSFER });
    expect(banner).toEqual({ type: 'warning', message: 'No hemos recibido el pago de tu suscripción.' });
  });

  it('asks to pay soon after two attempts', () => {
    expect(paymentBanner({ ...input, paymentIntents: 2 })?.type).toBe('warning');
    expect(paymentBanner({ ...input, paymentIntents: 2 })?.message).toBe(PAYMENT_BANNER_MESSAGES.paySoon);
  });

  it('turns into an error after three attempts and reports a pause after more', () => {
    expect(paymentBanner({ ...input, paymentIntents: 3 })).toEqual({
      type: 'error',
      message: PAYMENT_BANNER_MESSAGES.lastWarning,
    });
    expect(paymentBanner({ ...input, paymentIntents: 4 })).toEqual({
      type: 'error',
      message: 'Tu cuenta ha sido pausada por falta de pago.',
    });
  });

  it('applies to the extra-messages payment status as well', () => {
    const status = CompanyStatus.AWAITING_BILLABLE_EXTRA_MESSAGES_PAYMENT;
    expect(paymentBanner({ ...input, status, paymentIntents: 4 })?.type).toBe('error');
  });

  it('warns of tomorrow’s charge with one day or less to expiry', () => {
    const tomorrow = new Date('2024-05-02T12:00:00Z');
    expect(paymentBanner({ ...input, expirationDate: tomorrow })).toEqual({
      type: 'warning',
      message: 'Tu plan se cobrará mañana.',
    });
    expect(paymentBanner({ ...input, expirationDate: '2024-05-02T12:00:01Z' })).toBeNull();
  });

  it('shows nothing with no attempts and a far, past or missing expiry', () => {
    expect(paymentBanner(input)).toBeNull();
    expect(paymentBanner({ ...input, expirationDate: new Date('2024-04-30T12:00:00Z') })).toBeNull();
    expect(paymentBanner({ ...input, expirationDate: null })).toBeNull();
    expect(paymentBanner({ ...input, expirationDate: 'not a date' })).toBeNull();
  });
});

describe('canSeePaymentBannerButton', () => {
  it('needs readPayments or writePayments', () => {
    expect(canSeePaymentBannerButton(toPermissionMap(['readPayments']))).toBe(true);
    expect(canSeePaymentBannerButton(toPermissionMap(['writePayments']))).toBe(true);
    expect(canSeePaymentBannerButton(toPermissionMap(['readCompany']))).toBe(false);
  });
});

import { luhnValid, userMessageFor } from '@crm/shared';
import type { RawCard } from './api/billing';

/** The three fields of the sandbox card form, as typed. */
export interface SandboxCardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type SandboxCardErrors = Partial<Record<keyof SandboxCardFields, string>>;

/** Stripe's documented test cards the sandbox honours, listed on the form (issue 19). */
export const SANDBOX_CARD_HINTS: ReadonlyArray<{ number: string; outcome: string }> = [
  { number: '4242 4242 4242 4242', outcome: 'aprobada' },
  { number: '4000 0000 0000 0002', outcome: 'rechazada' },
  { number: '4000 0000 0000 9995', outcome: 'fondos insuficientes' },
];

const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits, as card numbers go). */
export function formatCardNumber(value: string): string {
  return (
    digitsOf(value)
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/** '1230' → '12/30': MM/AA as the user types. */
export function formatExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCvc(value: string): string {
  return digitsOf(value).slice(0, 4);
}

/**
 * 01 §8: the incomplete or invalid number, expiry and CVC checks made before anything is sent (the same codes'
 * texts as the server's). `now` decides whether the expiry has passed: a card is valid through its month.
 */
export function validateSandboxCard(fields: SandboxCardFields, now: Date = new Date()): SandboxCardErrors {
  const errors: SandboxCardErrors = {};
  const number = digitsOf(fields.number);
  if (number.length < 13) errors.number = userMessageFor('INCOMPLETE_NUMBER');
  else if (!luhnValid(number)) errors.number = userMessageFor('INVALID_NUMBER');

  const expiry = digitsOf(fields.expiry);
  if (expiry.length < 4) errors.expiry = userMessageFor('INCOMPLETE_EXPIRY');
  else {
    const month = Number(expiry.slice(0, 2));
    const year = 2000 + Number(expiry.slice(2));
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (month < 1 || month > 12 || year * 12 + (month - 1) < thisMonth) {
      errors.expiry = userMessageFor('INVALID_EXPIRY');
    }
  }

  const cvc = digitsOf(fields.cvc);
  if (cvc.length < 3) errors.cvc = userMessageFor('INCOMPLETE_CVC');
  return errors;
}

/** The checked fields as the API's card (call only when validateSandboxCard found nothing). */
export function toRawCard(fields: SandboxCardFields): RawCard {
  const expiry = digitsOf(fields.expiry);
  return {
    number: digitsOf(fields.number),
    expMonth: Number(expiry.slice(0, 2)),
    expYear: 2000 + Number(expiry.slice(2)),
    cvc: digitsOf(fields.cvc),
  };
}

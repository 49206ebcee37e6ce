import { userMessageFor } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, toRawCard, validateSandboxCard } from '../sandboxCard';

const NOW = new Date('2026-11-26T12:00:00Z');

describe('sandbox card checks (01 §8)', () => {
  it('formats the number in groups of four and the expiry as MM/AA', () => {
    expect(formatCardNumber('4242a4242424242424299')).toBe('4242 4242 4242 4242 429');
    expect(formatExpiry('1230')).toBe('12/30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('reports incomplete fields', () => {
    expect(validateSandboxCard({ number: '4242 4242', expiry: '12/', cvc: '1' }, NOW)).toEqual({
      number: userMessageFor('INCOMPLETE_NUMBER'),
      expiry: userMessageFor('INCOMPLETE_EXPIRY'),
      cvc: userMessageFor('INCOMPLETE_CVC'),
    });
  });

  it('reports a bad checksum, a month that does not exist and a past expiry', () => {
    expect(validateSandboxCard({ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '123' }, NOW)).toEqual({
      number: userMessageFor('INVALID_NUMBER'),
      expiry: userMessageFor('INVALID_EXPIRY'),
    });
    expect(validateSandboxCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, NOW).expiry).toBe(
      userMessageFor('INVALID_EXPIRY'),
    );
  });

  it('accepts a test card valid through the current month and sends its digits', () => {
    const fields = { number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' };
    expect(validateSandboxCard(fields, NOW)).toEqual({});
    expect(toRawCard(fields)).toEqual({
      number: '4242424242424242',
      expMonth: 11,
      expYear: 2026,
      cvc: '123',
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  displayPhone,
  formatPhone,
  isValidPhone,
  normalizePhone,
  parsePhone,
  stripChatIdSuffix,
  validatePhone,
} from './phone';

describe('normalizePhone', () => {
  it('inserts 1 after 52 for Mexican numbers', () => {
    expect(normalizePhone('525512345678')).toBe('5215512345678');
  });

  it('leaves Mexican numbers that already have the 1', () => {
    expect(normalizePhone('5215512345678')).toBe('5215512345678');
  });

  it('inserts 9 after 54 for Argentine numbers', () => {
    expect(normalizePhone('541112345678')).toBe('5491112345678');
    expect(normalizePhone('5491112345678')).toBe('5491112345678');
  });

  it('keeps digits only, dropping +, spaces and chat-id suffixes', () => {
    expect(normalizePhone('+52 (55) 1234-5678')).toBe('5215512345678');
    expect(normalizePhone('5215512345678@c.us')).toBe('5215512345678');
  });

  it('leaves other countries alone', () => {
    expect(normalizePhone('34612345678')).toBe('34612345678');
    expect(normalizePhone('')).toBe('');
  });
});

describe('displayPhone', () => {
  it('shows 521 numbers as +52 and the rest', () => {
    expect(displayPhone('5215512345678')).toBe('+525512345678');
  });

  it('shows others as + and the number', () => {
    expect(displayPhone('5491112345678')).toBe('+5491112345678');
    expect(displayPhone('525512345678')).toBe('+525512345678');
  });

  it('strips WhatsApp suffixes and an existing +', () => {
    expect(displayPhone('5215512345678@c.us')).toBe('+525512345678');
    expect(displayPhone('+34612345678')).toBe('+34612345678');
    expect(stripChatIdSuffix('1203630@g.us')).toBe('1203630');
  });

  it('shows nothing for an empty number', () => {
    expect(displayPhone('')).toBe('');
  });
});

describe('isValidPhone (libphonenumber numbering plans)', () => {
  it('accepts Mexican numbers with or without the WhatsApp 1 and refuses wrong lengths', () => {
    expect(isValidPhone('525512345678')).toBe(true);
    expect(isValidPhone('5215512345678')).toBe(true);
    expect(isValidPhone('523312345678')).toBe(true);
    expect(isValidPhone('+52 81 1234 5678')).toBe(true);
    expect(isValidPhone('52551234567')).toBe(false);
    expect(isValidPhone('5255123456789')).toBe(false);
    expect(isValidPhone('521551234567')).toBe(false);
  });

  it('accepts Argentine mobiles with the 9 and fixed lines without it', () => {
    expect(isValidPhone('5491123456789')).toBe(true);
    expect(isValidPhone('5493512345678')).toBe(true);
    expect(isValidPhone('541123456789')).toBe(true);
    expect(isValidPhone('54911234567')).toBe(false);
  });

  it('accepts Colombian, US and Spanish numbers of the right shape only', () => {
    expect(isValidPhone('573001234567')).toBe(true);
    expect(isValidPhone('576012345678')).toBe(true);
    expect(isValidPhone('5730012345')).toBe(false);
    expect(isValidPhone('12015550123')).toBe(true);
    expect(isValidPhone('12125551234')).toBe(true);
    // 555 is no US area code, and ten digits are needed after the 1.
    expect(isValidPhone('15551234567')).toBe(false);
    expect(isValidPhone('1201555012')).toBe(false);
    expect(isValidPhone('34612345678')).toBe(true);
    expect(isValidPhone('34912345678')).toBe(true);
    expect(isValidPhone('3461234567')).toBe(false);
    expect(isValidPhone('346123456789')).toBe(false);
  });

  it('refuses what is not a number', () => {
    expect(isValidPhone('')).toBe(false);
    expect(isValidPhone('12345678')).toBe(false);
    expect(isValidPhone('999123456789')).toBe(false);
    expect(isValidPhone('1'.repeat(400))).toBe(false);
  });

  it('keeps the WhatsApp 52→521 and 54→549 rule apart from the plan: every normalised valid number stays valid', () => {
    for (const typed of ['525512345678', '541123456789', '5491123456789', '5215512345678']) {
      expect(isValidPhone(typed)).toBe(true);
      expect(isValidPhone(normalizePhone(typed))).toBe(true);
    }
    expect(normalizePhone('525512345678')).toBe('5215512345678');
    expect(normalizePhone('541123456789')).toBe('5491123456789');
    expect(normalizePhone('573001234567')).toBe('573001234567');
  });
});

describe('parsePhone', () => {
  it('reads the country and national number, without the WhatsApp 1 of Mexico', () => {
    expect(parsePhone('5215512345678')).toMatchObject({ country: 'MX', nationalNumber: '5512345678' });
    expect(parsePhone('5491123456789@c.us')).toMatchObject({ country: 'AR', nationalNumber: '91123456789' });
    expect(parsePhone('+1 (809) 555-1234')).toMatchObject({ country: 'DO', countryCallingCode: '1' });
    expect(parsePhone('')).toBeUndefined();
  });
});

describe('formatPhone', () => {
  it('groups digits as each country writes them', () => {
    expect(formatPhone('5215512345678')).toBe('+52 55 1234 5678');
    expect(formatPhone('525512345678')).toBe('+52 55 1234 5678');
    expect(formatPhone('5491123456789')).toBe('+54 9 11 2345 6789');
    expect(formatPhone('573001234567')).toBe('+57 300 1234567');
    expect(formatPhone('12015550123')).toBe('+1 201 555 0123');
    expect(formatPhone('34612345678@c.us')).toBe('+34 612 34 56 78');
  });

  it('keeps the spec display for a number no plan knows', () => {
    expect(formatPhone('5215512')).toBe('+525512');
    expect(formatPhone('120363000000@g.us')).toBe('+120363000000');
    expect(formatPhone('')).toBe('');
  });
});

describe('stripChatIdSuffix, with spaces', () => {
  it('takes off the chat-id suffix of an id sent with spaces around it', () => {
    expect(stripChatIdSuffix(' 5215512345678@c.us ')).toBe('5215512345678');
  });
});

describe('validatePhone', () => {
  it('requires a phone', () => {
    expect(validatePhone('')).toBe('Teléfono obligatorio');
  });

  it('accepts digits only', () => {
    expect(validatePhone('+5215512345678')).toBe('Solo puede contener números');
    expect(validatePhone('55 1234 5678')).toBe('Solo puede contener números');
  });

  it('accepts a number of its country, with or without the WhatsApp 1 or 9', () => {
    expect(validatePhone('1234567')).toBe('Teléfono inválido');
    // Eight digits are not enough: +1 234 5678 is no number of the North American plan.
    expect(validatePhone('12345678')).toBe('Teléfono inválido');
    expect(validatePhone('5215512345678')).toBeNull();
    expect(validatePhone('525512345678')).toBeNull();
    expect(validatePhone('5491123456789')).toBeNull();
    expect(validatePhone('34612345678')).toBeNull();
    expect(validatePhone('52551234567')).toBe('Teléfono inválido');
    expect(validatePhone('1234567890123456')).toBe('Teléfono inválido');
  });
});

import { describe, expect, it } from 'vitest';
import {
  fullPhone,
  OTHER_PHONE_COUNTRIES,
  PREFERRED_PHONE_COUNTRIES,
  splitPhone,
  validatePhoneValue,
} from '../phoneCountries';

describe('international phone field (02 §2)', () => {
  it('lists the preferred countries first in the spec order, then the rest of Latin America and Spain', () => {
    expect(PREFERRED_PHONE_COUNTRIES.map((c) => `${c.name} +${c.dialCode}`)).toEqual([
      'México +52',
      'Argentina +54',
      'Bolivia +591',
      'Chile +56',
      'Islas Cook +682',
      'Ecuador +593',
      'Perú +51',
      'Uruguay +598',
      'Venezuela +58',
    ]);
    const others = OTHER_PHONE_COUNTRIES.map((c) => c.name);
    expect(others).toContain('España');
    expect(others).toContain('Colombia');
    expect(others).not.toContain('México');
    expect([...others].sort((a, b) => a.localeCompare(b, 'es'))).toEqual(others);
  });

  it('puts the country code before the typed number, digits only', () => {
    expect(fullPhone({ country: 'mx', number: '55 1234 5678' })).toBe('525512345678');
    expect(fullPhone({ country: 'ar', number: '91123456789' })).toBe('5491123456789');
  });

  it('gives the spec messages: required, digits only, then a valid length', () => {
    expect(validatePhoneValue({ country: 'mx', number: '  ' })).toBe('Teléfono obligatorio');
    expect(validatePhoneValue({ country: 'mx', number: '55-1234' })).toBe('Solo puede contener números');
    expect(validatePhoneValue({ country: 'mx', number: '12' })).toBe('Teléfono inválido');
    expect(validatePhoneValue({ country: 'mx', number: '5512345678' })).toBeNull();
  });

  it('reads a shown phone back into country and national number', () => {
    expect(splitPhone('+525512345678')).toEqual({ country: 'mx', number: '5512345678' });
    expect(splitPhone('+5215512345678')).toEqual({ country: 'mx', number: '5512345678' });
    expect(splitPhone('+5491123456789')).toEqual({ country: 'ar', number: '91123456789' });
    expect(splitPhone('+59171234567')).toEqual({ country: 'bo', number: '71234567' });
    expect(splitPhone('+447700900123')).toBeNull();
    expect(splitPhone(null)).toBeNull();
  });
});

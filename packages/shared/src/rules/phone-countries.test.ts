import { describe, expect, it } from 'vitest';
import {
  countryDialCode,
  countryName,
  EMPTY_PHONE,
  fullPhone,
  OTHER_PHONE_COUNTRIES,
  PREFERRED_PHONE_COUNTRIES,
  phoneCountry,
  splitPhone,
  validatePhoneValue,
} from './phone-countries';

describe('country names and calling codes', () => {
  it('names countries in Spanish', () => {
    expect(countryName('mx')).toBe('México');
    expect(countryName('AR')).toBe('Argentina');
    expect(countryName('ck')).toBe('Islas Cook');
    expect(countryName('do')).toBe('República Dominicana');
    expect(countryName('es')).toBe('España');
    expect(countryName('us')).toBe('Estados Unidos');
    expect(countryName('pe')).toBe('Perú');
  });

  it('gives each country its international calling code, and none for an unknown code', () => {
    expect(countryDialCode('mx')).toBe('52');
    expect(countryDialCode('ar')).toBe('54');
    expect(countryDialCode('co')).toBe('57');
    expect(countryDialCode('us')).toBe('1');
    expect(countryDialCode('es')).toBe('34');
    expect(countryDialCode('ck')).toBe('682');
    expect(countryDialCode('zz')).toBeNull();
    expect(countryName('zz1')).toBe('ZZ1');
  });
});

describe('international phone field (01 §2.4, 02 §2)', () => {
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
    expect(others).not.toContain('Estados Unidos');
    expect([...others].sort((a, b) => a.localeCompare(b, 'es'))).toEqual(others);
    expect(OTHER_PHONE_COUNTRIES.find((c) => c.iso === 'do')).toEqual({
      iso: 'do',
      name: 'República Dominicana',
      dialCode: '1',
    });
  });

  it('defaults to Mexico', () => {
    expect(EMPTY_PHONE).toEqual({ country: 'mx', number: '' });
    expect(phoneCountry('xx')).toEqual({ iso: 'mx', name: 'México', dialCode: '52' });
    expect(phoneCountry('us').iso).toBe('mx');
  });

  it('puts the country code before the typed number, digits only', () => {
    expect(fullPhone({ country: 'mx', number: '55 1234 5678' })).toBe('525512345678');
    expect(fullPhone({ country: 'ar', number: '91123456789' })).toBe('5491123456789');
    expect(fullPhone({ country: 'co', number: '300 123 4567' })).toBe('573001234567');
  });

  it('gives the spec messages: required, digits only, then a number of the chosen country', () => {
    expect(validatePhoneValue(undefined)).toBe('Teléfono obligatorio');
    expect(validatePhoneValue({ country: 'mx', number: '  ' })).toBe('Teléfono obligatorio');
    expect(validatePhoneValue({ country: 'mx', number: '55-1234' })).toBe('Solo puede contener números');
    expect(validatePhoneValue({ country: 'mx', number: '12' })).toBe('Teléfono inválido');
    expect(validatePhoneValue({ country: 'mx', number: '5512345678' })).toBeNull();
    expect(validatePhoneValue({ country: 'mx', number: '551234567' })).toBe('Teléfono inválido');
    expect(validatePhoneValue({ country: 'ar', number: '91123456789' })).toBeNull();
    expect(validatePhoneValue({ country: 'ar', number: '1123456789' })).toBeNull();
    expect(validatePhoneValue({ country: 'co', number: '3001234567' })).toBeNull();
    expect(validatePhoneValue({ country: 'co', number: '30012345' })).toBe('Teléfono inválido');
    expect(validatePhoneValue({ country: 'es', number: '612 34 56 78' })).toBeNull();
    expect(validatePhoneValue({ country: 'es', number: '61234567' })).toBe('Teléfono inválido');
  });

  it('reads a shown or stored phone back into country and national number', () => {
    expect(splitPhone('+525512345678')).toEqual({ country: 'mx', number: '5512345678' });
    expect(splitPhone('+5215512345678')).toEqual({ country: 'mx', number: '5512345678' });
    expect(splitPhone('5215512345678')).toEqual({ country: 'mx', number: '5512345678' });
    expect(splitPhone('+5491123456789')).toEqual({ country: 'ar', number: '91123456789' });
    expect(splitPhone('+59171234567')).toEqual({ country: 'bo', number: '71234567' });
    expect(splitPhone('+34612345678')).toEqual({ country: 'es', number: '612345678' });
    // +1 is shared: the plan tells the Dominican Republic from Puerto Rico.
    expect(splitPhone('+18095551234')).toEqual({ country: 'do', number: '8095551234' });
    expect(splitPhone('+17875551234')).toEqual({ country: 'pr', number: '7875551234' });
    expect(splitPhone('+447700900123')).toBeNull();
    expect(splitPhone('+12015550123')).toBeNull();
    expect(splitPhone(null)).toBeNull();
  });
});

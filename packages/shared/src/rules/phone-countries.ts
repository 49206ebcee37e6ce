import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { DEFAULT_PHONE_COUNTRY, LATAM_COUNTRIES, PREFERRED_COUNTRIES } from '../limits';
import { parsePhone, validatePhone } from './phone';
import { VALIDATION_MESSAGES, type ValidationResult } from './validation';

/** A country of the international phone field (01 §2.4, 02 §2). */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, lower case, as packages/shared names the countries. */
  iso: string;
  /** Its name in Spanish. */
  name: string;
  /** Its international calling code, without '+'. */
  dialCode: string;
}

let regionNames: Intl.DisplayNames | undefined;

/** A country's name in Spanish from the platform's CLDR data ('mx' → 'México', 'ck' → 'Islas Cook'). */
export function countryName(iso: string): string {
  const code = iso.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return code;
  regionNames ??= new Intl.DisplayNames(['es'], { type: 'region' });
  return regionNames.of(code) ?? code;
}

/** A country's international calling code ('mx' → '52'), or null for a code no numbering plan has. */
export function countryDialCode(iso: string): string | null {
  const code = iso.trim().toUpperCase();
  return isSupportedCountry(code) ? getCountryCallingCode(code) : null;
}

function offeredCountry(iso: string): PhoneCountry | null {
  const dialCode = countryDialCode(iso);
  return dialCode ? { iso, name: countryName(iso), dialCode } : null;
}

const isCountry = (value: PhoneCountry | null): value is PhoneCountry => value !== null;

/** 02 §2: the preferred countries first, in the spec's order (Mexico first). */
export const PREFERRED_PHONE_COUNTRIES: readonly PhoneCountry[] =
  PREFERRED_COUNTRIES.map(offeredCountry).filter(isCountry);

/** Then the rest of Latin America and Spain (01 §2.4), by Spanish name. */
export const OTHER_PHONE_COUNTRIES: readonly PhoneCountry[] = LATAM_COUNTRIES.filter(
  (iso) => !(PREFERRED_COUNTRIES as readonly string[]).includes(iso),
)
  .map(offeredCountry)
  .filter(isCountry)
  .sort((a, b) => a.name.localeCompare(b.name, 'es'));

const OFFERED_COUNTRIES = [...PREFERRED_PHONE_COUNTRIES, ...OTHER_PHONE_COUNTRIES];

/** An offered country by its code; Mexico, the default (02 §2), for any other. */
export function phoneCountry(iso: string): PhoneCountry {
  return (
    OFFERED_COUNTRIES.find((c) => c.iso === iso) ??
    (OFFERED_COUNTRIES.find((c) => c.iso === DEFAULT_PHONE_COUNTRY) as PhoneCountry)
  );
}

/** The international phone field's value: a country picked from the list (its code is not typed) and the number. */
export interface PhoneValue {
  country: string;
  number: string;
}

export const EMPTY_PHONE: PhoneValue = { country: DEFAULT_PHONE_COUNTRY, number: '' };

/** The whole number, country code first, digits only, as the API takes it (it adds Mexico's 1 and Argentina's 9). */
export function fullPhone(value: PhoneValue): string {
  return `${phoneCountry(value.country).dialCode}${value.number.replace(/\s+/g, '')}`;
}

/** 01 §5 / 02 §5 Forms: 'Teléfono obligatorio', 'Solo puede contener números', then a number of its country. */
export function validatePhoneValue(value: PhoneValue | undefined): ValidationResult {
  const number = (value?.number ?? '').replace(/\s+/g, '');
  if (number === '') return VALIDATION_MESSAGES.phoneRequired;
  if (!/^\d+$/.test(number)) return VALIDATION_MESSAGES.digitsOnly;
  return validatePhone(fullPhone({ country: value?.country ?? DEFAULT_PHONE_COUNTRY, number }));
}

/**
 * A stored or shown phone ('+525512345678', 02 §5 display, or '5215512345678') back into an offered country and
 * its national number, as the numbering plan reads it (Mexico's WhatsApp 1 dropped). Null when the number belongs
 * to no offered country.
 */
export function splitPhone(displayed: string | null | undefined): PhoneValue | null {
  const parsed = parsePhone(displayed ?? '');
  if (!parsed) return null;
  // A number the plan does not know has no country: the first offered country with its calling code takes it.
  const iso = parsed.country?.toLowerCase();
  const country = iso
    ? OFFERED_COUNTRIES.find((c) => c.iso === iso)
    : OFFERED_COUNTRIES.find((c) => c.dialCode === parsed.countryCallingCode);
  return country ? { country: country.iso, number: parsed.nationalNumber } : null;
}

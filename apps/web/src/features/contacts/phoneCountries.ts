import {
  DEFAULT_PHONE_COUNTRY,
  LATAM_COUNTRIES,
  PREFERRED_COUNTRIES,
  VALIDATION_MESSAGES,
  validatePhone,
} from '@crm/shared';

export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, lower case, as packages/shared names the countries. */
  iso: string;
  name: string;
  dialCode: string;
}

// International dialling codes (ITU-T E.164) and Spanish names of the countries the phone field offers:
// 02 §9 "Latin American countries plus Spain", and the Cook Islands of 02 §2's preferred list.
const COUNTRY_DATA: Record<string, { name: string; dialCode: string }> = {
  ar: { name: 'Argentina', dialCode: '54' },
  bo: { name: 'Bolivia', dialCode: '591' },
  br: { name: 'Brasil', dialCode: '55' },
  ck: { name: 'Islas Cook', dialCode: '682' },
  cl: { name: 'Chile', dialCode: '56' },
  co: { name: 'Colombia', dialCode: '57' },
  cr: { name: 'Costa Rica', dialCode: '506' },
  cu: { name: 'Cuba', dialCode: '53' },
  do: { name: 'República Dominicana', dialCode: '1' },
  ec: { name: 'Ecuador', dialCode: '593' },
  es: { name: 'España', dialCode: '34' },
  gt: { name: 'Guatemala', dialCode: '502' },
  hn: { name: 'Honduras', dialCode: '504' },
  ht: { name: 'Haití', dialCode: '509' },
  mx: { name: 'México', dialCode: '52' },
  ni: { name: 'Nicaragua', dialCode: '505' },
  pa: { name: 'Panamá', dialCode: '507' },
  pe: { name: 'Perú', dialCode: '51' },
  pr: { name: 'Puerto Rico', dialCode: '1' },
  py: { name: 'Paraguay', dialCode: '595' },
  sv: { name: 'El Salvador', dialCode: '503' },
  uy: { name: 'Uruguay', dialCode: '598' },
  ve: { name: 'Venezuela', dialCode: '58' },
};

function country(iso: string): PhoneCountry | null {
  const data = COUNTRY_DATA[iso];
  return data ? { iso, ...data } : null;
}

const isCountry = (value: PhoneCountry | null): value is PhoneCountry => value !== null;

/** 02 §2: the preferred countries first, in the spec's order. */
export const PREFERRED_PHONE_COUNTRIES: readonly PhoneCountry[] =
  PREFERRED_COUNTRIES.map(country).filter(isCountry);

/** Then the rest of the list, by name. */
export const OTHER_PHONE_COUNTRIES: readonly PhoneCountry[] = LATAM_COUNTRIES.filter(
  (iso) => !(PREFERRED_COUNTRIES as readonly string[]).includes(iso),
)
  .map(country)
  .filter(isCountry)
  .sort((a, b) => a.name.localeCompare(b.name, 'es'));

const ALL_COUNTRIES = [...PREFERRED_PHONE_COUNTRIES, ...OTHER_PHONE_COUNTRIES];

export function phoneCountry(iso: string): PhoneCountry {
  return ALL_COUNTRIES.find((c) => c.iso === iso) ?? (country(DEFAULT_PHONE_COUNTRY) as PhoneCountry);
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

/** 01 §5 / 02 §5 Forms: 'Teléfono obligatorio', 'Solo puede contener números', then a plausible length. */
export function validatePhoneValue(value: PhoneValue | undefined): string | null {
  const number = (value?.number ?? '').replace(/\s+/g, '');
  if (number === '') return VALIDATION_MESSAGES.phoneRequired;
  if (!/^\d+$/.test(number)) return VALIDATION_MESSAGES.digitsOnly;
  return validatePhone(fullPhone({ country: value?.country ?? DEFAULT_PHONE_COUNTRY, number }));
}

/**
 * A stored phone as the table shows it ('+525512345678', 02 §5 display) back into country and number, by the
 * longest dialling code that starts it (preferred countries win a tie). Null when no listed country matches.
 */
export function splitPhone(displayed: string | null | undefined): PhoneValue | null {
  const digits = (displayed ?? '').replace(/\D/g, '');
  if (digits === '') return null;
  let best: PhoneCountry | null = null;
  for (const candidate of ALL_COUNTRIES) {
    if (digits.startsWith(candidate.dialCode) && candidate.dialCode.length > (best?.dialCode.length ?? 0)) {
      best = candidate;
    }
  }
  if (!best) return null;
  let number = digits.slice(best.dialCode.length);
  // Stored Mexican mobiles carry the 1 after 52 (02 §5); the field holds the national number without it.
  if (best.iso === 'mx' && number.length === 11 && number.startsWith('1')) number = number.slice(1);
  return { country: best.iso, number };
}

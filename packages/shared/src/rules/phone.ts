// Numbering plans (which numbers exist in a country, its calling code, how it groups digits) come from
// libphonenumber-js, not from a hand-kept list. The 'min' metadata checks each country's lengths and leading
// digits, which accepts every country's mobile numbers and is the smallest build: the web client ships it.
import { type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { VALIDATION_MESSAGES, type ValidationResult } from './validation';

const CHAT_ID_SUFFIX = /@[cg]\.us$/i;

// Strips the WhatsApp chat-id suffix (02 §3: @c.us for a person, @g.us for a group).
export function stripChatIdSuffix(senderId: string): string {
  return senderId.trim().replace(CHAT_ID_SUFFIX, '');
}

// 02 §5: digits only; Mexican numbers get the mobile 1 after 52, Argentine ones the 9 after 54. This is how
// WhatsApp ids write those numbers, not a numbering-plan rule, so it stays as the spec words it.
export function normalizePhone(raw: string): string {
  const digits = stripChatIdSuffix(raw).replace(/\D/g, '');
  if (digits.startsWith('52') && digits[2] !== '1') return `521${digits.slice(2)}`;
  if (digits.startsWith('54') && digits[2] !== '9') return `549${digits.slice(2)}`;
  return digits;
}

// 01 §2.5 / 02 §5: numbers starting with 521 show as +52 followed by the rest; others as + and the number.
export function displayPhone(phone: string): string {
  const number = stripChatIdSuffix(phone).replace(/^\+/, '');
  if (number === '') return '';
  if (number.startsWith('521')) return `+52${number.slice(3)}`;
  return `+${number}`;
}

/**
 * A phone written with its country code (as typed, imported or stored: digits, maybe '+', spaces or a chat-id
 * suffix) read against its country's numbering plan. Mexico dropped the mobile 1 in 2019, so the 1 that the
 * WhatsApp rule puts after 52 is taken out first; Argentina's 9 after 54 is the plan's own mobile prefix and stays.
 */
export function parsePhone(phone: string): PhoneNumber | undefined {
  const digits = stripChatIdSuffix(phone).replace(/\D/g, '');
  if (digits === '') return undefined;
  const planDigits = digits.startsWith('521') ? `52${digits.slice(3)}` : digits;
  return parsePhoneNumberFromString(`+${planDigits}`);
}

/** 01 §5 "must be valid": a number that exists in its country's plan, with or without the WhatsApp 1 or 9. */
export function isValidPhone(phone: string): boolean {
  return parsePhone(phone)?.isValid() ?? false;
}

/**
 * A phone for a person to read, grouped as its country writes it ('+52 55 1234 5678', '+54 9 11 2345 6789');
 * a number the plan does not know keeps the spec's display.
 */
export function formatPhone(phone: string): string {
  const parsed = parsePhone(phone);
  return parsed?.isValid() ? parsed.formatInternational() : displayPhone(phone);
}

// 01 §5: digits only, country code first, and "must be valid": a number of its country's plan.
export function validatePhone(v: string | null | undefined): ValidationResult {
  if (v === null || v === undefined || v.trim() === '') return VALIDATION_MESSAGES.phoneRequired;
  const value = v.trim();
  if (!/^\d+$/.test(value)) return VALIDATION_MESSAGES.digitsOnly;
  return isValidPhone(value) ? null : VALIDATION_MESSAGES.phoneInvalid;
}

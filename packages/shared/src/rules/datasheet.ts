import { DATASHEET_FIELD_TYPES, type DatasheetFieldType } from '../limits';
import { type ValidationResult, validateCustomFieldValue } from './validation';

// 02 §3 client info entry: values are text; the API and the info panel agree on this cap.
export const DATASHEET_VALUE_MAX = 1000;

export const DATASHEET_MESSAGES = {
  tooLong: `Máximo ${DATASHEET_VALUE_MAX} caracteres`,
  date: 'Fecha inválida',
  boolean: 'Valor inválido',
  list: 'Selecciona una opción de la lista',
} as const;

/** The date format a date value is stored in (pickers show DD/MM/YYYY). */
export const DATASHEET_DATE_FORMAT = 'YYYY-MM-DD';

export function isDatasheetFieldType(type: string): type is DatasheetFieldType {
  return (DATASHEET_FIELD_TYPES as readonly string[]).includes(type);
}

// A real calendar day: 2026-02-30 matches the pattern but is not a date.
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * 02 §5 custom client data, one rule for the API (saveClientInfo, contact import) and the info panel: the
 * number/e-mail/phone rules of validateCustomFieldValue, then the length cap, dates, booleans and list choices.
 * The value is trimmed first; an empty value is valid for every type (saving it removes the entry).
 */
export function validateDatasheetValue(
  field: { type: DatasheetFieldType | string; options: readonly string[] },
  raw: string | null | undefined,
): ValidationResult {
  const value = (raw ?? '').trim();
  const shared = validateCustomFieldValue(field.type, value);
  if (shared) return shared;
  if (value === '') return null;
  if (value.length > DATASHEET_VALUE_MAX) return DATASHEET_MESSAGES.tooLong;
  switch (field.type) {
    case 'date':
      return isCalendarDate(value) ? null : DATASHEET_MESSAGES.date;
    case 'boolean':
      return value === 'true' || value === 'false' ? null : DATASHEET_MESSAGES.boolean;
    case 'list':
      return field.options.includes(value) ? null : DATASHEET_MESSAGES.list;
    default:
      return null;
  }
}

import { validateCustomFieldValue } from '@crm/shared';

export interface DatasheetField {
  id: number;
  name: string;
  /** string, date, boolean, email, list, number or phone (02 §3). */
  type: string;
  options: string[];
  isDefault: boolean;
}

export interface ClientInfoEntry {
  id: number;
  clientId: number;
  fieldId: number;
  fieldName: string;
  value: string;
}

// Same cap as the API's saveClientInfo, so a value the server would refuse is caught before it is sent.
export const DATASHEET_VALUE_MAX = 1000;

export const DATASHEET_MESSAGES = {
  tooLong: `Máximo ${DATASHEET_VALUE_MAX} caracteres`,
  date: 'Fecha inválida',
  boolean: 'Valor inválido',
  list: 'Selecciona una opción de la lista',
} as const;

/** The date format saveClientInfo stores (02 §3 client info entry); pickers show DD/MM/YYYY. */
export const DATASHEET_DATE_FORMAT = 'YYYY-MM-DD';

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/**
 * 02 §5 custom client data, as the API checks it: the shared number/e-mail/phone rules, then the date, boolean
 * and list rules. An empty value is valid everywhere: saving it removes the entry.
 */
export function validateDatasheetValue(
  field: Pick<DatasheetField, 'type' | 'options'>,
  raw: string,
): string | null {
  const value = raw.trim();
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

/** fieldId → stored value, for the editors' initial values. */
export function valuesByField(entries: readonly ClientInfoEntry[]): Map<number, string> {
  return new Map(entries.map((entry) => [entry.fieldId, entry.value]));
}

/** Switches store the strings 'true' and 'false' (02 §3: client info values are text). */
export function booleanValue(checked: boolean): string {
  return checked ? 'true' : 'false';
}

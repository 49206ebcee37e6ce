import { DATASHEET_FIELD_TYPES, type DatasheetFieldType } from '../limits';
import { collapseSpaces, maxCharactersMessage } from './names';
import { normalizeSearchKeyword } from './search';
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

// 02 §3 data-sheet field administration: the name and list choices the form and the API accept.
export const DATASHEET_FIELD_NAME_MAX = 80;
export const DATASHEET_OPTION_MAX = 100;
export const DATASHEET_OPTIONS_MAX = 100;

/**
 * 02 §5: a field may not take the name of one of the contact's own fields (the import's first columns and what
 * every contact already shows), or the import and the report could not tell them apart.
 */
export const DEFAULT_CONTACT_FIELDS = [
  'Nombre',
  'Apellido',
  'Teléfono',
  'Etiquetas',
  'Correo del agente',
  'Agente',
  'Canal',
  'Plataforma',
  'Categoría',
] as const;
const DEFAULT_KEYS = new Set(DEFAULT_CONTACT_FIELDS.map((n) => normalizeSearchKeyword(n)));

export const DATASHEET_FIELD_MESSAGES = {
  nameRequired: 'El nombre del campo es obligatorio.',
  nameReserved: 'Ese nombre es de un campo propio del contacto; elige otro.',
  typeInvalid: 'Elige un tipo de campo válido.',
  optionsRequired: 'Una lista necesita al menos una opción.',
  optionTooLong: `Máximo ${DATASHEET_OPTION_MAX} caracteres por opción.`,
  tooManyOptions: `Máximo ${DATASHEET_OPTIONS_MAX} opciones.`,
  notFound: 'El campo no existe.',
  typeLocked: 'No se puede cambiar el tipo de un campo que ya tiene valores.',
} as const;

/** A choice some contact holds cannot be taken off the list. */
export function heldOptionMessage(option: string): string {
  return `Hay contactos con la opción «${option}»; no se puede quitar.`;
}

/** 02 §3 data-sheet field name: required, at most 80 characters, not one of the contact's own fields. */
export function datasheetFieldNameError(raw: string | null | undefined): ValidationResult {
  const name = collapseSpaces(raw);
  if (!name) return DATASHEET_FIELD_MESSAGES.nameRequired;
  if (name.length > DATASHEET_FIELD_NAME_MAX) return maxCharactersMessage(DATASHEET_FIELD_NAME_MAX);
  return DEFAULT_KEYS.has(normalizeSearchKeyword(name)) ? DATASHEET_FIELD_MESSAGES.nameReserved : null;
}

/**
 * The choices of a list field as stored: trimmed, blanks and repeats (case aside) dropped, in the order given;
 * or the reason they are refused.
 */
export function datasheetListOptions(
  raw: readonly string[] | null | undefined,
): { ok: true; options: string[] } | { ok: false; error: string } {
  const seen = new Set<string>();
  const options: string[] = [];
  for (const entry of raw ?? []) {
    const option = entry.trim();
    if (!option || seen.has(option.toLowerCase())) continue;
    if (option.length > DATASHEET_OPTION_MAX)
      return { ok: false, error: DATASHEET_FIELD_MESSAGES.optionTooLong };
    seen.add(option.toLowerCase());
    options.push(option);
  }
  if (options.length === 0) return { ok: false, error: DATASHEET_FIELD_MESSAGES.optionsRequired };
  if (options.length > DATASHEET_OPTIONS_MAX)
    return { ok: false, error: DATASHEET_FIELD_MESSAGES.tooManyOptions };
  return { ok: true, options };
}

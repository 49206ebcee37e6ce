import { VALIDATION_MESSAGES } from './validation';

type Input = string | null | undefined;

// 02 §3: the company's name and its lists named by a single name (Location, Category); the columns hold 120.
export const COMPANY_NAME_MAX = 120;
export const CATEGORY_NAME_MAX = 120;
export const LOCATION_NAME_MAX = 120;

export const NAMED_LIST_MESSAGES = {
  categoryTaken: 'Ya existe una categoría con ese nombre.',
  categoryNotFound: 'La categoría no existe.',
  locationTaken: 'Ya existe una ubicación con ese nombre.',
  locationNotFound: 'La ubicación no existe.',
} as const;

/** A name as stored: trimmed, inner runs of white space made one space. */
export function collapseSpaces(raw: Input): string {
  return (raw ?? '').trim().replace(/\s+/g, ' ');
}

/** The length message of the company's name and its named lists (categories, locations, tags). */
export function nameMaxLengthMessage(max: number): string {
  return `El nombre puede tener como máximo ${max} caracteres.`;
}

/** The length message of role and data-sheet field names. */
export function maxCharactersMessage(max: number): string {
  return `Máximo ${max} caracteres.`;
}

function namedItemError(raw: Input, max: number, required: string): string | null {
  const name = collapseSpaces(raw);
  if (!name) return required;
  return name.length > max ? nameMaxLengthMessage(max) : null;
}

/** 02 §3 Category name: required, at most 120 characters once its spaces are collapsed. */
export function categoryNameError(raw: Input): string | null {
  return namedItemError(raw, CATEGORY_NAME_MAX, VALIDATION_MESSAGES.nameRequired);
}

/** 02 §3 Location name: required, at most 120 characters once its spaces are collapsed. */
export function locationNameError(raw: Input): string | null {
  return namedItemError(raw, LOCATION_NAME_MAX, VALIDATION_MESSAGES.nameRequired);
}

/** The company's name on its profile (the sign-up form says 'Compañia obligatoria' too). */
export function companyNameError(raw: Input): string | null {
  return namedItemError(raw, COMPANY_NAME_MAX, VALIDATION_MESSAGES.companyRequired);
}

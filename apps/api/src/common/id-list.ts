import { AppException } from './errors/app.exception';

const WHOLE_NUMBER = /^\d+$/;

/** Ids are PostgreSQL `integer` columns. */
export const MAX_DB_ID = 2_147_483_647;

/** A positive id from a form or JSON field: a number or its digits. Undefined when absent or empty. */
export function parseId(raw: unknown, field: string, message: string): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'string' && WHOLE_NUMBER.test(raw.trim()) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MAX_DB_ID)
    throw AppException.validation(field, message);
  return n;
}

/**
 * A list of ids as multipart forms send it (JSON text: '[1,2]' or '[{"id":1}]') or as a JSON body does (the array
 * itself). Repeats dropped; '' is the empty list; anything else is a 400 on `field`.
 */
export function parseIdList(raw: unknown, field: string, message: string): number[] {
  let value = raw;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      value = JSON.parse(value);
    } catch {
      throw AppException.validation(field, message);
    }
  }
  if (!Array.isArray(value)) throw AppException.validation(field, message);
  const ids = value.map((item) => {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item;
    const parsed = parseId(id, field, message);
    if (parsed === undefined) throw AppException.validation(field, message);
    return parsed;
  });
  return [...new Set(ids)];
}

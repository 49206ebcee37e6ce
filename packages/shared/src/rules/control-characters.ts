// PostgreSQL text and jsonb cannot hold U+0000 ('invalid byte sequence for encoding "UTF8": 0x00'), so a NUL
// can never be stored. Other control characters (U+0001–U+001F, U+007F) are valid text there and are kept.
const NUL = '\u0000';

/** What a user is told when a field holds a NUL; not a spec text (the spec says nothing about control characters). */
export const INVALID_CHARACTERS_MESSAGE = 'El texto contiene caracteres no válidos.';

export function hasNul(text: string): boolean {
  return text.includes(NUL);
}

export function stripNulText(text: string): string {
  return text.includes(NUL) ? text.replaceAll(NUL, '') : text;
}

// Parsed JSON, form fields and GraphQL arguments are plain objects (GraphQL's with a null prototype); anything
// else (Date, Buffer, class instances) is not user text and is left alone.
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function joinPath(parent: string, segment: string): string {
  return parent === '' ? segment : `${parent}.${segment}`;
}

interface Visit {
  value: unknown;
  path: string;
  key?: string;
}

/**
 * The dotted path (`input.keyword`, `contacts.0.name`) of the first string, or object key, that holds a NUL in
 * a nested value, in document order; `rootPath` when the value itself is such a string; null when there is none.
 * Iterative, so a body nested thousands of levels deep cannot overflow the stack.
 */
export function findNulPath(value: unknown, rootPath = ''): string | null {
  const stack: Visit[] = [{ value, path: rootPath }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    if (visit.key !== undefined && hasNul(visit.key)) return visit.path;
    const current = visit.value;
    if (typeof current === 'string') {
      if (hasNul(current)) return visit.path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        stack.push({ value: current[i], path: joinPath(visit.path, String(i)) });
      }
    } else if (isPlainObject(current)) {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i];
        stack.push({ value: current[key], path: joinPath(visit.path, stripNulText(key)), key });
      }
    }
  }
  return null;
}

/**
 * A copy of a value with every NUL removed from its strings and keys, for provider payloads we must keep
 * (a webhook refused for a NUL would be retried forever). Dates and other non-plain objects are kept as they are.
 */
export function stripNul<T>(value: T): T {
  return stripNulValue(value) as T;
}

function stripNulValue(value: unknown): unknown {
  if (typeof value === 'string') return stripNulText(value);
  if (Array.isArray(value)) return value.map(stripNulValue);
  if (isPlainObject(value)) {
    // fromEntries defines own properties: a "__proto__" key stays data instead of replacing the prototype.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [stripNulText(key), stripNulValue(item)]),
    );
  }
  return value;
}

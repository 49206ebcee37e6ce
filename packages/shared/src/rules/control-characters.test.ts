import { describe, expect, it } from 'vitest';
import {
  findNulPath,
  hasNul,
  INVALID_CHARACTERS_MESSAGE,
  stripNul,
  stripNulText,
} from './control-characters';

describe('findNulPath', () => {
  it('names the dotted path of the first string holding a NUL, in document order', () => {
    const value = { name: 'ok', filter: { keyword: 'a\u0000b', tags: ['x\u0000'] }, text: '\u0000' };
    expect(findNulPath(value)).toBe('filter.keyword');
    expect(findNulPath(value, 'input')).toBe('input.filter.keyword');
  });

  it('names array items by index', () => {
    expect(findNulPath({ contacts: [{ name: 'Ana' }, { name: 'Lu\u0000z' }] })).toBe('contacts.1.name');
    expect(findNulPath(['a', 'b\u0000'], 'ids')).toBe('ids.1');
  });

  it('answers the root path for a string that is itself the value', () => {
    expect(findNulPath('a\u0000b', 'keyword')).toBe('keyword');
    expect(findNulPath('\u0000')).toBe('');
  });

  it('finds a NUL in an object key, named without it', () => {
    expect(findNulPath({ ok: 'x', 'na\u0000me': 'y' })).toBe('name');
  });

  it('reads objects without a prototype, as GraphQL builds its arguments', () => {
    const args = Object.assign(Object.create(null) as Record<string, unknown>, { keyword: 'a\u0000' });
    expect(findNulPath(args, 'filter')).toBe('filter.keyword');
  });

  it('answers null when no string holds a NUL, other control characters included', () => {
    const controls = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1)).join('');
    expect(findNulPath({ a: controls, b: '\u007f', c: [1, true, null, undefined], d: 'texto' })).toBeNull();
    expect(findNulPath(null)).toBeNull();
    expect(findNulPath(42)).toBeNull();
  });

  it('leaves dates, buffers and class instances alone', () => {
    class Row {
      name = 'a\u0000';
    }
    expect(findNulPath({ at: new Date(0), bytes: new Uint8Array([0]), row: new Row() })).toBeNull();
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findNulPath(deep)?.split('.')).toHaveLength(200_000);
  });
});

describe('stripNul', () => {
  it('removes every NUL from strings and keys, keeping everything else', () => {
    const at = new Date(1_700_000_000_000);
    const event = {
      from: '52155\u00001234',
      profileName: '\u0000Ana\u0000',
      timestamp: at,
      content: { type: 'text', text: 'ho\u0000la\u0001\t' },
      ids: ['a\u0000', 1, null],
      'k\u0000ey': true,
    };
    expect(stripNul(event)).toEqual({
      from: '521551234',
      profileName: 'Ana',
      timestamp: at,
      content: { type: 'text', text: 'hola\u0001\t' },
      ids: ['a', 1, null],
      key: true,
    });
    expect(stripNul(event).timestamp).toBe(at);
  });

  it('does not let a "__proto__" key replace the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": "sí"}, "a": "b\\u0000"}') as Record<
      string,
      unknown
    >;
    const clean = stripNul(parsed);
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
    expect(Object.keys(clean)).toEqual(['__proto__', 'a']);
    expect(clean.a).toBe('b');
  });

  it('does not change the value it is given', () => {
    const value = { text: 'a\u0000b' };
    stripNul(value);
    expect(value.text).toBe('a\u0000b');
  });
});

describe('hasNul / stripNulText', () => {
  it('sees only U+0000', () => {
    expect(hasNul('a\u0000')).toBe(true);
    expect(hasNul('a\u0001\u001f\u007f')).toBe(false);
    expect(stripNulText('\u0000a\u0000b\u0000')).toBe('ab');
  });

  it('has a Spanish message for the user', () => {
    expect(INVALID_CHARACTERS_MESSAGE).toBe('El texto contiene caracteres no válidos.');
  });
});

import { describe, expect, it } from 'vitest';
import { AppException } from './errors/app.exception';
import { parseId, parseIdList } from './id-list';

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppException ? error.field : 'not an AppException';
  }
  return undefined;
}

describe('parseIdList', () => {
  it('reads JSON text, the array itself, {id} items and digit strings, dropping repeats', () => {
    expect(parseIdList('[1,2,2]', 'ids', 'x')).toEqual([1, 2]);
    expect(parseIdList([3, '4', { id: 5 }, { id: '6' }], 'ids', 'x')).toEqual([3, 4, 5, 6]);
    expect(parseIdList('', 'ids', 'x')).toEqual([]);
    expect(parseIdList('[]', 'ids', 'x')).toEqual([]);
  });

  it('refuses anything else with a 400 on the field', () => {
    for (const raw of ['no-json', '{"id":1}', '[0]', '[-1]', '[1.5]', '["x"]', '[null]', 7, { id: 1 }]) {
      expect(fieldOf(() => parseIdList(raw, 'spacesIds', 'Lista inválida'))).toBe('spacesIds');
    }
  });
});

describe('parseId', () => {
  it('takes numbers and digit strings, leaves absent values undefined', () => {
    expect(parseId(4, 'rolId', 'x')).toBe(4);
    expect(parseId(' 12 ', 'rolId', 'x')).toBe(12);
    expect(parseId(undefined, 'rolId', 'x')).toBeUndefined();
    expect(parseId('', 'rolId', 'x')).toBeUndefined();
    expect(fieldOf(() => parseId('abc', 'rolId', 'x'))).toBe('rolId');
    expect(fieldOf(() => parseId(2 ** 60, 'rolId', 'x'))).toBe('rolId');
  });

  it('refuses ids past the integer columns (2^31 - 1) instead of letting PostgreSQL fail on them', () => {
    expect(parseId('2147483647', 'rolId', 'x')).toBe(2_147_483_647);
    expect(fieldOf(() => parseId('2147483648', 'rolId', 'x'))).toBe('rolId');
    expect(fieldOf(() => parseId(3_000_000_000, 'rolId', 'x'))).toBe('rolId');
  });
});

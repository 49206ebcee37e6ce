import { describe, expect, it } from 'vitest';
import { combineTagAudiences, companyScopedKey, conjunctionAfterToggle, tagNameError } from './tags';

// Tags: 1 = VIP, 2 = Nuevo, 3 = Frío.
const contacts = [
  { contactId: 10, tagIds: [1, 2] },
  { contactId: 11, tagIds: [1] },
  { contactId: 12, tagIds: [2, 3] },
  { contactId: 13, tagIds: [3] },
  { contactId: 14, tagIds: [] },
];

describe('combineTagAudiences', () => {
  it('takes everyone with any chosen tag for union', () => {
    expect(combineTagAudiences(contacts, [1, 2], 'union')).toEqual([10, 11, 12]);
  });

  it('takes contacts with all chosen tags for intersection', () => {
    expect(combineTagAudiences(contacts, [1, 2], 'intersection')).toEqual([10]);
  });

  it('takes contacts with at least one chosen tag but not all for difference', () => {
    expect(combineTagAudiences(contacts, [1, 2], 'difference')).toEqual([11, 12]);
  });

  it('behaves as union without a mode (one tag ticked)', () => {
    expect(combineTagAudiences(contacts, [3], null)).toEqual([12, 13]);
  });

  it('gives nobody when no tag is chosen', () => {
    expect(combineTagAudiences(contacts, [], 'union')).toEqual([]);
  });

  it('accepts a map of tag sets and ignores repeated tag ids', () => {
    const map = new Map<number, Set<number>>([
      [2, new Set([1, 3])],
      [1, new Set([1])],
    ]);
    expect(combineTagAudiences(map, [1, 3, 3], 'intersection')).toEqual([2]);
    expect(combineTagAudiences(map, [1, 3], 'union')).toEqual([1, 2]);
  });
});

describe('conjunctionAfterToggle', () => {
  it('defaults to union when a second tag is ticked', () => {
    expect(conjunctionAfterToggle(1, 2, null)).toBe('union');
  });

  it('keeps the chosen mode while several tags stay ticked', () => {
    expect(conjunctionAfterToggle(2, 3, 'intersection')).toBe('intersection');
    expect(conjunctionAfterToggle(3, 2, 'difference')).toBe('difference');
  });

  it('clears the mode at one tag or none', () => {
    expect(conjunctionAfterToggle(2, 1, 'intersection')).toBeNull();
    expect(conjunctionAfterToggle(1, 0, null)).toBeNull();
  });

  it('falls back to union if several tags have no mode', () => {
    expect(conjunctionAfterToggle(2, 3, null)).toBe('union');
  });
});

describe('companyScopedKey', () => {
  it('joins the company and the trimmed lower-case name, so "VIP" and " vip" collide', () => {
    expect(companyScopedKey(7, ' VIP ')).toBe('7-vip');
    expect(companyScopedKey(7, 'Ñandú')).toBe('7-ñandú');
    expect(companyScopedKey(7, 'ñandú')).toBe('7-ñandú');
    expect(companyScopedKey(8, 'VIP')).toBe('8-vip');
  });
});

describe('tagNameError (02 §3 Tag)', () => {
  it('says a blank name is empty, in the TAG_NAME_EMPTY words', () => {
    expect(tagNameError('   ')).toBe('El nombre de la etiqueta no puede estar vacío.');
  });

  it('caps the name at 50 characters once its spaces are collapsed', () => {
    expect(tagNameError('a'.repeat(51))).toBe('El nombre puede tener como máximo 50 caracteres.');
    expect(tagNameError(`${'a'.repeat(25)}   ${'b'.repeat(24)}`)).toBeNull();
    expect(tagNameError('VIP')).toBeNull();
  });
});

describe('tag audiences, edges', () => {
  it('takes nobody when no tag is chosen, whatever the mode', () => {
    expect(combineTagAudiences(contacts, [], 'intersection')).toEqual([]);
  });
  it('makes union the mode when a second tag is ticked after one', () => {
    expect(conjunctionAfterToggle(1, 2, 'intersection')).toBe('union');
    expect(conjunctionAfterToggle(0, 2, 'difference')).toBe('union');
    expect(conjunctionAfterToggle(2, 3, 'difference')).toBe('difference');
  });
});

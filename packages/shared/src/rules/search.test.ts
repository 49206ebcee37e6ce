import { describe, expect, it } from 'vitest';
import {
  cleanedName,
  defaultConversationPageSize,
  normalizeSearchKeyword,
  normalizeTemplateSearch,
  templateMatchesSearch,
} from './search';

describe('normalizeSearchKeyword', () => {
  it('trims, removes accents and whitespace, and lowercases', () => {
    expect(normalizeSearchKeyword('  José  María Núñez ')).toBe('josemarianunez');
  });

  it('turns empty or blank input into null', () => {
    expect(normalizeSearchKeyword('')).toBeNull();
    expect(normalizeSearchKeyword('  \t ')).toBeNull();
    expect(normalizeSearchKeyword(null)).toBeNull();
    expect(normalizeSearchKeyword(undefined)).toBeNull();
  });

  it('keeps digits so phone searches work', () => {
    expect(normalizeSearchKeyword('55 1234')).toBe('551234');
  });
});

describe('cleanedName', () => {
  it('appends the phone digits to the normalised name', () => {
    expect(cleanedName('Ana Pérez', '5215512345678@c.us')).toBe('anaperez5215512345678');
  });

  it('copes with a missing name or phone', () => {
    expect(cleanedName(null, '521')).toBe('521');
    expect(cleanedName('Ána', null)).toBe('ana');
  });
});

describe('template search', () => {
  it('ignores case, accents, spaces and underscores', () => {
    expect(normalizeTemplateSearch('Promo_Mayo Ñ')).toBe('promomayon');
    expect(templateMatchesSearch({ name: 'promo_mayo', text: 'Hola' }, 'Promo Mayo')).toBe(true);
    expect(templateMatchesSearch({ name: 'x', text: 'Descuento en menú' }, 'MENU')).toBe(true);
    expect(templateMatchesSearch({ name: 'x', text: null }, 'y')).toBe(false);
    expect(templateMatchesSearch({ name: 'x' }, '  ')).toBe(true);
  });
});

describe('cleanedName, a typed phone', () => {
  it('keeps only the digits of a phone typed with its punctuation', () => {
    expect(cleanedName('Ana', '+52 (55) 1234-5678')).toBe('ana525512345678');
    expect(cleanedName(null, '5215512345678@c.us')).toBe('5215512345678');
  });
});

describe('defaultConversationPageSize (02 §7 conversations_by_filter)', () => {
  it('gives the list 20, a search 100 and the contacts report 50', () => {
    expect(defaultConversationPageSize(false, undefined)).toBe(20);
    expect(defaultConversationPageSize(false, '  ')).toBe(20);
    expect(defaultConversationPageSize(false, 'María')).toBe(100);
    expect(defaultConversationPageSize(true, 'María')).toBe(50);
    expect(defaultConversationPageSize(true, null)).toBe(50);
  });
});

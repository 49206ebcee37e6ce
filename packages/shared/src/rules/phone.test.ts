import { describe, expect, it } from 'vitest';
import { displayPhone, normalizePhone, stripChatIdSuffix } from './phone';

describe('normalizePhone', () => {
  it('inserts 1 after 52 for Mexican numbers', () => {
    expect(normalizePhone('525512345678')).toBe('5215512345678');
  });

  it('leaves Mexican numbers that already have the 1', () => {
    expect(normalizePhone('5215512345678')).toBe('5215512345678');
  });

  it('inserts 9 after 54 for Argentine numbers', () => {
    expect(normalizePhone('541112345678')).toBe('5491112345678');
    expect(normalizePhone('5491112345678')).toBe('5491112345678');
  });

  it('keeps digits only, dropping +, spaces and chat-id suffixes', () => {
    expect(normalizePhone('+52 (55) 1234-5678')).toBe('5215512345678');
    expect(normalizePhone('5215512345678@c.us')).toBe('5215512345678');
  });

  it('leaves other countries alone', () => {
    expect(normalizePhone('34612345678')).toBe('34612345678');
    expect(normalizePhone('')).toBe('');
  });
});

describe('displayPhone', () => {
  it('shows 521 numbers as +52 and the rest', () => {
    expect(displayPhone('5215512345678')).toBe('+525512345678');
  });

  it('shows others as + and the number', () => {
    expect(displayPhone('5491112345678')).toBe('+5491112345678');
    expect(displayPhone('525512345678')).toBe('+525512345678');
  });

  it('strips WhatsApp suffixes and an existing +', () => {
    expect(displayPhone('5215512345678@c.us')).toBe('+525512345678');
    expect(displayPhone('+34612345678')).toBe('+34612345678');
    expect(stripChatIdSuffix('1203630@g.us')).toBe('1203630');
  });

  it('shows nothing for an empty number', () => {
    expect(displayPhone('')).toBe('');
  });
});

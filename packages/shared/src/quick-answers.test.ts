import { describe, expect, it } from 'vitest';
import { parseQuickAnswerShortcut, quickAnswerShortcutError, validateQuickAnswerText } from './quick-answers';

describe('parseQuickAnswerShortcut', () => {
  it('stores the shortcut without its slash, sent with or without it', () => {
    expect(parseQuickAnswerShortcut('/saludo_2')).toEqual({ ok: true, shortcut: 'saludo_2' });
    expect(parseQuickAnswerShortcut('saludo_2')).toEqual({ ok: true, shortcut: 'saludo_2' });
  });

  it('refuses spaces, special characters, an empty value and an over-long one in Spanish', () => {
    expect(parseQuickAnswerShortcut('/hola mundo')).toEqual({
      ok: false,
      error: 'No puede contener espacios ni caracteres especiales',
    });
    expect(parseQuickAnswerShortcut('/¡hola!')).toMatchObject({ ok: false });
    expect(parseQuickAnswerShortcut('/')).toMatchObject({ ok: false });
    expect(parseQuickAnswerShortcut('')).toEqual({ ok: false, error: 'Campo obligatorio' });
    expect(parseQuickAnswerShortcut(`/${'a'.repeat(61)}`)).toEqual({
      ok: false,
      error: 'El atajo no debe exceder los 60 caracteres',
    });
  });
});

describe('validateQuickAnswerText', () => {
  it('needs a text unless a file is attached, and caps its length', () => {
    expect(validateQuickAnswerText('Hola {{nombre_cliente}}', false)).toBeNull();
    expect(validateQuickAnswerText('  ', false)).toBe('Campo obligatorio');
    expect(validateQuickAnswerText('', true)).toBeNull();
    expect(validateQuickAnswerText('x'.repeat(4097), true)).toBe(
      'El texto no debe exceder los 4096 caracteres',
    );
  });
});

describe('quick answer limits', () => {
  it('takes a shortcut of 60 characters, with or without its slash, and refuses 61', () => {
    expect(parseQuickAnswerShortcut(` /${'a'.repeat(60)} `)).toEqual({ ok: true, shortcut: 'a'.repeat(60) });
    expect(parseQuickAnswerShortcut('b'.repeat(60))).toEqual({ ok: true, shortcut: 'b'.repeat(60) });
    expect(parseQuickAnswerShortcut('a'.repeat(61))).toEqual({
      ok: false,
      error: 'El atajo no debe exceder los 60 caracteres',
    });
  });
  it('gives the form the reason a shortcut is refused, or nothing', () => {
    expect(quickAnswerShortcutError('saludo')).toBeNull();
    expect(quickAnswerShortcutError('a'.repeat(61))).toBe('El atajo no debe exceder los 60 caracteres');
    expect(quickAnswerShortcutError(null)).toBe('Campo obligatorio');
    expect(quickAnswerShortcutError(' ')).toBe('Campo obligatorio');
    expect(quickAnswerShortcutError('a b')).toBe('No puede contener espacios ni caracteres especiales');
  });
  it('takes a text of 4096 characters and refuses 4097', () => {
    expect(validateQuickAnswerText('t'.repeat(4096), false)).toBeNull();
    expect(validateQuickAnswerText('t'.repeat(4097), true)).toBe(
      'El texto no debe exceder los 4096 caracteres',
    );
    expect(validateQuickAnswerText(undefined, true)).toBeNull();
  });
});

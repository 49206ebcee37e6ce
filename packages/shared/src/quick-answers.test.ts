import { describe, expect, it } from 'vitest';
import { parseQuickAnswerShortcut, validateQuickAnswerText } from './quick-answers';

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

import { describe, expect, it } from 'vitest';
import { DATASHEET_FIELD_TYPES } from '../limits';
import {
  DATASHEET_FIELD_MESSAGES,
  DATASHEET_MESSAGES,
  datasheetFieldNameError,
  datasheetListOptions,
  heldOptionMessage,
  isDatasheetFieldType,
  validateDatasheetValue,
} from './datasheet';

const field = (type: string, options: string[] = []) => ({ type, options });

describe('validateDatasheetValue (02 §5 custom client data)', () => {
  it('accepts an empty value for every type: saving it clears the entry', () => {
    for (const type of DATASHEET_FIELD_TYPES) {
      expect(validateDatasheetValue(field(type), '')).toBeNull();
      expect(validateDatasheetValue(field(type), '   ')).toBeNull();
      expect(validateDatasheetValue(field(type), null)).toBeNull();
    }
  });

  it('takes positive numbers starting 1-9 with optional decimals', () => {
    expect(validateDatasheetValue(field('number'), '1500')).toBeNull();
    expect(validateDatasheetValue(field('number'), ' 1500.50 ')).toBeNull();
    for (const bad of ['0', '0.5', '0123', '-3', '1,5', '1.', 'mil', '1e3']) {
      expect(validateDatasheetValue(field('number'), bad)).toBe('Debe ser un número válido');
    }
  });

  it('checks e-mails with the spec’s message', () => {
    expect(validateDatasheetValue(field('email'), 'ana@demo.mx')).toBeNull();
    expect(validateDatasheetValue(field('email'), 'ana@demo')).toBe('Correo inválido');
    expect(validateDatasheetValue(field('email'), 'ana@')).toBe('Correo inválido');
  });

  it('takes a phone of exactly 10 digits', () => {
    expect(validateDatasheetValue(field('phone'), '5512345678')).toBeNull();
    for (const bad of ['551234567', '55123456789', '55 1234 5678', '+525512345678', 'abcdefghij']) {
      expect(validateDatasheetValue(field('phone'), bad)).toBe('El teléfono debe tener 10 dígitos');
    }
  });

  it('takes real calendar dates as YYYY-MM-DD', () => {
    expect(validateDatasheetValue(field('date'), '2026-02-28')).toBeNull();
    expect(validateDatasheetValue(field('date'), '2028-02-29')).toBeNull();
    expect(validateDatasheetValue(field('date'), '2026-02-30')).toBe(DATASHEET_MESSAGES.date);
    expect(validateDatasheetValue(field('date'), '28/02/2026')).toBe(DATASHEET_MESSAGES.date);
  });

  it('takes the strings true and false for a boolean', () => {
    expect(validateDatasheetValue(field('boolean'), 'true')).toBeNull();
    expect(validateDatasheetValue(field('boolean'), 'false')).toBeNull();
    expect(validateDatasheetValue(field('boolean'), 'sí')).toBe(DATASHEET_MESSAGES.boolean);
  });

  it('takes only one of a list’s options', () => {
    const list = field('list', ['CDMX', 'Monterrey']);
    expect(validateDatasheetValue(list, 'Monterrey')).toBeNull();
    expect(validateDatasheetValue(list, 'Puebla')).toBe(DATASHEET_MESSAGES.list);
    expect(validateDatasheetValue(list, 'monterrey')).toBe(DATASHEET_MESSAGES.list);
  });

  it('caps any value at 1000 characters', () => {
    expect(validateDatasheetValue(field('string'), 'a'.repeat(1000))).toBeNull();
    expect(validateDatasheetValue(field('string'), 'a'.repeat(1001))).toBe('Máximo 1000 caracteres');
  });
});

describe('isDatasheetFieldType', () => {
  it('knows the seven field types of 02 §3', () => {
    expect(DATASHEET_FIELD_TYPES.every(isDatasheetFieldType)).toBe(true);
    expect(isDatasheetFieldType('color')).toBe(false);
  });
});

describe('datasheetFieldNameError (02 §3 field administration)', () => {
  it('asks for a name, caps it at 80 characters', () => {
    expect(datasheetFieldNameError('  ')).toBe('El nombre del campo es obligatorio.');
    expect(datasheetFieldNameError('a'.repeat(81))).toBe('Máximo 80 caracteres.');
    expect(datasheetFieldNameError('Cumpleaños')).toBeNull();
  });

  it("refuses a contact's own field, case and accents aside", () => {
    expect(datasheetFieldNameError('telefono')).toBe(DATASHEET_FIELD_MESSAGES.nameReserved);
    expect(datasheetFieldNameError(' CORREO  del agente ')).toBe(
      'Ese nombre es de un campo propio del contacto; elige otro.',
    );
  });
});

describe('datasheetListOptions', () => {
  it('trims the choices and drops blanks and repeats, case aside', () => {
    expect(datasheetListOptions([' Rojo ', 'rojo', '', 'Azul'])).toEqual({
      ok: true,
      options: ['Rojo', 'Azul'],
    });
  });

  it('needs at least one choice', () => {
    expect(datasheetListOptions(['  '])).toEqual({
      ok: false,
      error: 'Una lista necesita al menos una opción.',
    });
    expect(datasheetListOptions(null)).toEqual({
      ok: false,
      error: DATASHEET_FIELD_MESSAGES.optionsRequired,
    });
  });

  it('caps each choice and their number', () => {
    expect(datasheetListOptions(['x'.repeat(101)])).toEqual({
      ok: false,
      error: 'Máximo 100 caracteres por opción.',
    });
    const many = Array.from({ length: 101 }, (_, i) => `Opción ${i}`);
    expect(datasheetListOptions(many)).toEqual({ ok: false, error: 'Máximo 100 opciones.' });
  });

  it('names a choice some contact holds', () => {
    expect(heldOptionMessage('Rojo')).toBe('Hay contactos con la opción «Rojo»; no se puede quitar.');
  });
});

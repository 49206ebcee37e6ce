import { describe, expect, it } from 'vitest';
import {
  CATEGORY_NAME_MAX,
  categoryNameError,
  collapseSpaces,
  companyNameError,
  locationNameError,
  maxCharactersMessage,
  nameMaxLengthMessage,
} from './names';

describe('collapseSpaces', () => {
  it('trims and turns inner runs of white space into one space', () => {
    expect(collapseSpaces('  Ventas \t  Norte\n')).toBe('Ventas Norte');
    expect(collapseSpaces(null)).toBe('');
  });
});

describe('named lists (02 §3 Category, Location) and the company name', () => {
  it('asks for a name when it is blank', () => {
    expect(categoryNameError('   ')).toBe('Nombre obligatorio');
    expect(locationNameError(undefined)).toBe('Nombre obligatorio');
    expect(companyNameError(' ')).toBe('Compañia obligatoria');
  });

  it('refuses more than 120 characters, counted after collapsing spaces', () => {
    const long = 'a'.repeat(CATEGORY_NAME_MAX + 1);
    expect(categoryNameError(long)).toBe('El nombre puede tener como máximo 120 caracteres.');
    expect(locationNameError(long)).toBe('El nombre puede tener como máximo 120 caracteres.');
    expect(companyNameError(long)).toBe('El nombre puede tener como máximo 120 caracteres.');
    const spaced = `${'a'.repeat(60)}     ${'b'.repeat(59)}`;
    expect(categoryNameError(spaced)).toBeNull();
  });

  it('accepts a usual name', () => {
    expect(categoryNameError('Ventas')).toBeNull();
    expect(locationNameError('Sucursal Centro')).toBeNull();
    expect(companyNameError('Mi Empresa')).toBeNull();
  });
});

describe('length messages', () => {
  it('name the limit', () => {
    expect(nameMaxLengthMessage(50)).toBe('El nombre puede tener como máximo 50 caracteres.');
    expect(maxCharactersMessage(60)).toBe('Máximo 60 caracteres.');
  });
});

import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES, ROLE_NAME_MAX, roleNameError, unknownPermissionMessage } from './roles';

describe('roleNameError (02 §5 Role)', () => {
  it('asks for the name when it is blank', () => {
    expect(roleNameError('  ')).toBe('El nombre del rol es obligatorio.');
    expect(roleNameError(null)).toBe(ROLE_MESSAGES.nameRequired);
  });

  it('caps the name at 60 characters once its spaces are collapsed', () => {
    expect(roleNameError('a'.repeat(ROLE_NAME_MAX + 1))).toBe('Máximo 60 caracteres.');
    expect(roleNameError(`${'a'.repeat(30)}    ${'b'.repeat(29)}`)).toBeNull();
  });

  it('accepts a usual name', () => {
    expect(roleNameError('Supervisor')).toBeNull();
  });
});

describe('role texts', () => {
  it('uses the catalogue text of the empty-permissions code', () => {
    expect(ROLE_MESSAGES.permissionsRequired).toBe('Selecciona al menos un permiso para el rol.');
  });

  it('names an unknown permission', () => {
    expect(unknownPermissionMessage('fly')).toBe('Permiso desconocido: fly');
  });
});

import { describe, expect, it } from 'vitest';
import { channelNameError, spaceNameKey, validateSpaceDraft } from './spaces';

describe('validateSpaceDraft', () => {
  it('asks for a name first, then for at least one channel', () => {
    expect(validateSpaceDraft({ name: '  ', channelIds: [] })).toEqual({
      code: 'ERROR_EMPTY_SPACE_NAME',
      field: 'spaceName',
      message: 'El nombre del espacio es obligatorio.',
    });
    expect(validateSpaceDraft({ name: 'Ventas', channelIds: [] })).toEqual({
      code: 'ERROR_EMPTY_CHANNELS',
      field: 'channels',
      message: 'Selecciona al menos un canal.',
    });
    expect(validateSpaceDraft({ name: 'Ventas', channelIds: [3] })).toBeNull();
  });

  it('refuses a name longer than the column', () => {
    expect(validateSpaceDraft({ name: 'x'.repeat(121), channelIds: [1] })).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'spaceName',
      message: 'El nombre no debe exceder los 120 caracteres',
    });
  });
});

describe('channelNameError', () => {
  it('requires a name of at most 120 characters', () => {
    expect(channelNameError(' ')).toBe('Nombre obligatorio');
    expect(channelNameError('x'.repeat(121))).toBe('El nombre no debe exceder los 120 caracteres');
    expect(channelNameError('Ventas MX')).toBeNull();
  });
});

describe('spaceNameKey', () => {
  it('ignores case and surrounding spaces', () => {
    expect(spaceNameKey('  Ventas Norte ')).toBe('ventas norte');
    expect(spaceNameKey('ÑUÑOA')).toBe('ñuñoa');
  });
});

import { describe, expect, it } from 'vitest';
import { validatePhone } from './phone';
import {
  normalizeVerificationCode,
  shortcutForApi,
  validateAlbumName,
  validateCampaignMediaName,
  validateChatHistoryChoice,
  validateCompanyName,
  validateCountry,
  validateCustomFieldValue,
  validateEmail,
  validateFacebookVideoUrl,
  validateName,
  validateOnboardingName,
  validatePassword,
  validatePasswordConfirmation,
  validateProfileAbout,
  validateProfilePhoto,
  validateQuickAnswerShortcut,
  validateRequired,
  validateTemplateMessage,
  validateTemplateName,
  validateTotpCode,
  validateVerificationCode,
} from './validation';

describe('validatePassword', () => {
  it('requires a password', () => {
    expect(validatePassword('')).toBe('Contraseña obligatoria');
    expect(validatePassword(null)).toBe('Contraseña obligatoria');
  });

  it('refuses fewer than 8 characters', () => {
    expect(validatePassword('abc1234')).toBe('la contraseña debe contener al menos 8 caracteres');
  });

  it('requires a number', () => {
    expect(validatePassword('abcdefgh')).toBe('La contraseña debe contener al menos un número');
  });

  it('accepts 8 characters with a number', () => {
    expect(validatePassword('abcdefg1')).toBeNull();
  });
});

describe('validatePasswordConfirmation', () => {
  it('requires the confirmation', () => {
    expect(validatePasswordConfirmation('abcdefg1', '')).toBe('Campo obligatorio');
  });

  it('requires both to match exactly', () => {
    expect(validatePasswordConfirmation('abcdefg1', 'abcdefg2')).toBe('Las contraseñas deben coincidir');
    expect(validatePasswordConfirmation('abcdefg1', 'abcdefg1 ')).toBe('Las contraseñas deben coincidir');
    expect(validatePasswordConfirmation('abcdefg1', 'abcdefg1')).toBeNull();
  });
});

describe('validateName', () => {
  it('requires a name', () => {
    expect(validateName('   ')).toBe('Nombre obligatorio');
    expect(validateName(undefined)).toBe('Nombre obligatorio');
  });

  it('accepts accents, ñ, digits, apostrophes, dots and hyphens', () => {
    expect(validateName("José Ñúñez O'Brien-Pérez Jr. 2")).toBeNull();
  });

  it('refuses special characters', () => {
    expect(validateName('Ana <script>')).toBe('No puede contener caracteres especiales');
    expect(validateName('ana@mail')).toBe('No puede contener caracteres especiales');
  });
});

describe('validateOnboardingName', () => {
  it('accepts letters and spaces only', () => {
    expect(validateOnboardingName('María José')).toBeNull();
    expect(validateOnboardingName('Maria 2')).toBe('No puede contener caracteres especiales');
    expect(validateOnboardingName("O'Brien")).toBe('No puede contener caracteres especiales');
    expect(validateOnboardingName('')).toBe('Nombre obligatorio');
  });
});

describe('validateEmail', () => {
  it('requires an e-mail', () => {
    expect(validateEmail(' ')).toBe('Correo obligatorio');
  });

  it('refuses malformed addresses with the spec text', () => {
    for (const bad of ['ana', 'ana@', 'ana@mail', 'ana@@mail.com', 'a na@mail.com', 'ana@mail.c']) {
      expect(validateEmail(bad), bad).toBe('Correo invalido');
    }
  });

  it('accepts normal addresses, trimming spaces', () => {
    expect(validateEmail('ana.perez+crm@empresa.com.mx')).toBeNull();
    expect(validateEmail(' ana@empresa.mx ')).toBeNull();
  });
});

describe('required fields', () => {
  it('uses the spec texts for company, country and generic fields', () => {
    expect(validateCompanyName('')).toBe('Compañia obligatoria');
    expect(validateCompanyName('Acme')).toBeNull();
    expect(validateCountry(null)).toBe('País obligatorio');
    expect(validateCountry('mx')).toBeNull();
    expect(validateRequired(' ')).toBe('Campo obligatorio');
    expect(validateAlbumName('')).toBe('Nombre obligatorio');
    expect(validateAlbumName('Catálogo')).toBeNull();
    expect(validateChatHistoryChoice('')).toBe('Selecciona una opción');
    expect(validateChatHistoryChoice('week')).toBeNull();
  });
});

describe('verification codes', () => {
  it('trims and uppercases the code', () => {
    expect(normalizeVerificationCode(' ab12cd ')).toBe('AB12CD');
    expect(normalizeVerificationCode(null)).toBe('');
  });

  it('needs exactly six letters or digits after normalising', () => {
    expect(validateVerificationCode('ab12cd')).toBeNull();
    expect(validateVerificationCode('ab12c')).toBe('El código debe tener 6 dígitos');
    expect(validateVerificationCode('ab12cde')).toBe('El código debe tener 6 dígitos');
    expect(validateVerificationCode('ab-2cd')).toBe('El código debe tener 6 dígitos');
  });

  it('needs six digits for an authenticator code', () => {
    expect(validateTotpCode('123456')).toBeNull();
    expect(validateTotpCode('12345a')).toBe('El código es incorrecto, por favor intenta de nuevo.');
    expect(validateTotpCode('1234567')).toBe('El código es incorrecto, por favor intenta de nuevo.');
  });
});

describe('quick-answer shortcut', () => {
  it('accepts / followed by letters, digits or underscore', () => {
    expect(validateQuickAnswerShortcut('/hola_1')).toBeNull();
  });

  it('refuses spaces, special characters or a missing slash', () => {
    expect(validateQuickAnswerShortcut('/hola mundo')).toBe(
      'No puede contener espacios ni caracteres especiales',
    );
    expect(validateQuickAnswerShortcut('/hólá')).toBe('No puede contener espacios ni caracteres especiales');
    expect(validateQuickAnswerShortcut('hola')).toBe('No puede contener espacios ni caracteres especiales');
    expect(validateQuickAnswerShortcut('/')).toBe('No puede contener espacios ni caracteres especiales');
    expect(validateQuickAnswerShortcut('')).toBe('Campo obligatorio');
  });

  it('is sent without its first character', () => {
    expect(shortcutForApi('/hola')).toBe('hola');
    expect(shortcutForApi('hola')).toBe('hola');
  });
});

describe('templates', () => {
  it('allows lowercase letters, digits and underscore in names', () => {
    expect(validateTemplateName('promo_mayo_2024')).toBeNull();
    expect(validateTemplateName('Promo')).toBe(
      'No puede contener mayúsculas, espacios ni caracteres especiales',
    );
    expect(validateTemplateName('promo mayo')).toBe(
      'No puede contener mayúsculas, espacios ni caracteres especiales',
    );
    expect(validateTemplateName('')).toBe('Campo obligatorio');
  });

  it('caps names at 512 characters', () => {
    expect(validateTemplateName('a'.repeat(512))).toBeNull();
    expect(validateTemplateName('a'.repeat(513))).toBe('El nombre no debe exceder los 512 caracteres');
  });

  it('caps messages at 1024 characters', () => {
    expect(validateTemplateMessage('x'.repeat(1024))).toBeNull();
    expect(validateTemplateMessage('x'.repeat(1025))).toBe('El mensaje no debe exceder los 1024 caracteres');
    expect(validateTemplateMessage('  ')).toBe('Campo obligatorio');
  });
});

describe('validateCustomFieldValue', () => {
  it('accepts positive numbers starting 1-9 with optional decimals', () => {
    expect(validateCustomFieldValue('number', '12.5')).toBeNull();
    expect(validateCustomFieldValue('number', '0.5')).toBe('Debe ser un número válido');
    expect(validateCustomFieldValue('number', '-3')).toBe('Debe ser un número válido');
    expect(validateCustomFieldValue('number', '1e3')).toBe('Debe ser un número válido');
  });

  it('checks e-mails with the accented text', () => {
    expect(validateCustomFieldValue('email', 'x@y')).toBe('Correo inválido');
    expect(validateCustomFieldValue('email', 'x@y.com')).toBeNull();
  });

  it('needs exactly 10 digits for a phone', () => {
    expect(validateCustomFieldValue('phone', '5512345678')).toBeNull();
    expect(validateCustomFieldValue('phone', '551234567')).toBe('El teléfono debe tener 10 dígitos');
    expect(validateCustomFieldValue('phone', '55123456789')).toBe('El teléfono debe tener 10 dígitos');
  });

  it('accepts an empty value and any text for other types', () => {
    expect(validateCustomFieldValue('phone', '')).toBeNull();
    expect(validateCustomFieldValue('number', null)).toBeNull();
    expect(validateCustomFieldValue('string', '¡hola!')).toBeNull();
  });
});

describe('WhatsApp profile', () => {
  it('keeps "about" under 256 characters', () => {
    expect(validateProfileAbout('a'.repeat(255))).toBeNull();
    expect(validateProfileAbout('a'.repeat(256))).toBe('La descripción debe tener menos de 256 caracteres');
    expect(validateProfileAbout(null)).toBeNull();
  });

  it('checks the photo type, weight and dimensions', () => {
    const ok = { type: 'image/png', size: 1000, width: 640, height: 640 };
    expect(validateProfilePhoto(ok)).toBeNull();
    expect(validateProfilePhoto({ ...ok, type: 'image/gif' })).toBe('Tipo de archivo no permitido');
    expect(validateProfilePhoto({ ...ok, size: 15 * 1024 * 1024 + 1 })).toBe(
      'La imagen debe ser menor a 15MB',
    );
    expect(validateProfilePhoto({ ...ok, width: 641 })).toBe('La imagen debe ser menor a 640x640');
  });
});

describe('other fields', () => {
  it('needs a Facebook video URL', () => {
    expect(validateFacebookVideoUrl('https://www.facebook.com/watch/?v=1')).toBeNull();
    expect(validateFacebookVideoUrl('https://fb.watch/abc')).toBeNull();
    expect(validateFacebookVideoUrl('https://youtube.com/x')).toBe('Debe ser una url de facebook');
    expect(validateFacebookVideoUrl('https://facebook.com.evil.io/x')).toBe('Debe ser una url de facebook');
  });

  it('caps campaign media names at 50 characters', () => {
    expect(validateCampaignMediaName(`${'a'.repeat(46)}.jpg`)).toBeNull();
    expect(validateCampaignMediaName(`${'a'.repeat(47)}.jpg`)).toBe(
      'El nombre del archivo no debe exceder los 50 caracteres',
    );
  });
});

// Every empty form of a field (absent, null, empty, only spaces) gets the field's own Spanish text.
describe('empty values, field by field', () => {
  const cases: [
    string,
    (v: string | null | undefined) => string | null,
    readonly (string | null | undefined)[],
    string,
  ][] = [
    ['password', validatePassword, [null, undefined, ''], 'Contraseña obligatoria'],
    [
      'confirmation',
      (v) => validatePasswordConfirmation('abcdefg1', v),
      [null, undefined, ''],
      'Campo obligatorio',
    ],
    ['name', validateName, [null, undefined, '', '   '], 'Nombre obligatorio'],
    ['onboarding name', validateOnboardingName, [null, undefined, '', '   '], 'Nombre obligatorio'],
    ['phone', validatePhone, [null, undefined, '', '   '], 'Teléfono obligatorio'],
    ['email', validateEmail, [null, undefined, '', '   '], 'Correo obligatorio'],
    ['shortcut', validateQuickAnswerShortcut, [null, undefined, ''], 'Campo obligatorio'],
    ['template name', validateTemplateName, [null, undefined, ''], 'Campo obligatorio'],
    ['template message', validateTemplateMessage, [null, undefined, '', '   '], 'Campo obligatorio'],
    ['Facebook URL', validateFacebookVideoUrl, [null, undefined, '', '   '], 'Campo obligatorio'],
    ['campaign media name', validateCampaignMediaName, [null, undefined, ''], 'Campo obligatorio'],
  ];

  it.each(cases)('the %s', (_, validate, empties, message) => {
    for (const value of empties) expect(validate(value)).toBe(message);
  });

  it('a space is a character where the field keeps spaces', () => {
    expect(validatePassword('        ')).toBe('La contraseña debe contener al menos un número');
    expect(validateQuickAnswerShortcut(' ')).toBe('No puede contener espacios ni caracteres especiales');
    expect(validateTemplateName(' ')).toBe('No puede contener mayúsculas, espacios ni caracteres especiales');
    expect(validateCampaignMediaName(' ')).toBeNull();
  });
});

describe('values with tabs and line breaks around them', () => {
  it('are read trimmed', () => {
    expect(validateName('\tAna López\n')).toBeNull();
    expect(validateOnboardingName('\tAna López\n')).toBeNull();
    expect(validatePhone(' 5215512345678\n')).toBeNull();
    expect(validateTotpCode(' 123456\n')).toBeNull();
    expect(validateCustomFieldValue('number', ' 12.5\n')).toBeNull();
    expect(validateFacebookVideoUrl('\thttps://fb.watch/abc\n')).toBeNull();
  });

  it('a TOTP code must be there', () => {
    expect(validateTotpCode(null)).toBe('El código es incorrecto, por favor intenta de nuevo.');
  });
});

describe('bounds of the remaining rules', () => {
  it('a shortcut starts with its slash', () => {
    expect(validateQuickAnswerShortcut('hola/abc')).toBe(
      'No puede contener espacios ni caracteres especiales',
    );
    expect(validateQuickAnswerShortcut('/hola_1')).toBeNull();
  });

  it('a photo of exactly 15 MB passes, and the height counts as the width does', () => {
    const ok = { type: 'image/jpeg', size: 15 * 1024 * 1024 };
    expect(validateProfilePhoto(ok)).toBeNull();
    expect(validateProfilePhoto({ ...ok, width: 100, height: 641 })).toBe(
      'La imagen debe ser menor a 640x640',
    );
    expect(validateProfilePhoto({ ...ok, width: 640, height: 640 })).toBeNull();
  });
});

import {
  CAMPAIGN_MEDIA_NAME_MAX,
  type DatasheetFieldType,
  PASSWORD_MIN_LENGTH,
  PROFILE_ABOUT_MAX,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MAX_SIZE,
  PROFILE_PHOTO_MIME_TYPES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_TEXT_MAX,
  VERIFICATION_CODE_LENGTH,
} from '../limits';

// Every validator returns the spec's Spanish message, or null when the value is valid. The phone validator lives with
// the phone rules (rules/phone.ts): it needs libphonenumber-js's numbering plans, which the web client must not load
// with the login form, whose e-mail and password rules come from here.
export type ValidationResult = string | null;
type Input = string | null | undefined;

// 01 §5 / 02 §5: literal messages.
export const VALIDATION_MESSAGES = {
  required: 'Campo obligatorio',
  passwordRequired: 'Contraseña obligatoria',
  passwordTooShort: 'la contraseña debe contener al menos 8 caracteres',
  passwordNeedsNumber: 'La contraseña debe contener al menos un número',
  passwordsMustMatch: 'Las contraseñas deben coincidir',
  nameRequired: 'Nombre obligatorio',
  specialCharacters: 'No puede contener caracteres especiales',
  phoneRequired: 'Teléfono obligatorio',
  digitsOnly: 'Solo puede contener números',
  phoneInvalid: 'Teléfono inválido',
  emailRequired: 'Correo obligatorio',
  emailInvalid: 'Correo invalido',
  companyRequired: 'Compañia obligatoria',
  countryRequired: 'País obligatorio',
  verificationCode: 'El código debe tener 6 dígitos',
  totpCode: 'El código es incorrecto, por favor intenta de nuevo.',
  shortcut: 'No puede contener espacios ni caracteres especiales',
  templateName: 'No puede contener mayúsculas, espacios ni caracteres especiales',
  templateNameTooLong: 'El nombre no debe exceder los 512 caracteres',
  templateMessageTooLong: 'El mensaje no debe exceder los 1024 caracteres',
  customNumber: 'Debe ser un número válido',
  customEmail: 'Correo inválido',
  customPhone: 'El teléfono debe tener 10 dígitos',
  profileAbout: 'La descripción debe tener menos de 256 caracteres',
  profilePhotoSize: 'La imagen debe ser menor a 15MB',
  profilePhotoDimensions: 'La imagen debe ser menor a 640x640',
  fileType: 'Tipo de archivo no permitido',
  facebookUrl: 'Debe ser una url de facebook',
  selectOption: 'Selecciona una opción',
  campaignMediaName: 'El nombre del archivo no debe exceder los 50 caracteres',
} as const;

const M = VALIDATION_MESSAGES;

function isBlank(v: Input): boolean {
  return v === null || v === undefined || v.trim() === '';
}

export function validateRequired(v: Input): ValidationResult {
  return isBlank(v) ? M.required : null;
}

// 01 §5: required, at least 8 characters and at least one number. Not trimmed: spaces are valid characters.
export function validatePassword(v: Input): ValidationResult {
  if (v === null || v === undefined || v === '') return M.passwordRequired;
  if (v.length < PASSWORD_MIN_LENGTH) return M.passwordTooShort;
  if (!/\d/.test(v)) return M.passwordNeedsNumber;
  return null;
}

// 02 §5: 'Campo obligatorio' when empty, otherwise it must equal the password.
export function validatePasswordConfirmation(password: Input, confirmation: Input): ValidationResult {
  if (confirmation === null || confirmation === undefined || confirmation === '') return M.required;
  return confirmation === password ? null : M.passwordsMustMatch;
}

// Letters (accents and ñ included), digits, spaces, apostrophes, dots and hyphens are not "special".
const NAME_PATTERN = /^[\p{L}\p{M}0-9 .'-]+$/u;
const ONBOARDING_NAME_PATTERN = /^[\p{L}\p{M} ]+$/u;

export function validateName(v: Input): ValidationResult {
  if (v === null || v === undefined || v.trim() === '') return M.nameRequired;
  return NAME_PATTERN.test(v.trim()) ? null : M.specialCharacters;
}

// 01 §2.4: the onboarding name step accepts letters and spaces only; anything else is refused with 01 §5's text.
export function validateOnboardingName(v: Input): ValidationResult {
  if (v === null || v === undefined || v.trim() === '') return M.nameRequired;
  return ONBOARDING_NAME_PATTERN.test(v.trim()) ? null : M.specialCharacters;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;

export function isValidEmail(v: string): boolean {
  return EMAIL_PATTERN.test(v.trim());
}

export function validateEmail(v: Input): ValidationResult {
  if (v === null || v === undefined || v.trim() === '') return M.emailRequired;
  return isValidEmail(v) ? null : M.emailInvalid;
}

export function validateCompanyName(v: Input): ValidationResult {
  return isBlank(v) ? M.companyRequired : null;
}

export function validateCountry(v: Input): ValidationResult {
  return isBlank(v) ? M.countryRequired : null;
}

// 01 §2.4: the code is six characters, uppercased.
export function normalizeVerificationCode(v: Input): string {
  return (v ?? '').trim().toUpperCase();
}

export function validateVerificationCode(v: Input): ValidationResult {
  const code = normalizeVerificationCode(v);
  const pattern = new RegExp(`^[A-Z0-9]{${VERIFICATION_CODE_LENGTH}}$`);
  return pattern.test(code) ? null : M.verificationCode;
}

// Authenticator apps produce six digits; anything else cannot be right (01 §8 text).
export function validateTotpCode(v: Input): ValidationResult {
  // Stryker disable next-line StringLiteral: any fallback without six digits is refused alike
  return /^\d{6}$/.test((v ?? '').trim()) ? null : M.totpCode;
}

// 02 §5: '/' followed by letters, digits or underscore.
export function validateQuickAnswerShortcut(v: Input): ValidationResult {
  if (v === null || v === undefined || v === '') return M.required;
  return /^\/[A-Za-z0-9_]+$/.test(v) ? null : M.shortcut;
}

// 02 §5: the shortcut is sent without its first character ('/').
export function shortcutForApi(shortcut: string): string {
  return shortcut.startsWith('/') ? shortcut.slice(1) : shortcut;
}

// 02 §5: lowercase letters, digits and underscore; the spec gives 512 and 1024 as the maximum, 512 is used.
export function validateTemplateName(v: Input): ValidationResult {
  if (v === null || v === undefined || v === '') return M.required;
  if (!/^[a-z0-9_]+$/.test(v)) return M.templateName;
  if (v.length > TEMPLATE_NAME_MAX) return M.templateNameTooLong;
  return null;
}

export function validateTemplateMessage(v: Input): ValidationResult {
  if (v === null || v === undefined || v.trim() === '') return M.required;
  return v.length > TEMPLATE_TEXT_MAX ? M.templateMessageTooLong : null;
}

// 02 §5 custom client data; an empty value is allowed for every type (fields are optional).
export function validateCustomFieldValue(type: DatasheetFieldType | string, value: Input): ValidationResult {
  const v = (value ?? '').trim();
  if (v === '') return null;
  switch (type) {
    case 'number':
      return /^[1-9]\d*(\.\d+)?$/.test(v) ? null : M.customNumber;
    case 'email':
      return isValidEmail(v) ? null : M.customEmail;
    case 'phone':
      return /^\d{10}$/.test(v) ? null : M.customPhone;
    default:
      return null;
  }
}

export function validateAlbumName(v: Input): ValidationResult {
  return isBlank(v) ? M.nameRequired : null;
}

// 01 §5: 'about' under 256 characters.
export function validateProfileAbout(v: Input): ValidationResult {
  // Stryker disable next-line StringLiteral: any short fallback passes alike
  return (v ?? '').length >= PROFILE_ABOUT_MAX ? M.profileAbout : null;
}

// 01 §5: jpg, jpeg or png, at most 15 MB and 640x640.
export function validateProfilePhoto(photo: {
  type: string;
  size: number;
  width?: number;
  height?: number;
}): ValidationResult {
  if (!PROFILE_PHOTO_MIME_TYPES.includes(photo.type.toLowerCase())) return M.fileType;
  if (photo.size > PROFILE_PHOTO_MAX_BYTES) return M.profilePhotoSize;
  if ((photo.width ?? 0) > PROFILE_PHOTO_MAX_SIZE || (photo.height ?? 0) > PROFILE_PHOTO_MAX_SIZE) {
    return M.profilePhotoDimensions;
  }
  return null;
}

// 02 §5: video URLs must point to Facebook (regex, not URL: this package has no DOM or Node types).
const FACEBOOK_URL_PATTERN = /^https?:\/\/([a-z0-9-]+\.)*(facebook\.com|fb\.watch|fb\.com)(\/|$)/i;

export function validateFacebookVideoUrl(v: Input): ValidationResult {
  if (v === null || v === undefined || v.trim() === '') return M.required;
  return FACEBOOK_URL_PATTERN.test(v.trim()) ? null : M.facebookUrl;
}

// 02 §5: the chat-history choice is required.
export function validateChatHistoryChoice(v: Input): ValidationResult {
  return isBlank(v) ? M.selectOption : null;
}

// 01 §5: campaign media needs a file whose name is at most 50 characters.
export function validateCampaignMediaName(name: Input): ValidationResult {
  if (name === null || name === undefined || name === '') return M.required;
  return name.length > CAMPAIGN_MEDIA_NAME_MAX ? M.campaignMediaName : null;
}

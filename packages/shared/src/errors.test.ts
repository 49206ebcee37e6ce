import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, GENERIC_ERROR_MESSAGE, httpStatusFor, isErrorCode, userMessageFor } from './errors';

// Every code the two catalogues name (01 §8, 02 §8), spelled as written.
const SPEC_CODES = [
  'INVALID_TOKEN',
  'UNAUTHORIZED',
  'USER_WITH_SAME_EMAIL',
  'EMAIL_ALREADY_USED',
  'COMPANY_ALREADY_EXISTS',
  'ERROR_ADDING_COMPANY',
  'EMAIL_VERIFICATION_NOT_FOUND',
  'ERROR_GETTING_USER',
  'ERROR_updateScore',
  'ERROR_update step',
  'CANNOT_SET_ONBOARDING_USER_DATA',
  'CANNOT_SET_ONBOARDING_STEP',
  'CANNOT_SET_ONBOARDING_PREV_STEP',
  'ERROR_CHECKING_CODE',
  'ERROR_CHECKING_QR_CODE',
  'REQUIRES_PAYMENT_METHOD',
  'ERROR_CREATING_FIRST_PAYMENT',
  'ERROR_UPDATING_PAYMENT_METHOD',
  'PROCESSING_ERROR',
  'INCORRECT_CVC',
  'EXPIRED_CARD',
  'CARD_DECLINED',
  'INCORRECT_PLAN_KEY',
  'TAG_NAME_EMPTY',
  'ERROR_GETTING_CAMPAIGNS',
  'ERROR_DELETING_CAMPAIGNS',
  'UPLOADING_ABOUT_ERROR',
  'UPLOADING_BUSINESS_INFO_ERROR',
  'UPLOADING_PHOTO_ERROR',
  'EMPTY_PERMISSSIONS_ERROR',
  'EMPTY_PERMISSSIIONS_ERROR',
  'ROLE_ASSIGNED_TO_USERS',
  'ADMIN_ROLES_CANNOT_BE_DELETED',
  'REACH_USERS_LIMIT_ERROR',
  'REACH_ADMINS_LIMIT_ERROR',
  'USER_LIMIT_REACHED',
  'ERROR_CREATING_USER',
  'SUPERADMIN_CANNOT_BE_DELETED',
  'USER_WITH_EMAIL_NOT_FOUND',
  'AGENTS_NOT_FOUND',
  'ERROR_GETTING_AGENTS',
  'ERROR_UPDATING_AVAILABILITY',
  'ERROR_UPDATING_USER_NAME',
  'ERROR_UPDATING_USER_PHONE',
  'ERROR_REASSIGNING_AGENT',
  'ERROR_ADDING_TAG',
  'ERROR_REMOVING_TAG',
  'ERROR_AT_CHECKING_EXISTED_PHONE',
  'ERROR_UPDATING_VALUABLE_CLASSIFICATION',
  'ERROR_GETTING_REPORT',
  'CANNOT_GET_CONTACTS',
  'FACEBOOK_MESSAGE_ERROR',
  'SEND_MESSAGE_ERROR',
  'ERROR_NOT_SEEN_MESSAGE',
  'ERROR_GETTING_MESSAGES',
  'ERROR_GETTING_MESSAGES_INFO',
  'ERROR_DELETING_MESSAGE',
  'ERROR_GET_CONTACT_MESSAGE',
  'ERROR_GETTING_FOLLOW_UP_MESSAGES',
  'ERROR_CREATING_FOLLOW_UP_MESSAGE',
  'ERROR_ROLLING_BACK_FOLLOW_UP_MESSAGE',
  'ERROR_UPDATING_FOLLOW_UP_MESSAGE',
  'ERROR_CREATING_TAG',
  'ERROR_GETTING_TAGS',
  'ERROR_DELETING_TAG',
  'ERROR_UPDATING_TAG',
  'ERROR_CREATING_TAG_DUPLICATED',
  'ERROR_DATASHEETFIELD_NAME',
  'ERROR_CREATING_DATASHEETFIELD',
  'ERROR_UPDATING_DATASHEETFIELD',
  'ERROR_SAVING_CLIENT_INFORMATION',
  'ROLE_ALREADY_EXISTS',
  'ROLE_WITH_SAME_NAME_ERROR',
  'ERROR_UPDATING_ROLE',
  'ERROR_CREATING_ERROR',
  'ERROR_GETTING_PERMISSIONS',
  'ERROR_EMPTY_CHANNELS',
  'ERROR_GETTING_CHANNELS',
  'ERROR_GETTING_SPACES',
  'ERROR_EMPTY_SPACE_NAME',
  'ERROR_UPDATING_SPACE',
  'ERROR_DELETING_SPACE',
  'NOT_FOUND_SPACE',
  'ERROR_DUPLICATED_SPACE',
  'THERE_IS_NO_AVAILABLE_CHANNELS',
  'SHOULD_SELECT_AT_LEAST_ONE_SPACE',
  'ERROR_ACTIVE_CHANNEL_NOT_FOUND',
  'ERROR_GETTING_AVAILABLE_WHATSAPP_INSTANCES',
  'ERROR_UPDATING_CHATBOT_STATUS',
  'ERROR_CREATING_ALBUM',
  'ERROR_UPDATING_ALBUM',
  'ERROR_DUPLICATED_ALBUM',
  'ERROR_DUPLICATED_FILE',
  'SHORTCUT_ALREADY_EXISTS',
  'ERROR_GETTING_QUICK_ANSWERS',
  'ERROR_DELETING_QUICK_ANSWER',
  'TEMPLATE_ALREADY_EXISTS',
  'TEMPLATE_NAME_NOT_AVAILABLE',
  'SELECTED_VARIABLE_INVALID',
  'EMPTY_EDITOR_CONTENT_ERROR',
  'INPUT_SIZE_LIMIT_ERROR',
  'INCOMING_TEXT_FORMAT_ERROR',
  'EMPTY_TYPE_ERROR',
  'EMPTY_CATEGORY_ERROR',
  'VARIABLES_WARNING',
  'ERROR_DELETING_WHATSAPPTEMPLATE',
  'ERROR_GET_WHATSAPP_TEMPLATE_VARIABLES',
  'ERROR_GETTING_BOTFOLLOWUP_MESSAGE',
  'ERROR_createSurveyConfig',
  'ERROR_GETTING_surveyConfigs',
  'ERROR_getLastSurveyInfos',
  'ERROR_updateSurveyConfig',
  'ERROR_deleteManySurveyOptions',
  'ERROR_GETTING_CATEGORIES',
  'ERROR_SAVING_FILTERS',
  'ERROR_CLEANING FILTERS',
  'ERROR_SETTING_APP_STATUS',
];

describe('error catalogue', () => {
  it('contains every code of 01 §8 and 02 §8 as spelled there', () => {
    const missing = SPEC_CODES.filter((code) => !isErrorCode(code));
    expect(missing).toEqual([]);
  });

  it('gives every code a Spanish text and an HTTP error status', () => {
    for (const [code, def] of Object.entries(ERROR_CATALOGUE)) {
      expect(def.userMessage.trim(), code).not.toBe('');
      expect(def.status, code).toBeGreaterThanOrEqual(400);
      expect(def.status, code).toBeLessThan(600);
    }
  });

  it('keeps the literal texts of the spec', () => {
    expect(userMessageFor('ERROR_CHECKING_CODE')).toBe(
      'El código es incorrecto, por favor intenta de nuevo.',
    );
    expect(userMessageFor('ERROR_CHECKING_QR_CODE')).toBe(
      'El código es incorrecto, por favor intenta de nuevo.',
    );
    expect(userMessageFor('UPLOADING_ABOUT_ERROR')).toBe('Hubo un error al actualizar la descripción');
    expect(userMessageFor('UPLOADING_PHOTO_ERROR')).toBe('Hubo un error al actualizar la foto de perfil');
    expect(userMessageFor('ERROR_GETTING_CATEGORIES')).toBe('Error al obtener las categorias');
    expect(userMessageFor('ERROR_SENDING_TO_CRM')).toBe('Error al enviar información al CRM');
    expect(userMessageFor('ERROR_CREATING_CAMPAIGN')).toBe('Error al crear la campaña');
    expect(userMessageFor('ERROR_updateScore')).toBe('Ha ocurrido un error, inténtalo de nuevo más tarde.');
  });

  it('maps the product codes to their statuses and texts', () => {
    expect(httpStatusFor('UNAUTHORIZED')).toBe(401);
    expect(userMessageFor('INVALID_TOKEN')).toBe('Tu sesión ha expirado, inicia sesión de nuevo.');
    expect(httpStatusFor('FORBIDDEN')).toBe(403);
    expect(httpStatusFor('TOO_MANY_ATTEMPTS')).toBe(429);
    expect(httpStatusFor('EMAIL_CODE_RESEND_TOO_SOON')).toBe(429);
    expect(userMessageFor('INTERNAL_ERROR')).toBe(GENERIC_ERROR_MESSAGE);
    expect(userMessageFor('INVALID_CREDENTIALS')).toBe('Correo o contraseña incorrectos.');
  });

  it('classifies statuses: duplicates 409, not found 404, failures 500, rules 400', () => {
    expect(httpStatusFor('USER_WITH_SAME_EMAIL')).toBe(409);
    expect(httpStatusFor('SHORTCUT_ALREADY_EXISTS')).toBe(409);
    expect(httpStatusFor('NOT_FOUND_SPACE')).toBe(404);
    expect(httpStatusFor('AGENTS_NOT_FOUND')).toBe(404);
    expect(httpStatusFor('ERROR_GETTING_TAGS')).toBe(500);
    expect(httpStatusFor('TAG_NAME_EMPTY')).toBe(400);
    expect(httpStatusFor('EMPTY_PERMISSSIONS_ERROR')).toBe(400);
  });

  it('uses 409 for every duplicate-style code and 404 for every *_NOT_FOUND code', () => {
    for (const [code, def] of Object.entries(ERROR_CATALOGUE)) {
      if (/ALREADY_EXISTS|ALREADY_USED|SAME_EMAIL|DUPLICATED/.test(code)) expect(def.status, code).toBe(409);
      if (code.endsWith('_NOT_FOUND') && code !== 'EMAIL_VERIFICATION_NOT_FOUND') {
        expect(def.status, code).toBe(404);
      }
    }
  });
});

describe('userMessageFor and httpStatusFor with unknown codes', () => {
  it('falls back to the generic Spanish text', () => {
    expect(userMessageFor('SOMETHING_NEW')).toBe('Ha ocurrido un error');
    expect(userMessageFor(null)).toBe('Ha ocurrido un error');
    expect(userMessageFor(undefined)).toBe('Ha ocurrido un error');
    expect(userMessageFor('')).toBe('Ha ocurrido un error');
  });

  it('does not treat object prototype names as codes', () => {
    expect(isErrorCode('toString')).toBe(false);
    expect(userMessageFor('constructor')).toBe(GENERIC_ERROR_MESSAGE);
  });

  it('gives 500 for an unknown code', () => {
    expect(httpStatusFor('SOMETHING_NEW')).toBe(500);
  });
});

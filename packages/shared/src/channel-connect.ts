import { VALIDATION_MESSAGES } from './rules/validation';
import { CHANNEL_NAME_MAX, SPACE_MESSAGES } from './spaces';

/**
 * Channels an admin connects by hand on the channels screen (SMS through Twilio, a 360dialog number, an existing
 * WhatsApp Cloud API number): the form rules both the API and the web client apply, and the Spanish texts of the
 * provider's answers. Every validator returns the Spanish message, or null when the value is valid.
 */

type Input = string | null | undefined;

export const CHANNEL_CONNECT_MESSAGES = {
  accountSid: 'El Account SID empieza con AC y le siguen 32 letras y números.',
  authToken: 'El Auth Token tiene entre 16 y 128 letras y números, sin espacios.',
  e164: 'Escribe el número con + y código de país, por ejemplo +5215512345678.',
  apiKey: 'Copia la API key completa, sin espacios.',
  metaId: 'El identificador tiene solo números (de 5 a 30 dígitos).',
  accessToken: 'Copia el token de acceso completo, sin espacios.',
  // What the provider said about the data (400 on the field at fault; nothing is saved).
  twilioRejected: 'Twilio rechazó el Account SID o el Auth Token. Revísalos en la consola de Twilio.',
  twilioAccountNotFound: 'Twilio no encontró esa cuenta. Revisa el Account SID.',
  twilioNumberNotFound: 'Este número no pertenece a la cuenta de Twilio indicada.',
  twilioNumberWithoutSms: 'Este número de Twilio no puede enviar ni recibir SMS.',
  dialog360Rejected: '360dialog rechazó la API key. Genera una nueva en el 360dialog Hub.',
  metaTokenRejected: 'Meta rechazó el token de acceso o no tiene permiso sobre este número.',
  metaPhoneNumberNotFound: 'Meta no encontró un número con ese identificador para este token.',
  metaWabaRejected:
    'No se pudo suscribir la app a esa cuenta de WhatsApp Business: revisa el identificador y que el token tenga el permiso whatsapp_business_management.',
  // The provider did not answer (5xx, timeout, rate limit): nothing is saved.
  providerDown: 'El proveedor no respondió; no se guardó el canal. Vuelve a intentarlo en unos minutos.',
  providerRateLimited:
    'El proveedor está limitando las consultas; no se guardó el canal. Vuelve a intentarlo en unos minutos.',
  // The provider answered but refused for a reason that is not in the form (our webhook URL, an odd answer).
  providerRefused:
    'El proveedor no aceptó la conexión; no se guardó el canal. Si se repite, contacta al equipo de soporte.',
  // The number is a channel already (409 CHANNEL_ALREADY_CONNECTED).
  alreadyYours: 'Este número ya es uno de tus canales.',
  alreadyOtherCompany: 'Este número ya está conectado a otra empresa.',
} as const;

const M = CHANNEL_CONNECT_MESSAGES;

function isBlank(v: Input): boolean {
  return v === null || v === undefined || v.trim() === '';
}

/** Twilio Account SID: "AC" and 32 hexadecimal characters (https://www.twilio.com/docs/glossary/what-is-a-sid). */
export function twilioAccountSidError(v: Input): string | null {
  if (isBlank(v)) return VALIDATION_MESSAGES.required;
  return /^AC[0-9a-fA-F]{32}$/.test((v ?? '').trim()) ? null : M.accountSid;
}

/** Stored as "accountSid:authToken": a token can hold no colon, or the two halves would be read apart wrongly. */
export function twilioAuthTokenError(v: Input): string | null {
  if (isBlank(v)) return VALIDATION_MESSAGES.required;
  return /^[A-Za-z0-9_-]{16,128}$/.test((v ?? '').trim()) ? null : M.authToken;
}

// What people type around a number when they copy it from a console: spaces, dashes, dots and parentheses.
const PHONE_DECORATION = /[\s().-]/g;

/** An international number: '+', a country code and 8 to 15 digits in all (E.164). */
export function e164PhoneError(v: Input): string | null {
  if (isBlank(v)) return VALIDATION_MESSAGES.phoneRequired;
  return /^\+[1-9]\d{7,14}$/.test((v ?? '').replace(PHONE_DECORATION, '')) ? null : M.e164;
}

/** The digits of a number that passed e164PhoneError: how channels store phones and provider ids. */
export function e164Digits(v: string): string {
  return v.replace(/\D/g, '');
}

/** A 360dialog D360-API-KEY: printable characters only, as it travels in a header. */
export function dialog360ApiKeyError(v: Input): string | null {
  if (isBlank(v)) return VALIDATION_MESSAGES.required;
  return /^[\x21-\x7e]{8,256}$/.test((v ?? '').trim()) ? null : M.apiKey;
}

/** Meta's phone-number and WhatsApp Business Account ids are numeric strings. */
export function metaIdError(v: Input): string | null {
  if (isBlank(v)) return VALIDATION_MESSAGES.required;
  return /^\d{5,30}$/.test((v ?? '').trim()) ? null : M.metaId;
}

/** A Graph access token (a system user's, for the Cloud API): printable characters, as it travels in a header. */
export function metaAccessTokenError(v: Input): string | null {
  if (isBlank(v)) return VALIDATION_MESSAGES.required;
  return /^[\x21-\x7e]{20,2048}$/.test((v ?? '').trim()) ? null : M.accessToken;
}

/** The optional channel name of the connection forms: empty means "the name the provider gives". */
export function optionalChannelNameError(v: Input): string | null {
  if (isBlank(v)) return null;
  return (v ?? '').trim().length > CHANNEL_NAME_MAX ? SPACE_MESSAGES.channelNameTooLong : null;
}

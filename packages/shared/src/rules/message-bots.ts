import { MESSAGE_TEXT_MAX } from './compose';

/**
 * Issue 17, follow-up bots (02 §3 "Message bot config"): after `timeLapseInSeconds` without an answer from the
 * customer the channel's config sends its template, or its text while the reply window is open. The bounds keep a
 * bot from firing on the heels of the agent's own message and from waiting past any sensible follow-up (the
 * longest campaign follow-up delay of 02 §9 is 30 days).
 */
export const MESSAGE_BOT_LAPSE_MIN_SECONDS = 60;
export const MESSAGE_BOT_LAPSE_MAX_SECONDS = 30 * 24 * 60 * 60;
export const MESSAGE_BOT_TEXT_MAX = MESSAGE_TEXT_MAX;

/** What the API answers about follow-up bots, in Spanish. */
export const MESSAGE_BOT_MESSAGES = {
  lapseTooShort: 'El tiempo de espera debe ser de al menos 1 minuto.',
  lapseTooLong: 'El tiempo de espera no puede superar 30 días.',
  lapseInvalid: 'El tiempo de espera debe ser un número entero de segundos.',
  contentRequired: 'Escribe el mensaje o elige una plantilla.',
  contentTooLong: 'El mensaje es demasiado largo',
  channelNotFound: 'El canal no existe.',
  templateNotFound: 'La plantilla no existe.',
  templateOfOtherChannel: 'La plantilla no pertenece al canal del seguimiento automático.',
  templateNotApproved: 'La plantilla aún no ha sido aprobada por WhatsApp.',
  templatesWhatsAppOnly: 'Las plantillas solo se pueden enviar por WhatsApp.',
  configNotFound: 'El seguimiento automático no existe.',
  messageBotNotFound: 'El envío programado del seguimiento automático no existe.',
  channelOrTemplateRequired: 'Indica el canal o la plantilla.',
  conversationNotFound: 'La conversación no existe.',
  conversationOfOtherChannel: 'La conversación no es del canal del seguimiento automático.',
  configInactive: 'El seguimiento automático está desactivado.',
  nextDateInvalid: 'La fecha de envío debe ser un número entero de segundos, de ahora a 30 días.',
} as const;

/** The Spanish refusal of a waiting time, or null when it is a whole number of seconds within the bounds. */
export function messageBotLapseError(seconds: number): string | null {
  if (!Number.isSafeInteger(seconds)) return MESSAGE_BOT_MESSAGES.lapseInvalid;
  if (seconds < MESSAGE_BOT_LAPSE_MIN_SECONDS) return MESSAGE_BOT_MESSAGES.lapseTooShort;
  if (seconds > MESSAGE_BOT_LAPSE_MAX_SECONDS) return MESSAGE_BOT_MESSAGES.lapseTooLong;
  return null;
}

import { COMPOSE_MESSAGES, MESSAGE_TEXT_MAX } from './rules/compose';
import { VALIDATION_MESSAGES } from './rules/validation';

// 02 §5 "Follow-up creation": the free text is a WhatsApp text message.
export const FOLLOW_UP_TEXT_MAX = MESSAGE_TEXT_MAX;

/** The follow-up form's texts and the API's answers about a scheduled message, in the same words. */
export const FOLLOW_UP_MESSAGES = {
  sendAtRequired: 'Elige la fecha y hora de envío',
  sendAtInvalid: 'Fecha de envío inválida',
  sendAtPast: 'La fecha de envío debe ser posterior a este momento.',
  contentRequired: 'Escribe el mensaje o elige una plantilla.',
  contentTooLong: 'El mensaje es demasiado largo',
  windowClosed: 'A esa hora la ventana de respuesta estará cerrada: elige una plantilla aprobada.',
  templateRequired: 'Elige una plantilla',
  templateOfOtherChannel: 'La plantilla no pertenece al canal de esta conversación.',
  templateNotApproved: COMPOSE_MESSAGES.templateNotApproved,
  variableRequired: VALIDATION_MESSAGES.required,
  fileUrl: 'URL del archivo inválida',
  notFound: 'El mensaje programado no existe.',
  notScheduled: 'Este mensaje programado ya se envió o se canceló.',
  // Why a follow-up could not go at its time (shown in the conversation panel; retrying would not change it).
  failedWindowClosed: 'No se envió: la ventana de respuesta estaba cerrada y el mensaje no es una plantilla.',
  failedTemplate: 'No se envió: la plantilla ya no está aprobada o ya no es de este canal.',
  failedConversation: 'No se envió: la conversación o su canal ya no existen.',
  failed: 'No se pudo enviar el mensaje programado.',
} as const;

import { FORWARD_MAX_CONTACTS, FORWARD_MAX_MESSAGES } from '../limits';

// WhatsApp caps a text message at 4096 characters; the composer, the simulator and the API agree on it.
export const MESSAGE_TEXT_MAX = 4096;
// 02 §5 "Send contacts": up to two contact cards in one message.
export const SHARED_CONTACTS_MAX = 2;

/** What the API answers about a message being sent, forwarded or deleted (02 §5 "Conversation window"). */
export const COMPOSE_MESSAGES = {
  textRequired: 'Escribe un mensaje.',
  textTooLong: `El mensaje no debe exceder los ${MESSAGE_TEXT_MAX} caracteres`,
  oneKindAtATime: 'Envía un solo tipo de mensaje a la vez.',
  nameTooLong: 'Nombre demasiado largo',
  addressTooLong: 'Dirección demasiado larga',
  contactsRequired: 'Elige al menos un contacto',
  contactsMax: `Puedes enviar como máximo ${SHARED_CONTACTS_MAX} contactos`,
  tooManyVariables: 'Demasiadas variables',
  variableTooLong: 'Variable demasiado larga',
  templatesWhatsAppOnly: 'Las plantillas solo se envían por WhatsApp.',
  templateNotApproved: 'La plantilla aún no está aprobada.',
  forwardMessagesCount: `Elige entre 1 y ${FORWARD_MAX_MESSAGES} mensajes para reenviar.`,
  forwardContactsCount: `Elige entre 1 y ${FORWARD_MAX_CONTACTS} contactos.`,
  nothingToForward: 'Ese mensaje no tiene contenido para reenviar.',
  // What a message deleted by the team shows in its place (and as the conversation's last message).
  deleted: 'Mensaje eliminado',
} as const;

/** A template whose body variables were not all given. */
export function templateVariablesMessage(count: number): string {
  return `La plantilla necesita ${count} variable(s).`;
}

/** A forward to a contact whose reply window is closed (only a template could reach them). */
export function forwardWindowClosedMessage(contact: string): string {
  return `La ventana de respuesta de ${contact} está cerrada: no se le pueden reenviar mensajes.`;
}

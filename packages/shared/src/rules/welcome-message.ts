import { QUICK_ANSWER_PLACEHOLDERS } from '../company';

/**
 * Issue 17, welcome messages (02 §3 "Welcome message"): one per channel, a text or an accepted template with its
 * variables, sent by the bot to the first message of a new conversation. The spec leaves the text's limit open
 * (02 §9); ours is WhatsApp's for a template body and a buttons message, 1024 characters.
 */
export const WELCOME_MESSAGE_TEXT_MAX = 1024;

/**
 * The contact's name in a welcome text or a template variable: the quick answers' placeholder, so the team writes
 * it the same way everywhere ('Hola {{nombre_cliente}}, gracias por escribirnos').
 */
export const WELCOME_NAME_PLACEHOLDER = QUICK_ANSWER_PLACEHOLDERS.leadName;

/** Said instead of the name of a contact whose profile has none ('Hola cliente'): WhatsApp refuses an empty variable. */
export const WELCOME_UNNAMED_CONTACT = 'cliente';

/** What the welcome form and the API say about a welcome message, in the same words. */
export const WELCOME_MESSAGES = {
  contentRequired: 'Escribe el mensaje de bienvenida o elige una plantilla.',
  textTooLong: `El mensaje de bienvenida no debe exceder los ${WELCOME_MESSAGE_TEXT_MAX} caracteres.`,
  channelHasWelcome: 'Este canal ya tiene un mensaje de bienvenida.',
  channelNotFound: 'El canal no existe.',
  welcomeNotFound: 'El mensaje de bienvenida no existe.',
  templateNotFound: 'La plantilla no existe.',
  templateOfOtherChannel: 'La plantilla no pertenece al canal del mensaje de bienvenida.',
  templateNotApproved: 'La plantilla aún no ha sido aprobada por WhatsApp.',
} as const;

/** The text with every name placeholder replaced by the contact's name (or the neutral word when it has none). */
export function fillWelcomeName(text: string, contactName: string | null | undefined): string {
  const name = contactName?.trim() || WELCOME_UNNAMED_CONTACT;
  return text.split(WELCOME_NAME_PLACEHOLDER).join(name);
}

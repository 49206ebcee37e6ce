import { displayPhone } from './phone';

/** What a conversation or contact is called when nobody named it and its phone may not be shown. */
export const UNNAMED_CONTACT = 'Contacto sin nombre';

export interface NamedContact {
  name?: string | null;
  nameFromChannel?: string | null;
  /** The customer's id on the channel: a phone on phone-based platforms; absent for users without the permission. */
  senderId?: string | null;
}

/**
 * The one display-name rule (02 §5): the name the team gave, else the channel profile's, else the phone — only
 * for users with canSeePhoneNumber (the server does not even send it to the others).
 */
export function contactDisplayName(contact: NamedContact, canSeePhoneNumber: boolean): string {
  const name = contact.name?.trim() || contact.nameFromChannel?.trim();
  if (name) return name;
  const phone = canSeePhoneNumber && contact.senderId ? displayPhone(contact.senderId) : '';
  return phone || UNNAMED_CONTACT;
}

import { displayPhone } from './phone';

/** What a conversation or contact is called when nobody named it and its phone may not be shown. */
export const UNNAMED_CONTACT = 'Contacto sin nombre';

export interface NamedContact {
  name?: string | null;
  nameFromChannel?: string | null;
  /** The last name an import (or a form) gave; channels send one full name instead. */
  lastName?: string | null;
  /** The customer's id on the channel: a phone on phone-based platforms; absent for users without the permission. */
  senderId?: string | null;
}

/**
 * The one display-name rule (02 §5): the name the team gave, else the channel profile's, else the phone — only
 * for users with canSeePhoneNumber (the server does not even send it to the others).
 */
export function contactDisplayName(contact: NamedContact, canSeePhoneNumber: boolean): string {
  const name = contactFullName(contact);
  if (name) return name;
  const phone = canSeePhoneNumber && contact.senderId ? displayPhone(contact.senderId) : '';
  return phone || UNNAMED_CONTACT;
}

export interface ContactNameParts {
  /** Nombre: the first word of the name the inbox shows (02 §3 report row). */
  firstName: string | null;
  /** Apellido: the stored last name (imports), else the rest of that name ('Pedro Nuevo' → 'Nuevo'). */
  lastName: string | null;
}

function words(text: string | null | undefined): string[] {
  return (text ?? '').trim().split(/\s+/).filter(Boolean);
}

/** The whole name the inbox shows: the team's name, else the channel's, followed by a stored last name. */
export function contactFullName(contact: NamedContact): string | null {
  const name = words(contact.name).length > 0 ? words(contact.name) : words(contact.nameFromChannel);
  const last = words(contact.lastName);
  if (name.length === 0) return last.join(' ') || null;
  const tail = name.slice(-last.length).join(' ');
  // A name that already ends with the last name (a team rename to the whole name) does not repeat it.
  return last.length > 0 && tail !== last.join(' ') ? [...name, ...last].join(' ') : name.join(' ');
}

/**
 * The one rule that splits a contact's name into Nombre and Apellido, shared by the inbox (contactDisplayName),
 * Contactos and the exports, so 'Pedro Nuevo' is never 'Pedro' + '—' in one place and 'Pedro Nuevo' in another.
 */
export function contactNameParts(contact: NamedContact): ContactNameParts {
  const name = words(contact.name).length > 0 ? words(contact.name) : words(contact.nameFromChannel);
  const last = words(contact.lastName).join(' ');
  const [firstName = null, ...rest] = name;
  return { firstName, lastName: last || rest.join(' ') || null };
}

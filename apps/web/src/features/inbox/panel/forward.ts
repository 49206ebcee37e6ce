import { FORWARD_MAX_CONTACTS, FORWARD_MAX_MESSAGES } from '@crm/shared';

export const FORWARD_TEXTS = {
  noMessages: 'Selecciona al menos un mensaje',
  noContacts: 'Selecciona al menos un contacto',
  tooManyMessages: `Puedes reenviar hasta ${FORWARD_MAX_MESSAGES} mensajes`,
  tooManyContacts: `Puedes elegir hasta ${FORWARD_MAX_CONTACTS} contactos`,
} as const;

export interface Toggled {
  selected: number[];
  /** True when the id was not added because the list is full. */
  refused: boolean;
}

/** Adds or removes an id; adding past `max` leaves the list as it was and says so. */
export function toggleWithin(selected: readonly number[], id: number, max: number): Toggled {
  if (selected.includes(id)) return { selected: selected.filter((x) => x !== id), refused: false };
  if (selected.length >= max) return { selected: [...selected], refused: true };
  return { selected: [...selected, id], refused: false };
}

export function toggleMessage(selected: readonly number[], id: number): Toggled {
  return toggleWithin(selected, id, FORWARD_MAX_MESSAGES);
}

export function toggleContact(selected: readonly number[], id: number): Toggled {
  return toggleWithin(selected, id, FORWARD_MAX_CONTACTS);
}

/** 02 §5 Forward: at most 6 messages and 2 contacts, at least one of each. Null when it can be sent. */
export function forwardProblem(messageIds: readonly number[], clientIds: readonly number[]): string | null {
  if (messageIds.length === 0) return FORWARD_TEXTS.noMessages;
  if (messageIds.length > FORWARD_MAX_MESSAGES) return FORWARD_TEXTS.tooManyMessages;
  if (clientIds.length === 0) return FORWARD_TEXTS.noContacts;
  if (clientIds.length > FORWARD_MAX_CONTACTS) return FORWARD_TEXTS.tooManyContacts;
  return null;
}

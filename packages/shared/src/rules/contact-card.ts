// 02 §3 Message `contact {id, phones {id, phone, wa_id}, name.first_name}`: the contact card a message shares, as
// POST /getContact answers it. Received cards keep WhatsApp's shape; cards our agents send are {name, phone}.

export interface ContactCardPhone {
  /** Position of the phone on the card, from 1. */
  id: number;
  phone: string;
  /** The WhatsApp id the provider matched the phone to; null when it did not (or for cards we sent). */
  wa_id: string | null;
}

export interface ContactCard {
  /** The message's id (a message's `contactId`). */
  id: number;
  name: { first_name: string | null; last_name: string | null; formatted_name: string };
  phones: ContactCardPhone[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The first card of a `contacts` message's payload; null when the payload holds none. */
export function contactCardOf(
  messageId: number,
  payload: Record<string, unknown> | null,
): ContactCard | null {
  const contacts = payload?.contacts;
  if (!Array.isArray(contacts) || contacts.length === 0) return null;
  const card = record(contacts[0]);
  const name = card.name;
  let first: string | null;
  let last: string | null;
  let formatted: string | null;
  if (typeof name === 'string') {
    // A card an agent sent: one name, split at its first space.
    formatted = text(name);
    const [head, ...rest] = (formatted ?? '').split(/\s+/);
    first = text(head);
    last = text(rest.join(' '));
  } else {
    const parts = record(name);
    first = text(parts.first_name);
    last = text(parts.last_name);
    formatted = text(parts.formatted_name) ?? ([first, last].filter(Boolean).join(' ') || null);
    first = first ?? text(formatted?.split(/\s+/)[0]);
  }
  const listed = Array.isArray(card.phones)
    ? card.phones.map(record)
    : text(card.phone)
      ? [{ phone: card.phone }]
      : [];
  const phones = listed.flatMap((p) => {
    const phone = text(p.phone) ?? text(p.wa_id);
    return phone ? [{ phone, wa_id: text(p.wa_id) }] : [];
  });
  return {
    id: messageId,
    name: { first_name: first, last_name: last, formatted_name: formatted ?? '' },
    phones: phones.map((p, i) => ({ id: i + 1, ...p })),
  };
}

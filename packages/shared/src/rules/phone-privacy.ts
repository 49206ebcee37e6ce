import type { ConversationView, MessageView } from '../messaging';
import { isPhoneBased } from '../platforms';

/**
 * Issue 15 §3: the customer's phone is a permission (canSeePhoneNumber), enforced by the server. On phone-based
 * platforms the customer's id on the channel (senderId, and the conversation key made from it) is the phone, so a
 * user without the permission gets views with it taken out: never in JSON, never in a socket event. A Messenger id
 * is page-scoped, not a phone, and stays.
 */

/** What a number-change notice says to a user who may not see numbers. */
export const NUMBER_CHANGED_TEXT = 'El cliente cambió su número';

const NUMBER_CHANGED_PREFIX = /^El cliente cambió su número(?![\p{L}])/u;

// Enough trailing digits to tell a phone apart; shorter runs (a year, a price) are not taken for one.
const PHONE_TAIL = 8;

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** The digit runs that identify these phones: their last digits (+52 display drops WhatsApp's mobile 1). */
function phoneNeedles(phones: readonly (string | null | undefined)[]): string[] {
  const needles = new Set<string>();
  for (const phone of phones) {
    const digits = digitsOf(phone ?? '');
    if (digits.length >= PHONE_TAIL) needles.add(digits.slice(-PHONE_TAIL));
  }
  return [...needles];
}

/** The text shows one of these phones, in any punctuation ('+52 55 1234 5678', '5215512345678'). */
export function mentionsPhone(
  text: string | null | undefined,
  phones: readonly (string | null | undefined)[],
): boolean {
  if (!text) return false;
  const digits = digitsOf(text);
  return digits.length >= PHONE_TAIL && phoneNeedles(phones).some((needle) => digits.includes(needle));
}

/** A line about the customer's number change (rules/received-content systemNoticeText). */
export function isNumberChangeText(text: string | null | undefined): boolean {
  return !!text && NUMBER_CHANGED_PREFIX.test(text);
}

/** The key a conversation has for users who may not see its phone: channel and conversation id. */
export function phonelessKey(view: Pick<ConversationView, 'id' | 'channel'>): string {
  return `${view.channel.id}-c${view.id}`;
}

/** rules/search cleanedName is the name's search form followed by the phone's digits: the name's part only. */
function nameOfCleanedName(cleaned: string, senderId: string | null): string {
  const phoneDigits = digitsOf(senderId ?? '');
  const namePart =
    phoneDigits && cleaned.endsWith(phoneDigits) ? cleaned.slice(0, -phoneDigits.length) : cleaned;
  return mentionsPhone(namePart, [senderId]) ? '' : namePart;
}

/** The conversation as a user without canSeePhoneNumber receives it. */
export function withoutPhone(view: ConversationView): ConversationView {
  if (!isPhoneBased(view.channel.platform)) return view;
  const phones = [view.senderId];
  const name = mentionsPhone(view.name, phones) ? null : view.name;
  const nameFromChannel = mentionsPhone(view.nameFromChannel, phones) ? null : view.nameFromChannel;
  const lastName = mentionsPhone(view.lastName, phones) ? null : view.lastName;
  const lastMessage =
    view.lastMessageSender === 'SYSTEM' && isNumberChangeText(view.lastMessage)
      ? NUMBER_CHANGED_TEXT
      : view.lastMessage;
  return {
    ...view,
    key: phonelessKey(view),
    senderId: null,
    name,
    nameFromChannel,
    ...(view.lastName === undefined ? {} : { lastName }),
    cleanedName: nameOfCleanedName(view.cleanedName, view.senderId),
    lastMessage,
  };
}

function withoutNumbers(payload: Record<string, unknown> | null): Record<string, unknown> | null {
  const system = payload?.system;
  if (!payload || !system || typeof system !== 'object') return payload;
  // The provider's own English text names the numbers too.
  return {
    ...payload,
    system: { ...(system as Record<string, unknown>), oldNumber: null, newNumber: null, body: null },
  };
}

/** What of a message (its view or its stored row) can name the customer's numbers. */
type MessageTexts = Pick<MessageView, 'content' | 'payload' | 'quotedMsgBody'> & { sender: string };

/** The message as a user without canSeePhoneNumber receives it: a number-change notice without the numbers. */
export function messageWithoutPhone<M extends MessageTexts>(message: M): M {
  const quoted = isNumberChangeText(message.quotedMsgBody) ? NUMBER_CHANGED_TEXT : message.quotedMsgBody;
  if (message.sender !== 'SYSTEM' || !isNumberChangeText(message.content)) {
    return quoted === message.quotedMsgBody ? message : { ...message, quotedMsgBody: quoted };
  }
  return {
    ...message,
    content: NUMBER_CHANGED_TEXT,
    payload: withoutNumbers(message.payload),
    quotedMsgBody: quoted,
  };
}

import {
  type ConversationView,
  contactDisplayName,
  type MessageView,
  mentionsPhone,
  messageWithoutPhone,
  type NamedContact,
  withoutPhone,
} from '@crm/shared';
import type { AuthUser } from '../auth-user';

/**
 * Issue 15 §3: the customer's phone is a permission. Whatever reaches a user without canSeePhoneNumber (answers
 * through phone-privacy.middleware.ts, socket events through RealtimeService) goes through here: every conversation
 * view in it loses its phone and phone-derived key (withoutPhone), every message its number-change numbers.
 */
export function seesPhoneNumbers(user: Pick<AuthUser, 'permissions'> | undefined): boolean {
  return user?.permissions.canSeePhoneNumber === true;
}

/**
 * What this user calls the contact in a text the server writes (an error naming it): contactDisplayName, where a name
 * that is the phone (a customer without a profile name is named by the number) counts as no name for a user who may
 * not see it.
 */
export function contactNameFor(user: Pick<AuthUser, 'permissions'>, contact: NamedContact): string {
  if (seesPhoneNumbers(user)) return contactDisplayName(contact, true);
  const phones = [contact.senderId];
  const name = mentionsPhone(contact.name, phones) ? null : contact.name;
  const nameFromChannel = mentionsPhone(contact.nameFromChannel, phones) ? null : contact.nameFromChannel;
  return contactDisplayName({ name, nameFromChannel }, false);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function looksLikeConversation(value: Record<string, unknown>): boolean {
  const channel = value.channel as { platform?: unknown } | null | undefined;
  return 'senderId' in value && 'key' in value && typeof channel?.platform === 'string';
}

function looksLikeMessage(value: Record<string, unknown>): boolean {
  return typeof value.sender === 'string' && typeof value.content === 'string' && 'clientId' in value;
}

/**
 * A copy of an answer or event payload without phones; values with nothing to hide come back as they are. It runs on
 * every answer to a user without the permission and on every socket event, so the walk allocates nothing until it
 * finds something to change: only objects are visited (a string or number holds no conversation), arrays and objects
 * are copied on their first changed member, and keys are read without building entry pairs.
 */
export function redactPhones<T>(value: T): T {
  return typeof value === 'object' && value !== null ? (redactObject(value) as T) : value;
}

function redactObject(value: object): object {
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item !== 'object' || item === null) continue;
      const next = redactObject(item);
      if (next === item) continue;
      out ??= value.slice();
      out[i] = next;
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let current: Record<string, unknown> = value;
  if (looksLikeConversation(current)) current = withoutPhone(current as unknown as ConversationView) as never;
  else if (looksLikeMessage(current))
    current = messageWithoutPhone(current as unknown as MessageView) as never;
  // withoutPhone and messageWithoutPhone return a fresh object when they change one: it can take the changes below.
  let copy: Record<string, unknown> | null = current === value ? null : current;
  const keys = Object.keys(current);
  for (let i = 0; i < keys.length; i++) {
    const item = current[keys[i]];
    if (typeof item !== 'object' || item === null) continue;
    const next = redactObject(item);
    if (next === item) continue;
    copy ??= { ...current };
    copy[keys[i]] = next;
  }
  return copy ?? value;
}

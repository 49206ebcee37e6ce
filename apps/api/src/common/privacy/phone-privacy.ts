import { type ConversationView, type MessageView, messageWithoutPhone, withoutPhone } from '@crm/shared';
import type { AuthUser } from '../auth-user';

/**
 * Issue 15 §3: the customer's phone is a permission. Whatever reaches a user without canSeePhoneNumber (answers
 * through PhonePrivacyInterceptor, socket events through RealtimeService) goes through here: every conversation
 * view in it loses its phone and phone-derived key (withoutPhone), every message its number-change numbers.
 */
export function seesPhoneNumbers(user: Pick<AuthUser, 'permissions'> | undefined): boolean {
  return user?.permissions.canSeePhoneNumber === true;
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

/** A copy of an answer or event payload without phones; values with nothing to hide come back as they are. */
export function redactPhones<T>(value: T): T {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item: unknown) => {
      const next = redactPhones(item);
      if (next !== item) changed = true;
      return next;
    });
    return (changed ? out : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let current: Record<string, unknown> = value;
  if (looksLikeConversation(current)) current = withoutPhone(current as unknown as ConversationView) as never;
  else if (looksLikeMessage(current))
    current = messageWithoutPhone(current as unknown as MessageView) as never;
  let copy: Record<string, unknown> | null = current === value ? null : current;
  for (const [key, item] of Object.entries(current)) {
    const next = redactPhones(item);
    if (next === item) continue;
    copy ??= { ...current };
    copy[key] = next;
  }
  return (copy ?? value) as T;
}

import { type ConversationView, contactDisplayName, displayPhone } from '@crm/shared';

/** The name the panel shows: the shared display-name rule (the phone only for users who may see it). */
export function conversationTitle(conversation: ConversationView, canSeePhoneNumber: boolean): string {
  return contactDisplayName(conversation, canSeePhoneNumber);
}

/** 02 §5: 521… shows as +52 and the rest, anything else as + and the number; the @c.us suffix is dropped. */
export function conversationPhone(conversation: ConversationView): string {
  return conversation.senderId ? displayPhone(conversation.senderId) : '';
}

import type { ConversationView, MessageView } from '@crm/shared';
import { conversationView, messageView, SANDBOX_CHANNEL } from '@crm/shared/test';

// 15:05 UTC is 09:05 in America/Mexico_City (the default company zone, UTC-6 all year).
export const LIST_NOW = new Date('2026-01-15T18:00:00.000Z');
export const TODAY_0905 = '2026-01-15T15:05:00.000Z';
export const YESTERDAY = '2026-01-14T15:05:00.000Z';
export const LAST_WEEK = '2026-01-08T15:05:00.000Z';

/**
 * A conversation as the API lists it, for tests: the shared view on the sandbox channel, written to today at
 * 09:05 (LIST_NOW's day) with its reply window open.
 */
export function makeConversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return conversationView({
    id: 10,
    priority: 0.5,
    lastUpdate: TODAY_0905,
    createdAt: LAST_WEEK,
    windowRemainingTime: 600,
    channel: SANDBOX_CHANNEL,
    ...overrides,
  });
}

/** The message of a newMessage event for that conversation. */
export function makeIncoming(
  conversation: ConversationView,
  overrides: Partial<MessageView> = {},
): MessageView {
  const time = conversation.lastUpdate ?? conversation.createdAt;
  return messageView({
    id: conversation.lastMessageId ?? 1,
    clientId: conversation.id,
    channelId: conversation.channel.id,
    content: conversation.lastMessage ?? '',
    time,
    createdAt: time,
    ...overrides,
  });
}

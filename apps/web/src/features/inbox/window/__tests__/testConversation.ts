import type { ConversationView } from '@crm/shared';
import { conversationView } from '@crm/shared/test';

const WINDOW_MINUTES = 23 * 60 + 12;

/**
 * A conversation view as the list passes it to the window: a new conversation on the shared WhatsApp channel
 * ('Ventas'), no messages yet, assigned to Ana with 23 h 12 min of reply window left.
 */
export function makeConversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return conversationView({
    id: 10,
    senderId: '5215512345678',
    name: 'Sheena Nelson',
    nameFromChannel: 'Sheena Nelson',
    cleanedName: 'sheenanelson5215512345678',
    agentId: 1,
    agent: { id: 1, name: 'Ana Pérez', imageUrl: null },
    lastMessageId: null,
    lastMessage: null,
    lastMessageSender: null,
    createdAt: '2026-01-15T15:00:00.000Z',
    windowRemainingTime: WINDOW_MINUTES,
    windowExpiresAt: new Date(Date.now() + WINDOW_MINUTES * 60000 + 30000).toISOString(),
    ...overrides,
  });
}

import type { ConversationView } from '@crm/shared';

/** A conversation view as the list passes it to the window. */
export function makeConversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return {
    id: 10,
    companyId: 1,
    key: '1-5215512345678',
    senderId: '5215512345678',
    name: 'Sheena Nelson',
    nameFromChannel: 'Sheena Nelson',
    cleanedName: 'sheenanelson5215512345678',
    imageUrl: null,
    priority: 0,
    unreadMessages: 0,
    answered: false,
    isArchived: false,
    isBroadcastMessage: false,
    isConversationValuable: false,
    hasFollowUpMessage: false,
    isClosed: false,
    agentId: 1,
    agent: { id: 1, name: 'Ana Pérez', imageUrl: null },
    groupAdminId: null,
    tags: [],
    category: null,
    lastMessageId: null,
    lastMessage: null,
    lastMessageStatus: null,
    lastMessageSender: null,
    lastUpdate: null,
    createdAt: '2026-01-15T15:00:00.000Z',
    windowRemainingTime: 23 * 60 + 12,
    windowExpiresAt: new Date(Date.now() + (23 * 60 + 12) * 60000 + 30000).toISOString(),
    channel: { id: 1, name: 'WhatsApp Demo', platform: 'whatsapp_cloud', phone: '5215500000001' },
    ...overrides,
  };
}

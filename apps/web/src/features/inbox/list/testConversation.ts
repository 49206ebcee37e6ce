import type { ConversationView, MessageView } from '@crm/shared';

// 15:05 UTC is 09:05 in America/Mexico_City (the default company zone, UTC-6 all year).
export const LIST_NOW = new Date('2026-01-15T18:00:00.000Z');
export const TODAY_0905 = '2026-01-15T15:05:00.000Z';
export const YESTERDAY = '2026-01-14T15:05:00.000Z';
export const LAST_WEEK = '2026-01-08T15:05:00.000Z';

/** A conversation as the API lists it, for tests: an unassigned sandbox conversation with a client message. */
export function makeConversation(overrides: Partial<ConversationView> = {}): ConversationView {
  const id = overrides.id ?? 10;
  return {
    id,
    companyId: 1,
    key: `3-52155${id}`,
    senderId: `5215500000${String(id).padStart(3, '0')}`,
    name: `Cliente ${id}`,
    nameFromChannel: null,
    cleanedName: `cliente${id}5215500000${String(id).padStart(3, '0')}`,
    imageUrl: null,
    priority: 0.5,
    unreadMessages: 0,
    answered: false,
    isArchived: false,
    isBroadcastMessage: false,
    isConversationValuable: false,
    hasFollowUpMessage: false,
    isClosed: false,
    agentId: null,
    agent: null,
    groupAdminId: null,
    tags: [],
    category: null,
    lastMessageId: id * 100,
    lastMessage: 'Hola',
    lastMessageStatus: null,
    lastMessageSender: 'CLIENT',
    lastUpdate: TODAY_0905,
    createdAt: LAST_WEEK,
    windowRemainingTime: 600,
    windowExpiresAt: null,
    channel: { id: 3, name: 'Canal de prueba', platform: 'sandbox', phone: '5215500000099' },
    ...overrides,
  };
}

/** The message of a newMessage event for that conversation. */
export function makeIncoming(
  conversation: ConversationView,
  overrides: Partial<MessageView> = {},
): MessageView {
  return {
    id: conversation.lastMessageId ?? 1,
    clientId: conversation.id,
    channelId: conversation.channel.id,
    type: 'text',
    content: conversation.lastMessage ?? '',
    sender: 'CLIENT',
    senderUserId: null,
    messageStatus: null,
    messageApiId: null,
    errorCode: null,
    errorInfo: null,
    quotedMsgId: null,
    quotedMsgBody: null,
    quotedMsgType: null,
    seen: false,
    payload: null,
    fakeId: null,
    time: conversation.lastUpdate ?? conversation.createdAt,
    createdAt: conversation.lastUpdate ?? conversation.createdAt,
    ...overrides,
  };
}

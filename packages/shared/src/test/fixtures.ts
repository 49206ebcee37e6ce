import type { ConversationChannelView, ConversationView, MessageView } from '../messaging';

/**
 * Views as the API sends them, for the shared rules' tests and the web's (`@crm/shared/test`): each test
 * overrides what it is about. Never built into dist (tsconfig.build.json leaves src/test out), so nothing here
 * may be imported by shipped code.
 */

export const WHATSAPP_CHANNEL: ConversationChannelView = {
  id: 1,
  name: 'Ventas',
  platform: 'whatsapp_cloud',
  phone: '5215500000001',
};

/** The sandbox channel the customer simulator talks through. */
export const SANDBOX_CHANNEL: ConversationChannelView = {
  id: 3,
  name: 'Canal de prueba',
  platform: 'sandbox',
  phone: '5215500000099',
};

const CREATED_AT = '2025-03-01T12:00:00.000Z';

/**
 * An unassigned customer of the channel (WhatsApp unless given) whose number derives from the id, the last
 * message theirs and unanswered, the reply window closed.
 */
export function conversationView(overrides: Partial<ConversationView> = {}): ConversationView {
  const id = overrides.id ?? 1;
  const channel = overrides.channel ?? WHATSAPP_CHANNEL;
  const phone = `52155${String(id).padStart(8, '0')}`;
  return {
    id,
    companyId: 1,
    key: `${channel.id}-${overrides.senderId ?? phone}`,
    senderId: phone,
    name: `Cliente ${id}`,
    nameFromChannel: null,
    cleanedName: `cliente${id}${phone}`,
    imageUrl: null,
    priority: 0,
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
    lastUpdate: null,
    createdAt: CREATED_AT,
    windowRemainingTime: 0,
    windowExpiresAt: null,
    channel,
    referral: null,
    ...overrides,
  };
}

/** A customer's text message of conversation 1 on the WhatsApp channel, not seen yet. */
export function messageView(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 1,
    clientId: 1,
    channelId: WHATSAPP_CHANNEL.id,
    type: 'text',
    content: 'Hola',
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
    time: CREATED_AT,
    createdAt: CREATED_AT,
    ...overrides,
  };
}

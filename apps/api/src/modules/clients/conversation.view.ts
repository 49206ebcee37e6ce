import type { ConversationView, MessageView } from '@crm/shared';
import type { Channel } from '../channels/entities/channel.entity';
import type { Message } from '../messages/entities/message.entity';
import type { Client } from './entities/client.entity';

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** 02 §4: remaining reply-window minutes, never negative. */
export function windowRemainingMinutes(windowExpiresAt: Date | null, now = new Date()): number {
  if (!windowExpiresAt) return 0;
  return Math.max(0, Math.floor((windowExpiresAt.getTime() - now.getTime()) / 60_000));
}

export function conversationView(
  client: Client,
  channel: Pick<Channel, 'id' | 'name' | 'platform' | 'phone'>,
): ConversationView {
  return {
    id: client.id,
    key: client.key,
    senderId: client.senderId,
    name: client.name,
    nameFromChannel: client.nameFromChannel,
    cleanedName: client.cleanedName,
    imageUrl: client.imageUrl,
    priority: client.priority,
    unreadMessages: client.unreadMessagesCount,
    answered: client.answered,
    isArchived: client.isArchived,
    isBroadcastMessage: client.isBroadcastMessage,
    isConversationValuable: client.isConversationValuable,
    hasFollowUpMessage: client.hasFollowUpMessage,
    isClosed: client.isClosed,
    agentId: client.agentId,
    lastMessageId: client.lastMessageId,
    lastMessage: client.lastMessage,
    lastMessageStatus: client.lastMessageStatus,
    lastMessageSender: client.lastMessageSender,
    lastUpdate: iso(client.lastUpdate),
    createdAt: client.createdAt.toISOString(),
    windowRemainingTime: windowRemainingMinutes(client.windowExpiresAt),
    channel: { id: channel.id, name: channel.name, platform: channel.platform, phone: channel.phone },
  };
}

export function messageView(message: Message): MessageView {
  return {
    id: message.id,
    clientId: message.clientId,
    channelId: message.channelId,
    type: message.type,
    content: message.content,
    sender: message.sender,
    senderUserId: message.senderUserId,
    messageStatus: message.messageStatus,
    messageApiId: message.messageApiId,
    errorCode: message.errorCode,
    errorInfo: message.errorInfo,
    quotedMsgId: message.quotedMsgId,
    quotedMsgBody: message.quotedMsgBody,
    quotedMsgType: message.quotedMsgType,
    seen: message.seen,
    payload: message.payload,
    fakeId: message.fakeId,
    time: message.time.toISOString(),
    createdAt: message.createdAt.toISOString(),
  };
}

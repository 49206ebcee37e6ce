import type {
  ConversationAgentView,
  ConversationCategoryView,
  ConversationTagView,
  ConversationView,
  MessageView,
} from '@crm/shared';
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

const CLIENT_DATES = [
  'lastUpdate',
  'whatsappLastMessageAt',
  'whatsappStartedAt',
  'windowExpiresAt',
  'createdAt',
  'updatedAt',
] as const;
const MESSAGE_DATES = ['time', 'createdAt', 'seenAt', 'windowExpiration', 'editedAt'] as const;

/** A row that came back as JSON (row_to_json), with its timestamps turned back into dates. */
function reviveDates<T>(row: Record<string, unknown>, dates: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of dates) if (typeof out[key] === 'string') out[key] = new Date(out[key] as string);
  return out as T;
}

export function clientFromJson(row: Record<string, unknown>): Client {
  return reviveDates<Client>(row, CLIENT_DATES);
}

export function messageFromJson(row: Record<string, unknown>): Message {
  return reviveDates<Message>(row, MESSAGE_DATES);
}

/** SQL select-list item with the channel part of a conversation view, for the channel aliased `alias`. */
export function channelJsonSql(alias: string): string {
  return `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'platform', ${alias}.platform, 'phone', ${alias}.phone) AS "x_channel"`;
}

/** A whole view out of a row selected as `row_to_json(c) AS client`, channelJsonSql and conversationExtrasSql. */
export function viewFromRow(row: Record<string, unknown>): ConversationView {
  return conversationView(
    clientFromJson(row.client as Record<string, unknown>),
    row.x_channel as Pick<Channel, 'id' | 'name' | 'platform' | 'phone'>,
    extrasFromRow(row),
  );
}

/** What a conversation row shows beyond its own columns: agent, category and tags (02 §2 list rows). */
export interface ConversationExtras {
  agent: ConversationAgentView | null;
  category: ConversationCategoryView | null;
  tags: ConversationTagView[];
}

export const NO_EXTRAS: ConversationExtras = { agent: null, category: null, tags: [] };

/**
 * SQL select-list items that build the extras of the conversation aliased `alias` as JSON, so any statement that
 * returns a conversation (the list, the inbound upsert, an action's RETURNING) can return its view in one go.
 */
export function conversationExtrasSql(alias: string): string {
  return `(SELECT json_build_object('id', u.id, 'name', u.name, 'imageUrl', u."imageUrl") FROM users u
      WHERE u.id = ${alias}."agentId") AS "x_agent",
    (SELECT json_build_object('id', k.id, 'name', k.name) FROM categories k WHERE k.id = ${alias}."categoryId") AS "x_category",
    coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY t.name, t.id)
      FROM client_tags ct JOIN tags t ON t.id = ct."tagId" WHERE ct."clientId" = ${alias}.id), '[]'::json) AS "x_tags"`;
}

/** The extras out of a row selected with conversationExtrasSql. */
export function extrasFromRow(row: Record<string, unknown>): ConversationExtras {
  return {
    agent: (row.x_agent as ConversationAgentView | null) ?? null,
    category: (row.x_category as ConversationCategoryView | null) ?? null,
    tags: (row.x_tags as ConversationTagView[] | null) ?? [],
  };
}

export function conversationView(
  client: Client,
  channel: Pick<Channel, 'id' | 'name' | 'platform' | 'phone'>,
  extras: ConversationExtras = NO_EXTRAS,
): ConversationView {
  return {
    id: client.id,
    companyId: client.companyId,
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
    agent: extras.agent,
    groupAdminId: client.groupAdminId,
    tags: extras.tags,
    category: extras.category,
    lastMessageId: client.lastMessageId,
    lastMessage: client.lastMessage,
    lastMessageStatus: client.lastMessageStatus,
    lastMessageSender: client.lastMessageSender,
    lastUpdate: iso(client.lastUpdate),
    createdAt: client.createdAt.toISOString(),
    windowRemainingTime: windowRemainingMinutes(client.windowExpiresAt),
    windowExpiresAt: iso(client.windowExpiresAt),
    channel: { id: channel.id, name: channel.name, platform: channel.platform, phone: channel.phone },
    referral: client.referral ?? null,
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
    editedAt: iso(message.editedAt ?? null),
    time: message.time.toISOString(),
    createdAt: message.createdAt.toISOString(),
  };
}

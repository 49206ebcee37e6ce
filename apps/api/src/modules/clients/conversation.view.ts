import type {
  ConversationAgentView,
  ConversationCategoryView,
  ConversationTagView,
  ConversationView,
} from '@crm/shared';
import type { ChannelRow } from '../channels/channels.repository';
import type { ClientRow } from './conversations.repository';

type ViewChannel = Pick<ChannelRow, 'id' | 'name' | 'platform' | 'phone'>;

export function iso(date: Date | null): string | null {
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

/** A row that came back as JSON (row_to_json), with its timestamps turned back into dates. */
export function reviveDates<T>(row: Record<string, unknown>, dates: readonly string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of dates) if (typeof out[key] === 'string') out[key] = new Date(out[key] as string);
  return out as T;
}

export function clientFromJson(row: Record<string, unknown>): ClientRow {
  return reviveDates<ClientRow>(row, CLIENT_DATES);
}

/**
 * A whole view out of a row selected as `row_to_json(c) AS client`, channelJsonSql and conversationExtrasSql
 * (conversations.repository).
 */
export function viewFromRow(row: Record<string, unknown>): ConversationView {
  return conversationView(
    clientFromJson(row.client as Record<string, unknown>),
    row.x_channel as ViewChannel,
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

/** The extras out of a row selected with conversationExtrasSql. */
export function extrasFromRow(row: Record<string, unknown>): ConversationExtras {
  return {
    agent: (row.x_agent as ConversationAgentView | null) ?? null,
    category: (row.x_category as ConversationCategoryView | null) ?? null,
    tags: (row.x_tags as ConversationTagView[] | null) ?? [],
  };
}

export function conversationView(
  client: ClientRow,
  channel: ViewChannel,
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
    lastName: client.lastName,
    setValuableByUser: client.setValuableByUser,
    source: client.source,
    updatedAt: client.updatedAt.toISOString(),
    whatsappStartedAt: iso(client.whatsappStartedAt),
    whatsappLastMessageAt: iso(client.whatsappLastMessageAt),
  };
}

import type { MediaFileStatus } from './rules/inbound-media';
import type { ReferralView } from './rules/received-content';

/** Shapes of conversations and messages as the API sends them (REST, GraphQL JSON and real-time events). */

/** SYSTEM: a provider's notice about the customer (number or identity change), shown as a centred line. */
export type MessageSenderKind = 'CLIENT' | 'AGENT' | 'BOT' | 'SYSTEM';

export interface MessageFileView {
  name: string | null;
  fileType: string;
  url: string | null;
  mimeType: string | null;
  weight: number | null;
  /** A received file: being downloaded from the provider, kept in our storage, or given up (rules/inbound-media). */
  status: MediaFileStatus | null;
  /** Why a download failed, in Spanish. */
  error: string | null;
}

export interface MessageView {
  id: number;
  clientId: number;
  channelId: number;
  type: string;
  content: string;
  sender: MessageSenderKind;
  senderUserId: number | null;
  /** pending, sent, delivered, viewed, deleted, failed, warning (02 §3). */
  messageStatus: string | null;
  messageApiId: string | null;
  errorCode: string | null;
  errorInfo: string | null;
  quotedMsgId: number | null;
  quotedMsgBody: string | null;
  quotedMsgType: string | null;
  seen: boolean;
  /** 02 §4: when and by whom (the user's name) a customer's message was read; null while unread. */
  seenAt?: string | null;
  seenBy?: string | null;
  /** ISO end of the reply window this message opened (02 §4); null for messages that open none. */
  windowExpiration?: string | null;
  /** Structured parts: file, location, contacts, interactive reply, template, reaction. */
  payload: Record<string, unknown> | null;
  /** 02 §3: a `contacts` message's card id for POST /getContact (the message's own id); null otherwise. */
  contactId?: number | null;
  fakeId: string | null;
  /** When the customer last edited it (ISO); null or absent when never edited. */
  editedAt?: string | null;
  /** ISO timestamps. */
  time: string;
  createdAt: string;
}

export interface ConversationChannelView {
  id: number;
  name: string;
  platform: string;
  phone: string | null;
}

export interface ConversationTagView {
  id: number;
  name: string;
  color: string;
  /** 02 §3: a predefined tag; and the tag's unique key (company id and name). */
  isDefault?: boolean;
  key?: string;
}

export interface ConversationAgentView {
  id: number;
  name: string;
  imageUrl: string | null;
}

export interface ConversationCategoryView {
  id: number;
  name: string;
}

export interface ConversationView {
  id: number;
  companyId: number;
  key: string;
  /** The customer's id on the channel (the phone on phone-based platforms); null for users without canSeePhoneNumber. */
  senderId: string | null;
  name: string | null;
  nameFromChannel: string | null;
  cleanedName: string;
  imageUrl: string | null;
  priority: number;
  unreadMessages: number;
  answered: boolean;
  isArchived: boolean;
  isBroadcastMessage: boolean;
  isConversationValuable: boolean;
  hasFollowUpMessage: boolean;
  isClosed: boolean;
  agentId: number | null;
  /** Name and picture of the assigned agent; null when unassigned ('Sin asignar'). */
  agent: ConversationAgentView | null;
  groupAdminId: number | null;
  tags: ConversationTagView[];
  category: ConversationCategoryView | null;
  lastMessageId: number | null;
  lastMessage: string | null;
  lastMessageStatus: string | null;
  lastMessageSender: string | null;
  lastUpdate: string | null;
  createdAt: string;
  /** Minutes left in the reply window (02 §3), 0 when closed. */
  windowRemainingTime: number;
  /** ISO end of the reply window (null: never opened), so a client can count down without asking again. */
  windowExpiresAt: string | null;
  channel: ConversationChannelView;
  /** The first ad, post or link the customer came from (rules/received-content); null when none. */
  referral?: ReferralView | null;
  // 02 §3 Conversation fields the list rows do not need; optional so a client may build views without them.
  lastName?: string | null;
  setValuableByUser?: boolean;
  /** How the contact came in: CHANNEL (a message), MANUAL (created from a phone), IMPORT (a file). */
  source?: string;
  /** ISO timestamps. */
  updatedAt?: string;
  whatsappStartedAt?: string | null;
  whatsappLastMessageAt?: string | null;
}

export interface NewMessagePayload {
  client: ConversationView;
  message: MessageView;
}

export interface MessageStatusPayload {
  messageId: number;
  clientId: number;
  messageStatus: string;
  errorCode: string | null;
  errorInfo: string | null;
  /** The conversation's last-message status after this update (02 §4). */
  lastMessageStatus: string | null;
}

/**
 * A stored message changed in place (a received file was downloaded, or failed; the customer edited or deleted it):
 * the bubble shows it anew.
 */
export interface MessageUpdatedPayload {
  clientId: number;
  message: MessageView;
}

export interface UnreadCountPayload {
  clientId: number;
  unreadMessages: number;
}

/** Events of the conversation actions (02 §7): which conversation, and its new state. */
export interface ConversationRemovedPayload {
  clientId: number;
}

export interface ArchivedPayload {
  clientId: number;
  isArchived: boolean;
  client: ConversationView;
}

export interface UnassignClientPayload {
  clientId: number;
  /** The agent who lost the conversation. */
  agentId: number;
  client: ConversationView;
}

/** 02 §7 groupAdmin: a conversation was given to a group admin's group (unassigned, waiting for one of its agents). */
export interface GroupAdminPayload {
  clientId: number;
  groupAdminId: number;
  client: ConversationView;
}

/** Why a conversation's state changed (openClient): lists re-check it against their filters. */
export type ConversationChangeReason =
  | 'reassigned'
  | 'closed'
  | 'reopened'
  | 'followUp'
  | 'category'
  | 'renamed'
  | 'info'
  // Issue 17: the conversation's satisfaction survey was answered (the panel reads it again).
  | 'survey';

/** A conversation changed in a way that may add it to a list or take it out (02 §4 "Conversation list"). */
export interface ConversationChangedPayload {
  client: ConversationView;
  reason: ConversationChangeReason;
}

export interface ConversationValuablePayload {
  clientId: number;
  isConversationValuable: boolean;
  client: ConversationView;
}

export interface TagsUpdatePayload {
  clientId: number;
  tags: ConversationTagView[];
  client: ConversationView;
}

export interface ClientRenamedPayload {
  clientId: number;
  name: string;
  client: ConversationView;
}

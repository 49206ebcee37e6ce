/** Shapes of conversations and messages as the API sends them (REST, GraphQL JSON and real-time events). */

export type MessageSenderKind = 'CLIENT' | 'AGENT' | 'BOT';

export interface MessageFileView {
  name: string | null;
  fileType: string;
  url: string | null;
  mimeType: string | null;
  weight: number | null;
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
  /** Structured parts: file, location, contacts, interactive reply, template, reaction. */
  payload: Record<string, unknown> | null;
  fakeId: string | null;
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

export interface ConversationView {
  id: number;
  key: string;
  senderId: string;
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
  lastMessageId: number | null;
  lastMessage: string | null;
  lastMessageStatus: string | null;
  lastMessageSender: string | null;
  lastUpdate: string | null;
  createdAt: string;
  /** Minutes left in the reply window (02 §3), 0 when closed. */
  windowRemainingTime: number;
  channel: ConversationChannelView;
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
}

export interface UnassignClientPayload {
  clientId: number;
  /** The agent who lost the conversation. */
  agentId: number;
}

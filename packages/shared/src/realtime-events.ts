import type {
  ArchivedPayload,
  ClientRenamedPayload,
  ConversationChangedPayload,
  ConversationRemovedPayload,
  ConversationValuablePayload,
  MessageStatusPayload,
  NewMessagePayload,
  TagsUpdatePayload,
  UnassignClientPayload,
  UnreadCountPayload,
} from './messaging';
import { COMPANY_WIDE_ROLES, type RoleName } from './permissions';

// 02 §7 Real-time: the event catalogue; names are the wire names.
export const REALTIME_EVENTS = {
  onLinkedChannel: 'onLinkedChannel',
  newMessage: 'newMessage',
  newClient: 'newClient',
  updateUserData: 'updateUserData',
  deleteConversation: 'deleteConversation',
  archived: 'archived',
  archivedBroadcastConversation: 'archivedBroadcastConversation',
  markAsRead: 'markAsRead',
  markAsUnread: 'markAsUnread',
  conversationValuable: 'conversationValuable',
  messageStatus: 'messageStatus',
  finishBotAssignment: 'finishBotAssignment',
  newUserName: 'newUserName',
  tagsUpdate: 'tagsUpdate',
  unassignClient: 'unassignClient',
  openClient: 'openClient',
  groupAdmin: 'groupAdmin',
  progressBar: 'progressBar',
} as const;

export type RealtimeEventName = (typeof REALTIME_EVENTS)[keyof typeof REALTIME_EVENTS];

// 02 §7: events apply only on chat and board pages, except these two.
export const EVENTS_APPLIED_EVERYWHERE: readonly RealtimeEventName[] = ['onLinkedChannel', 'updateUserData'];

export interface UpdateUserDataPayload {
  userId: number;
  companyId: number;
  reason: string;
}

// 02 §7: progressBar carries import progress.
export interface ProgressBarPayload {
  progress: number;
  processed: number;
  total: number;
}

// Payloads not fixed by the spec stay open records until the API defines them.
export interface RealtimeEventMap {
  onLinkedChannel: Record<string, unknown>;
  newMessage: NewMessagePayload;
  newClient: NewMessagePayload;
  updateUserData: UpdateUserDataPayload;
  deleteConversation: ConversationRemovedPayload;
  archived: ArchivedPayload;
  archivedBroadcastConversation: Record<string, unknown>;
  markAsRead: UnreadCountPayload;
  markAsUnread: UnreadCountPayload;
  conversationValuable: ConversationValuablePayload;
  messageStatus: MessageStatusPayload;
  finishBotAssignment: Record<string, unknown>;
  newUserName: ClientRenamedPayload;
  tagsUpdate: TagsUpdatePayload;
  unassignClient: UnassignClientPayload;
  openClient: ConversationChangedPayload;
  groupAdmin: Record<string, unknown>;
  progressBar: ProgressBarPayload;
}

export function companyRoom(companyId: number): string {
  return `company_${companyId}`;
}

export function agentRoom(userId: number): string {
  return `agent_${userId}`;
}

// 01 §7 Real-time / 02 §6: admin, superadmin and groupadmin get company-wide events; others their own.
export function roomForUser(roleName: string, companyId: number, userId: number): string {
  return isCompanyWideRole(roleName) ? companyRoom(companyId) : agentRoom(userId);
}

export function isCompanyWideRole(roleName: string): roleName is RoleName {
  return (COMPANY_WIDE_ROLES as readonly string[]).includes(roleName);
}

// 01 §7: onboarding linking channels: onboarding_{companyId} (event status) and phone_{phone} (event qr).
export const ONBOARDING_EVENTS = { status: 'status', qr: 'qr' } as const;

export function onboardingRoom(companyId: number): string {
  return `onboarding_${companyId}`;
}

export function phoneRoom(phone: string): string {
  return `phone_${phone}`;
}

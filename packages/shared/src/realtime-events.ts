import type { BotFinishReason } from './automation';
import type { BoardUpdatedPayload } from './boards';
import type { CampaignStatus } from './company';
import type {
  ArchivedPayload,
  ClientRenamedPayload,
  ConversationChangedPayload,
  ConversationRemovedPayload,
  ConversationValuablePayload,
  GroupAdminPayload,
  MessageStatusPayload,
  MessageUpdatedPayload,
  NewMessagePayload,
  TagsUpdatePayload,
  UnassignClientPayload,
  UnreadCountPayload,
} from './messaging';
import { COMPANY_WIDE_ROLES, ROLE_NAMES, type RoleName } from './permissions';
import { seesWholeCompany } from './rules/conversation-list';
import type { TemplateDeletedPayload, TemplateView } from './templates';
import type { LinkingQrPayload, LinkingStatusPayload } from './whatsapp-linking';

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
  // Not in 02 §7: a shown message changed in place (its received file was downloaded or failed, an edit).
  messageUpdated: 'messageUpdated',
  // Issue 16: a template was created, changed status (webhook or sync) or was deleted; to the company's room.
  whatsappTemplateUpdated: 'whatsappTemplateUpdated',
  whatsappTemplateDeleted: 'whatsappTemplateDeleted',
  // Issue 18: a campaign's status or counters changed; to campaignsRoom(companyId).
  campaignUpdated: 'campaignUpdated',
  // 01 §7, issue 19: a WhatsApp linking's outcome on onboarding_{companyId}; a QR ready on phone_{phone}.
  status: 'status',
  qr: 'qr',
  // Issue 21: a board changed (boards.ts BoardUpdatedPayload); to agent_{id} of each user who may see it.
  boardUpdated: 'boardUpdated',
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

// Issue 17: the menu bot let go of the conversation (hand-over, assignment, end of its menu…); it is the inbox's now.
export interface FinishBotAssignmentPayload {
  clientId: number;
  reason: BotFinishReason;
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
  finishBotAssignment: FinishBotAssignmentPayload;
  newUserName: ClientRenamedPayload;
  tagsUpdate: TagsUpdatePayload;
  unassignClient: UnassignClientPayload;
  openClient: ConversationChangedPayload;
  groupAdmin: GroupAdminPayload;
  progressBar: ProgressBarPayload;
  messageUpdated: MessageUpdatedPayload;
  whatsappTemplateUpdated: TemplateView;
  whatsappTemplateDeleted: TemplateDeletedPayload;
  campaignUpdated: CampaignUpdatedPayload;
  // Issue 19, 01 §7: on onboarding_{companyId} and phone_{phone} (ONBOARDING_EVENTS).
  status: LinkingStatusPayload;
  qr: LinkingQrPayload;
  boardUpdated: BoardUpdatedPayload;
}

// Issue 18: what the campaigns table needs to refresh one row (dates as ISO strings).
export interface CampaignUpdatedPayload {
  id: number;
  status: CampaignStatus;
  statusLabel: string;
  total: number;
  sent: number;
  failed: number;
  lastSendAt: string | null;
}

export function companyRoom(companyId: number): string {
  return `company_${companyId}`;
}

/** Issue 18: joined by the sockets of users holding the `campaigns` permission. */
export function campaignsRoom(companyId: number): string {
  return `campaigns_${companyId}`;
}

export function agentRoom(userId: number): string {
  return `agent_${userId}`;
}

/**
 * 02 §6: conversation events go to rooms that mirror the visibility rule, never to companyRoom (a groupadmin or an
 * admin with isAdminOfIds is in companyRoom for company-wide events but does not see every conversation).
 * Joined by admins and superadmins without isAdminOfIds: they see the whole company's conversations.
 */
export function companyConversationsRoom(companyId: number): string {
  return `company_conversations_${companyId}`;
}

/** Joined by every user whose isAdminOfIds contains `agentId`: they see that agent's conversations. */
export function agentAdminsRoom(agentId: number): string {
  return `agent_admins_${agentId}`;
}

/** Joined only by a user whose role is groupadmin: they see the conversations whose groupAdminId is theirs. */
export function groupAdminRoom(userId: number): string {
  return `group_admin_${userId}`;
}

/** What a user's sockets are told about conversations depends on these facts only (02 §6). */
export interface ConversationRoomViewer {
  userId: number;
  companyId: number;
  roleName: string;
  /** Agents this user administers (isAdminOfIds). */
  adminOf: readonly number[];
}

/**
 * The conversation rooms a user's socket joins. Together with conversationAudienceRooms this is the visibility rule
 * of 02 §6 (canViewerSeeConversation without the space filter, which the client applies to what it lists): a
 * viewer shares a room with a conversation of its company exactly when it may see that conversation.
 */
export function conversationRoomsOfViewer(viewer: ConversationRoomViewer): string[] {
  const rooms = [agentRoom(viewer.userId)];
  if (seesWholeCompany(viewer)) rooms.push(companyConversationsRoom(viewer.companyId));
  for (const agentId of new Set(viewer.adminOf)) rooms.push(agentAdminsRoom(agentId));
  if (viewer.roleName === ROLE_NAMES.groupadmin) rooms.push(groupAdminRoom(viewer.userId));
  return rooms;
}

/** The rooms an event about a conversation is emitted to: every socket whose user may see it, and no other. */
export function conversationAudienceRooms(conversation: {
  companyId: number;
  agentId: number | null;
  groupAdminId: number | null;
}): string[] {
  const rooms = [companyConversationsRoom(conversation.companyId)];
  if (conversation.agentId !== null)
    rooms.push(agentRoom(conversation.agentId), agentAdminsRoom(conversation.agentId));
  if (conversation.groupAdminId !== null) rooms.push(groupAdminRoom(conversation.groupAdminId));
  return rooms;
}

/**
 * Issue 15 §3: users without canSeePhoneNumber share conversation rooms with users who have it, so one payload
 * cannot serve both. Their sockets join the phoneless variant of each conversation room instead (and
 * PHONELESS_SOCKETS_ROOM); an event carrying a phone goes in full to the plain rooms except PHONELESS_SOCKETS_ROOM
 * and redacted to the phoneless variants.
 */
export function phonelessRoom(room: string): string {
  return `${room}:nophone`;
}

/** Joined by every socket of a user without canSeePhoneNumber: never sent a payload that carries a phone. */
export const PHONELESS_SOCKETS_ROOM = 'phoneless_sockets';

/** conversationRoomsOfViewer for a socket whose user may or may not see phones. */
export function conversationSocketRooms(
  viewer: ConversationRoomViewer,
  canSeePhoneNumber: boolean,
): string[] {
  const rooms = conversationRoomsOfViewer(viewer);
  return canSeePhoneNumber ? rooms : [...rooms.map(phonelessRoom), PHONELESS_SOCKETS_ROOM];
}

// 01 §7 Real-time / 02 §6: admin, superadmin and groupadmin get company-wide events that are not about one
// conversation (updateUserData, onLinkedChannel, ...); others their own.
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

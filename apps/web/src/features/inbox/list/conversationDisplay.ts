import {
  type ChannelFamily,
  type ConversationView,
  contactDisplayName,
  formatConversationTime,
  type PriorityBucket,
  platformOf,
} from '@crm/shared';
import { readableOn } from '../../../lib/contrast';

/** Contact name for the list: the shared display-name rule. */
export function conversationDisplayName(
  conversation: Pick<ConversationView, 'name' | 'nameFromChannel' | 'senderId'>,
  canSeePhoneNumber: boolean,
): string {
  return contactDisplayName(conversation, canSeePhoneNumber);
}

/** Up to two initials of a name; null when it has no letters (a phone) so the avatar shows an icon. */
export function initialsOf(name: string): string | null {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}]/gu, ''))
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase('es');
}

/** Issue 22: the initials are white; each colour is darkened in its hue until they read on it at 4.5:1. */
const AVATAR_COLORS = ['#0e7c66', '#1677ff', '#722ed1', '#eb2f96', '#fa8c16', '#13c2c2', '#2f54eb'].map(
  (color) => readableOn(color, '#ffffff'),
);

/** A stable colour per conversation, so an avatar keeps its colour as the list moves. */
export function avatarColor(id: number): string {
  return AVATAR_COLORS[Math.abs(id) % AVATAR_COLORS.length] ?? '#0e7c66';
}

export type ChannelKind = ChannelFamily | 'other';

/** The platform grouped by what the user sees (the shared platform table's family). */
export function channelKind(platform: string): ChannelKind {
  return platformOf(platform)?.family ?? 'other';
}

export const PRIORITY_TEXT: Record<PriorityBucket, string> = {
  high: 'Prioridad alta',
  medium: 'Prioridad media',
  low: 'Prioridad baja',
};

/** 02 §9: today HH:mm, yesterday 'Ayer', older DD/MMM; empty when the date is unusable. */
export function conversationTime(
  conversation: Pick<ConversationView, 'lastUpdate' | 'createdAt'>,
  now: Date,
  timeZone?: string,
): string {
  const at = conversation.lastUpdate ?? conversation.createdAt;
  try {
    return formatConversationTime(at, now, timeZone);
  } catch {
    return '';
  }
}

/** Whether the last message is ours (agent or bot), whose delivery status the row shows. */
export function lastMessageIsOurs(
  conversation: Pick<ConversationView, 'lastMessageSender' | 'lastMessage'>,
): boolean {
  return (
    conversation.lastMessage !== null &&
    conversation.lastMessageSender !== null &&
    conversation.lastMessageSender !== 'CLIENT'
  );
}

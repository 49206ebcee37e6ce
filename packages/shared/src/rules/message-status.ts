import { WINDOW_HOURS } from '../limits';

// 02 §3: stored message statuses.
export const MESSAGE_STATUSES = ['sent', 'delivered', 'viewed', 'deleted', 'failed', 'warning'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const RANKS: Record<MessageStatus, number> = {
  sent: 0,
  delivered: 1,
  viewed: 2,
  deleted: 3,
  failed: 3,
  warning: 3,
};

export function isMessageStatus(x: string): x is MessageStatus {
  return (MESSAGE_STATUSES as readonly string[]).includes(x);
}

// 02 §4: null and sent 0; delivered 1; viewed 2; deleted, failed and warning 3. Unknown values rank 0 so
// they can never overwrite a known status.
export function messageStatusRank(status: string | null | undefined): number {
  if (status === null || status === undefined || !isMessageStatus(status)) return 0;
  return RANKS[status];
}

// 02 §4: a status applies to a message only at a strictly higher rank (webhooks arrive out of order).
export function shouldApplyStatus(
  current: string | null | undefined,
  incoming: string | null | undefined,
): boolean {
  return messageStatusRank(incoming) > messageStatusRank(current);
}

// 02 §4: the conversation's last-message status updates at an equal or higher rank.
export function shouldApplyConversationStatus(
  current: string | null | undefined,
  incoming: string | null | undefined,
): boolean {
  return messageStatusRank(incoming) >= messageStatusRank(current);
}

// 02 §3: Spanish labels as the product shows them.
export const MESSAGE_STATUS_LABELS = {
  delivered: 'Entregado',
  sent: 'Enviado',
  viewed: 'Visto',
  failed: 'fallido',
} as const;

export type MessageStatusIcon = 'sent' | 'delivered' | 'viewed' | 'pending';

// 02 §4: sent is also the default when absent; any other value shows a pending clock.
export function messageStatusIcon(status: string | null | undefined): MessageStatusIcon {
  if (status === null || status === undefined || status === 'sent') return 'sent';
  if (status === 'delivered' || status === 'viewed') return status;
  return 'pending';
}

export type MessagingPlatform = keyof typeof WINDOW_HOURS;

function toMs(value: Date | number): number {
  if (value instanceof Date) return value.getTime();
  // 02 §9: message times arrive in seconds; a value this small cannot be milliseconds of a real date.
  return value < 1e11 ? value * 1000 : value;
}

// 02 §4: remaining reply-window minutes from the latest message's windowExpiration; 0 once closed.
export function windowRemainingMinutes(
  windowExpiration: Date | number | null | undefined,
  now: Date | number = Date.now(),
): number {
  if (windowExpiration === null || windowExpiration === undefined) return 0;
  const remaining = toMs(windowExpiration) - toMs(now);
  return remaining > 0 ? Math.floor(remaining / 60000) : 0;
}

// 02 §4: WhatsApp window 24 hours, Messenger 7 days, counted from the customer's last message.
export function windowExpiresAt(lastCustomerMessageAt: Date | number, platform: MessagingPlatform): Date {
  return new Date(toMs(lastCustomerMessageAt) + WINDOW_HOURS[platform] * 3600000);
}

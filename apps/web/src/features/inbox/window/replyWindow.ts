import {
  type ConversationView,
  type ReplyWindowKind,
  replyWindowOf,
  sendsTemplates,
  windowRemainingMinutes,
} from '@crm/shared';

export { sendsTemplates };

/**
 * What the composer offers (01 §4 messaging windows): anything inside the reply window; outside it, approved
 * templates only on WhatsApp, nothing on Messenger (its 7-day rule) or other channels.
 */
export type ComposerMode = 'free' | 'templates' | 'messengerClosed' | 'closed';

// Messenger's 7-day rule has its own closed state: no template can reopen it.
const CLOSED_MODE: Record<ReplyWindowKind, ComposerMode> = {
  whatsapp: 'closed',
  messenger: 'messengerClosed',
};

export function composerMode(platform: string, remainingMinutes: number): ComposerMode {
  if (remainingMinutes > 0) return 'free';
  if (sendsTemplates(platform)) return 'templates';
  const window = replyWindowOf(platform);
  return window ? CLOSED_MODE[window] : 'closed';
}

/**
 * Minutes left in the reply window now. The end instant counts down without asking the server again; the
 * API refuses free text once fewer than one whole minute is left, so the same floor applies here.
 */
export function remainingMinutesAt(
  conversation: Pick<ConversationView, 'windowExpiresAt' | 'windowRemainingTime'>,
  now: number,
): number {
  if (conversation.windowExpiresAt === null) return 0;
  const expires = Date.parse(conversation.windowExpiresAt);
  if (Number.isNaN(expires)) return conversation.windowRemainingTime;
  return windowRemainingMinutes(expires, now);
}

/** The later of two window ends: a window only ever grows (the API keeps the greatest expiry). */
export function laterExpiry(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return Date.parse(b) > Date.parse(a) ? b : a;
}

/** 'Ventana: 23 h 12 min', 'Ventana: 45 min', 'Ventana: 6 d 23 h 5 min' (Messenger) or 'Ventana cerrada'. */
export function windowLabel(remainingMinutes: number): string {
  if (remainingMinutes <= 0) return 'Ventana cerrada';
  const days = Math.floor(remainingMinutes / 1440);
  const hours = Math.floor((remainingMinutes % 1440) / 60);
  const minutes = remainingMinutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days} d`);
  if (days > 0 || hours > 0) parts.push(`${hours} h`);
  parts.push(`${minutes} min`);
  return `Ventana: ${parts.join(' ')}`;
}

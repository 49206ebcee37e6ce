/** The send job's name and tries, shared by the agent's sends and automation's. */
export const SEND_QUEUE = 'send-message';
export const SEND_MAX_ATTEMPTS = 8;

/**
 * Sends of one conversation go out in the order they were written (a bot's answer before its menu): a message
 * waits while an earlier one of ours in the conversation is still on its way, however slow the provider. The
 * wait is bounded by how long an earlier send can still be alive: its tries' backoff (2 s doubling, capped at
 * 60 s: about 3 minutes over SEND_MAX_ATTEMPTS), each try's 15 s provider timeout (2 minutes), and an
 * interrupted send's wait for its status (SEND_RECONCILE_MS, 1 minute by default) — 10 minutes is more than all
 * of them; one pending for longer was left by something else and holds nothing back.
 */
export const SEND_ORDER_WINDOW_MS = 10 * 60_000;

/** How long a waiting send sleeps before it looks again: soon at first, then less often (a slow provider). */
export function sendOrderWaitMs(waitedMs: number): number {
  return Math.min(5000, Math.max(150, Math.round(waitedMs / 4)));
}

// Issue 17: the reference a send carries to the provider (WhatsApp biz_opaque_callback_data), repeated in its status
// webhooks, so a send whose answer was lost is recognised instead of sent twice.
const TRACKING_PREFIX = 'crm-message:';

export function sendTrackingId(messageId: number): string {
  return `${TRACKING_PREFIX}${messageId}`;
}

/** Our message's id in a tracking id, or null for one that is not ours. */
export function trackedMessageId(trackingId: string | undefined): number | null {
  if (!trackingId?.startsWith(TRACKING_PREFIX)) return null;
  const id = Number(trackingId.slice(TRACKING_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The send job's name and tries, shared by the agent's sends and automation's. */
export const SEND_QUEUE = 'send-message';
export const SEND_MAX_ATTEMPTS = 8;

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

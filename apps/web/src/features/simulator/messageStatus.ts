import { type MessageStatusPayload, type MessageView, shouldApplyStatus } from '@crm/shared';

// 02 §4: a status applies only at a higher rank. 'pending' (not yet handed to the provider) and a missing
// status rank like 'sent', so the first provider answer must still replace them.
export function statusApplies(current: string | null, incoming: string): boolean {
  if (current === null || current === 'pending') return incoming !== current;
  return shouldApplyStatus(current, incoming);
}

/** The messages with a real-time status update applied; the same array when nothing changes. */
export function withStatus(messages: MessageView[], update: MessageStatusPayload): MessageView[] {
  let changed = false;
  const next = messages.map((message) => {
    if (message.id !== update.messageId || !statusApplies(message.messageStatus, update.messageStatus)) {
      return message;
    }
    changed = true;
    return {
      ...message,
      messageStatus: update.messageStatus,
      errorCode: update.errorCode,
      errorInfo: update.errorInfo,
    };
  });
  return changed ? next : messages;
}

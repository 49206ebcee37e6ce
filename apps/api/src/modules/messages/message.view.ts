import type { MessageView } from '@crm/shared';
import { iso, reviveDates } from '../clients/conversation.view';
import type { MessageRow } from './messages.repository';

const MESSAGE_DATES = ['time', 'createdAt', 'seenAt', 'windowExpiration', 'editedAt'] as const;

/** A message row that came back as JSON (row_to_json), with its timestamps dates again. */
export function messageFromJson(row: Record<string, unknown>): MessageRow {
  return reviveDates<MessageRow>(row, MESSAGE_DATES);
}

export function messageView(message: MessageRow): MessageView {
  return {
    id: message.id,
    clientId: message.clientId,
    channelId: message.channelId,
    type: message.type,
    content: message.content,
    sender: message.sender,
    senderUserId: message.senderUserId,
    messageStatus: message.messageStatus,
    messageApiId: message.messageApiId,
    errorCode: message.errorCode,
    errorInfo: message.errorInfo,
    quotedMsgId: message.quotedMsgId,
    quotedMsgBody: message.quotedMsgBody,
    quotedMsgType: message.quotedMsgType,
    seen: message.seen,
    seenAt: iso(message.seenAt ?? null),
    seenBy: message.seenByName ?? null,
    windowExpiration: iso(message.windowExpiration ?? null),
    payload: message.payload,
    // 02 §3: a message sharing a contact card names it by its own id (POST /getContact {contactId}).
    contactId: message.type === 'contacts' ? message.id : null,
    fakeId: message.fakeId,
    editedAt: iso(message.editedAt ?? null),
    time: message.time.toISOString(),
    createdAt: message.createdAt.toISOString(),
  };
}

import { COMPOSE_MESSAGES, cleanedName, messagePreview } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type {
  InboundMessageChangeEvent,
  InboundMessageEvent,
} from '../../providers/channels/channel-provider';
import { RealtimeService } from '../../realtime/realtime.service';
import type { ChannelRow } from '../channels/channels.repository';
import { conversationRooms } from '../clients/conversation-rooms';
import { isDataError, referralView, type StoredContent } from './inbound-content';
import { type AsideMessage, InboundStoreRepository, type StoredAsideRow } from './inbound-store.repository';
import { messageView } from './message.view';
import { MessagesRepository } from './messages.repository';

/** A message stored beside the customer's own: which conversation, and whether storing it created that. */
export interface StoredAside {
  clientId: number;
  messageId: number;
  newClient: boolean;
}

export type ChangeResult = 'applied' | 'ignored' | 'unknown-message';

/**
 * What providers send besides the customer's messages, stored without counting unread (ARCHITECTURE rule 5, same
 * exactly-once rule): system notices (a number or identity change) as SYSTEM lines, echoes of what the business
 * sent from another app as its own messages, and the customer's edits and deletions of earlier messages.
 */
@Injectable()
export class InboundUpdatesService {
  private readonly logger = new Logger(InboundUpdatesService.name);

  constructor(
    private readonly store: InboundStoreRepository,
    private readonly messages: MessagesRepository,
    private readonly realtime: RealtimeService,
  ) {}

  /**
   * A system notice or an echo; null for a redelivery. A number change moves the conversation to the new number,
   * so the customer's next message lands in it rather than in a second contact.
   */
  async storeAside(
    channel: ChannelRow,
    event: InboundMessageEvent,
    stored: StoredContent,
  ): Promise<StoredAside | null> {
    const newSenderId =
      event.content.type === 'system' && event.content.notice.event === 'number_changed'
        ? event.content.notice.newSenderId
        : undefined;
    const oldKey = `${channel.id}-${event.from}`;
    const newKey = newSenderId ? `${channel.id}-${newSenderId}` : null;
    // The notice goes where the customer is known: the old number's conversation, else the new one's (they wrote
    // from it first), else a new conversation under the number they now use.
    let senderId = event.from;
    if (newKey && newSenderId && !(await this.store.conversationExists(oldKey))) senderId = newSenderId;

    const echo = event.echo === true;
    // The bubble says the business wrote it outside the CRM (no agent of ours did).
    const payload = echo ? { ...(stored.payload ?? {}), echo: true } : stored.payload;
    const name = event.profileName?.trim() || null;
    const aside: AsideMessage = {
      companyId: channel.companyId,
      channelId: channel.id,
      key: `${channel.id}-${senderId}`,
      senderId,
      name: name ?? senderId,
      nameFromChannel: name,
      cleanedName: cleanedName(name, senderId),
      type: stored.type,
      content: stored.text,
      payload,
      messageApiId: event.providerMessageId,
      sender: echo ? 'AGENT' : 'SYSTEM',
      messageStatus: echo ? 'sent' : null,
      time: event.timestamp,
      echo,
      lastMessage: messagePreview(stored.type, stored.text),
      // A Messenger referral notice (an ad or m.me link opened again) is the conversation's first when it has none.
      referral: event.referral ? referralView(event.referral) : null,
    };
    let row: StoredAsideRow | undefined;
    try {
      row = await this.store.storeAside(aside);
    } catch (error) {
      if (!isDataError(error)) throw error;
      this.logger.error(
        `message ${event.providerMessageId} of channel ${channel.id} not stored: ${String(error)}`,
      );
      return null;
    }
    if (!row) return null;
    if (newKey && newSenderId && senderId === event.from && newSenderId !== event.from) {
      await this.moveToNumber(oldKey, newKey, newSenderId);
    }
    return { clientId: row.clientId, messageId: row.messageId, newClient: row.inserted === true };
  }

  /** The conversation keeps its history, agent and tags; only the number it answers to changes. */
  private async moveToNumber(oldKey: string, newKey: string, newSenderId: string): Promise<void> {
    const moved = await this.store.moveToNumber(oldKey, newKey, newSenderId, (client) => {
      // Named by its number (no profile name yet): it is named by the new one.
      const byNumber = client.name === null || client.name === client.senderId;
      const name = byNumber ? newSenderId : client.name;
      return { name, cleanedName: cleanedName(byNumber ? null : name, newSenderId) };
    });
    if (moved.result === 'number-taken') {
      // The customer already wrote from the new number: both conversations stay, the notice links them.
      this.logger.warn(
        `number change of conversation ${moved.clientId}: ${newKey} has a conversation already`,
      );
    } else if (moved.result === 'lost-race') {
      // A first message from the new number created its conversation meanwhile: the same case as above.
      this.logger.warn(`number change to ${newKey} lost a race with a new conversation; both stay`);
    }
  }

  /**
   * An edit changes the message's text (a caption of a file) and marks it edited; a revoke deletes it for the team
   * as the customer deleted it for everyone. Neither adds a message or counts unread; the conversation's viewers
   * get the message anew (messageUpdated). `edited` is the edit's content as it would be stored.
   */
  async applyChange(
    channel: ChannelRow,
    event: InboundMessageChangeEvent,
    edited: StoredContent | null,
  ): Promise<ChangeResult> {
    const updated =
      event.change.type === 'edit'
        ? await this.messages.applyEdit(
            channel.id,
            event.originalProviderMessageId,
            edited?.text ?? '',
            event.timestamp,
          )
        : await this.messages.applyRevoke(channel.id, event.originalProviderMessageId, event.timestamp);
    if (!updated) {
      const exists = await this.messages.existsByProviderId(channel.id, event.originalProviderMessageId);
      return exists ? 'ignored' : 'unknown-message';
    }
    const deleted = event.change.type === 'revoke';
    // Quotes of it and the conversation's last-message line follow what the message now says.
    await this.messages.setQuotedBody(updated.id, updated.content);
    const client = await this.messages.followChange(
      updated,
      deleted ? COMPOSE_MESSAGES.deleted : messagePreview(updated.type, updated.content),
    );
    if (client) {
      this.realtime.emit(conversationRooms(client), 'messageUpdated', {
        clientId: updated.clientId,
        message: messageView(updated),
      });
    }
    return 'applied';
  }
}

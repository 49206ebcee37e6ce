import { messagePreview } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { Executor } from '../../database/kysely';
import { JobQueueService } from '../../jobs/job-queue.service';
import type { AutomationKind } from './automated-send.service';
import { SEND_MAX_ATTEMPTS, SEND_QUEUE } from './message-send-queue';
import { type MessageRow, MessagesRepository, type NewMessage } from './messages.repository';
import { OutboundHooks } from './outbound-hooks';

/** An outbound message to write: who sends it is an agent or automation, never the customer. */
export type OutboundDraft = NewMessage & { sender: 'AGENT' | 'BOT' };

/**
 * Writes one message of ours with everything that goes with it (ARCHITECTURE rule 6), in the caller's transaction:
 * the row, the conversation's last message, the send job (one per message, whatever retries the transaction) and
 * the other modules' hooks. The agent's sends and automation's both come here, so neither can forget a step.
 */
@Injectable()
export class OutboundWriter {
  constructor(
    private readonly messages: MessagesRepository,
    private readonly jobs: JobQueueService,
    private readonly hooks: OutboundHooks,
  ) {}

  async write(trx: Executor, draft: OutboundDraft, kind?: AutomationKind): Promise<MessageRow> {
    const saved = await this.messages.insertOutbound(trx, draft);
    await this.messages.setLastMessage(trx, saved.clientId, {
      lastMessageId: saved.id,
      lastMessage: messagePreview(saved.type, saved.content),
      lastMessageStatus: 'pending',
      lastMessageSender: draft.sender,
      lastUpdate: saved.time,
    });
    await this.jobs.enqueue(
      SEND_QUEUE,
      { messageId: saved.id },
      { db: trx, singletonKey: `send:${saved.id}`, maxAttempts: SEND_MAX_ATTEMPTS },
    );
    await this.hooks.afterSend(trx, {
      messageId: saved.id,
      clientId: saved.clientId,
      channelId: saved.channelId,
      companyId: saved.companyId,
      sender: draft.sender,
      ...(kind ? { kind } : {}),
      time: saved.time,
    });
    return saved;
  }
}

import {
  COMPOSE_MESSAGES,
  type ContactCard,
  contactCardOf,
  DEFAULT_COMPANY_SETTINGS,
  FORWARD_MAX_CONTACTS,
  FORWARD_MAX_MESSAGES,
  forwardWindowClosedMessage,
  type MessageView,
  messageWithoutPhone,
  PAGE_SIZES,
  platformOf,
  sendsTemplates,
  templateVariablesMessage,
  withAgentName,
} from '@crm/shared';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { contactNameFor, seesPhoneNumbers } from '../../common/privacy/phone-privacy';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { retryOnConflict } from '../../database/conflict-retry';
import { jsonb } from '../../database/jsonb';
import { JobQueueService, PermanentJobError, RetryJobError } from '../../jobs/job-queue.service';
import { type OutboundMessage, ProviderError } from '../../providers/channels/channel-provider';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelRegistry } from '../channels/channel-registry.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { ClientsService } from '../clients/clients.service';
import { windowRemainingMinutes } from '../clients/conversation.view';
import { conversationRooms } from '../clients/conversation-rooms';
import { SendMessageInput } from './dto/send-message.input';
import { InboundService } from './inbound.service';
import { InboundMediaService } from './inbound-media.service';
import { messageView } from './message.view';
import {
  SEND_MAX_ATTEMPTS,
  SEND_ORDER_WINDOW_MS,
  SEND_QUEUE,
  sendOrderWaitMs,
  sendTrackingId,
} from './message-send-queue';
import { type MessageRow, MessagesRepository } from './messages.repository';
import { type Draft, draftOf, forwardDraft, outboundContent, templateHeaderMedia } from './outbound-content';
import { OutboundWriter } from './outbound-writer.service';

export { SEND_QUEUE } from './message-send-queue';

/**
 * Outbound messages (ARCHITECTURE rule 6): the row and its send job are written in one transaction, then a job
 * sends through the channel's adapter, retrying rate limits and failing the message with the provider's code
 * otherwise. A crash at any point loses nothing; a job that already recorded a provider id never sends again.
 */
@Injectable()
export class MessagesService implements OnModuleInit {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    private readonly messages: MessagesRepository,
    private readonly clients: ClientsService,
    private readonly channels: ChannelsService,
    private readonly registry: ChannelRegistry,
    private readonly jobs: JobQueueService,
    private readonly inbound: InboundService,
    private readonly realtime: RealtimeService,
    private readonly media: InboundMediaService,
    private readonly writer: OutboundWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register(SEND_QUEUE, async (payload, job) => this.deliver(payload.messageId, job.attempts));
  }

  async list(
    user: AuthUser,
    clientId: number,
    skip = 0,
    first: number = PAGE_SIZES.messages,
  ): Promise<MessageView[]> {
    await this.clients.getVisible(user, clientId);
    const rows = await this.messages.page(clientId, skip, Math.min(first, 200));
    return rows.map(messageView);
  }

  async send(user: AuthUser, input: SendMessageInput): Promise<MessageView> {
    const { client, channel } = await this.clients.getVisible(user, input.clientId);
    const draft = await this.signed(user, draftOf(input), channel.platform);
    if (!draft.isTemplate && windowRemainingMinutes(client.windowExpiresAt) <= 0) {
      // 01 §4: outside the window WhatsApp takes only templates; Messenger has its own 7-day rule.
      throw new AppException(platformOf(channel.platform)?.windowClosedError ?? 'TEMPLATE_REQUIRED', {
        field: 'text',
      });
    }
    if (draft.isTemplate && !sendsTemplates(channel.platform)) {
      throw AppException.validation('template', COMPOSE_MESSAGES.templatesWhatsAppOnly);
    }
    if (draft.isTemplate && input.template) await this.describeTemplate(draft, channel.id, input.template);
    const quoted = input.quotedMsgId
      ? await this.messages.findInConversation(input.quotedMsgId, client.id)
      : null;
    if (input.quotedMsgId && !quoted) throw new AppException('MESSAGE_NOT_FOUND', { field: 'quotedMsgId' });

    // Last, once the send is allowed: a received file goes to the provider as a public copy.
    await this.media.publishForSend(user, draft.payload);
    // Issue 22: a deadlock's victim (this insert and a webhook's cross on the conversation and the analytics rollup
    // rows) is rolled back whole, so the transaction runs again rather than answer 500.
    const message = await retryOnConflict(() =>
      this.messages.transaction((trx) =>
        this.writer.write(trx, {
          companyId: client.companyId,
          clientId: client.id,
          channelId: channel.id,
          type: draft.type,
          content: draft.content,
          payload: draft.payload === null ? null : jsonb(draft.payload),
          sender: 'AGENT',
          senderUserId: user.id,
          messageStatus: 'pending',
          quotedMsgId: quoted?.id ?? null,
          quotedMsgBody: quoted?.content ?? null,
          quotedMsgType: quoted?.type ?? null,
          fakeId: input.fakeId ?? null,
          time: new Date(),
        }),
      ),
    );
    await this.inbound.publishNewMessage(channel, client.id, message.id, false);
    return messageView(message);
  }

  /** 02 §3 isAgentNameInMessageActive: a text the agent writes starts with their name. */
  private async signed(user: AuthUser, draft: Draft, platform: string): Promise<Draft> {
    if (draft.type !== 'text' || draft.isTemplate) return draft;
    const row = await this.messages.agentSignature(
      user.id,
      DEFAULT_COMPANY_SETTINGS.isAgentNameInMessageActive,
    );
    if (!row?.on) return draft;
    return { ...draft, content: withAgentName(draft.content, row.name, platform) };
  }

  /** 02 §4: marking read clears the unread count and marks the contact's messages seen by the reader. */
  /**
   * A template we know (02 §3 WhatsApp template of the channel) must be accepted and get all its variables; the
   * stored message keeps the body the customer reads, so the bubble and the list show it rather than a name.
   * One we do not know yet (not synced) goes to the provider as asked: the provider has the last word.
   */
  private async describeTemplate(
    draft: { content: string; payload: Record<string, unknown> | null },
    channelId: number,
    template: { name: string; language: string; bodyParameters: string[] },
  ): Promise<void> {
    const known = await this.messages.templateForSend(
      channelId,
      template.name,
      template.language.split('_')[0],
    );
    if (!known) return;
    if (known.status !== 'accepted') {
      throw AppException.validation('template', COMPOSE_MESSAGES.templateNotApproved);
    }
    const params = template.bodyParameters.map((v) => v.trim());
    if (params.length !== known.variables || params.some((v) => v === '')) {
      throw AppException.validation('template', templateVariablesMessage(known.variables));
    }
    const header = templateHeaderMedia(known.components);
    const body = known.components.find((c) => c.type === 'BODY')?.text ?? '';
    if (!body) {
      if (header) draft.payload = { template: { ...template, header } };
      return;
    }
    const filled = body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
    draft.content = filled;
    draft.payload = { template: { ...template, body, ...(header ? { header } : {}) } };
  }

  /**
   * Forward (02 §5): 1 to 6 messages to 1 or 2 conversations, each sent as a new message of ours through the
   * target's channel. Everything is checked before anything is sent, so a refused forward sends nothing.
   */
  async forward(user: AuthUser, messageIds: number[], clientIds: number[]): Promise<MessageView[]> {
    const ids = [...new Set(messageIds)];
    const targets = [...new Set(clientIds)];
    if (ids.length === 0 || ids.length > FORWARD_MAX_MESSAGES) {
      throw AppException.validation('messageIds', COMPOSE_MESSAGES.forwardMessagesCount);
    }
    if (targets.length === 0 || targets.length > FORWARD_MAX_CONTACTS) {
      throw AppException.validation('clientIds', COMPOSE_MESSAGES.forwardContactsCount);
    }
    const messages = await this.messages.findByIds(ids);
    if (messages.length !== ids.length) throw new AppException('MESSAGE_NOT_FOUND', { field: 'messageIds' });
    for (const clientId of new Set(messages.map((m) => m.clientId)))
      await this.clients.getVisible(user, clientId);
    for (const clientId of targets) {
      const { client } = await this.clients.getVisible(user, clientId);
      if (windowRemainingMinutes(client.windowExpiresAt) <= 0) {
        throw AppException.validation('clientIds', forwardWindowClosedMessage(contactNameFor(user, client)));
      }
    }
    const ordered = [...messages].sort((a, b) => a.time.getTime() - b.time.getTime() || a.id - b.id);
    // Issue 15 §3: a user who may not see numbers forwards a number-change notice as they see it, without them.
    const inputs = ordered.map((m) => forwardDraft(seesPhoneNumbers(user) ? m : messageWithoutPhone(m)));
    const sent: MessageView[] = [];
    for (const clientId of targets) {
      for (const input of inputs)
        sent.push(await this.send(user, Object.assign(new SendMessageInput(), input, { clientId })));
    }
    return sent;
  }

  async markRead(user: AuthUser, clientId: number): Promise<{ clientId: number; unreadMessages: number }> {
    const { client } = await this.clients.getVisible(user, clientId);
    await this.messages.markRead(client.id, user.id);
    const payload = { clientId: client.id, unreadMessages: 0 };
    this.realtime.emit(conversationRooms(client), 'markAsRead', payload);
    return payload;
  }

  /** 02 §4: marking unread sets the count to 1 and the last contact message unseen, clearing its reader. */
  async markUnread(user: AuthUser, clientId: number): Promise<{ clientId: number; unreadMessages: number }> {
    const { client } = await this.clients.getVisible(user, clientId);
    await this.messages.markUnread(client.id, Math.max(1, client.unreadMessagesCount));
    const payload = { clientId: client.id, unreadMessages: Math.max(1, client.unreadMessagesCount) };
    this.realtime.emit(conversationRooms(client), 'markAsUnread', payload);
    return payload;
  }

  /**
   * POST /deleteMessage: the message is deleted for the team (status 'deleted', content cleared). What the
   * customer already received stays on their phone: providers cannot take a delivered message back.
   */
  async deleteMessage(user: AuthUser, messageId: number): Promise<{ id: number; messageStatus: 'deleted' }> {
    const message = await this.messages.findById(messageId);
    if (!message) throw new AppException('MESSAGE_NOT_FOUND', { field: 'id' });
    const { channel } = await this.clients.getVisible(user, message.clientId);
    await this.messages.deleteForTeam(message, COMPOSE_MESSAGES.deleted);
    await this.inbound.republishStatus(channel, message.id);
    return { id: message.id, messageStatus: 'deleted' };
  }

  /** POST /getContact: the first card of a visible `contacts` message; any other message has none (404). */
  async contactCard(user: AuthUser, contactId: number): Promise<ContactCard> {
    const message = await this.messages.findById(contactId);
    if (!message) throw new AppException('MESSAGE_NOT_FOUND', { field: 'contactId' });
    await this.clients.getVisible(user, message.clientId);
    const card = message.type === 'contacts' ? contactCardOf(message.id, message.payload) : null;
    if (!card) throw new AppException('MESSAGE_NOT_FOUND', { field: 'contactId' });
    return card;
  }

  /** The send job. */
  private async deliver(messageId: number, attempt: number): Promise<void> {
    const message = await this.messages.findById(messageId);
    if (!message || message.messageApiId || message.messageStatus !== 'pending') return;
    // Issue 17: messages written together (a bot's answer, then its menu) reach the customer in that order: this
    // one waits — a wait, not a failed try — while an earlier one of the conversation is still on its way.
    if (await this.messages.earlierPendingSend(message, new Date(Date.now() - SEND_ORDER_WINDOW_MS))) {
      const waited = Date.now() - message.createdAt.getTime();
      throw new RetryJobError(
        `message ${message.id} waits for an earlier one`,
        sendOrderWaitMs(waited),
        false,
      );
    }
    const to = await this.messages.recipient(message.clientId);
    if (to === undefined)
      throw new Error(`conversation ${message.clientId} of message ${message.id} not found`);
    const channel = (await this.channels.findById(message.channelId)) as ChannelRow;
    const quoted = message.quotedMsgId ? await this.messages.findById(message.quotedMsgId) : null;
    const adapter = this.registry.get(channel.platform);
    if (message.sendStartedAt) {
      // Issue 17: an earlier try handed the message to the provider and never recorded its answer (its process was
      // killed, its connection dropped): the provider may have it. Where the provider's status webhooks name our
      // message (tracksSends), one of them records its id (InboundService.applyStatus) and ends this job at its next
      // try; only when none came within SEND_RECONCILE_MS is it sent again.
      const waited = Date.now() - message.sendStartedAt.getTime();
      if (adapter.tracksSends && waited < this.config.sendReconcileMs) {
        throw new RetryJobError(
          `message ${message.id}: an earlier send was interrupted, waiting for its status`,
          this.config.sendReconcileMs - waited,
        );
      }
      this.logger.warn(
        `message ${message.id}: an earlier send was interrupted before its answer, sending again`,
      );
    }
    const outbound: OutboundMessage = {
      to,
      content: outboundContent(message),
      replyToProviderMessageId: quoted?.messageApiId ?? undefined,
      ...(adapter.tracksSends ? { trackingId: sendTrackingId(message.id) } : {}),
    };
    // Committed before the call: a try that dies after it leaves the next one this mark.
    await this.messages.markSendStarted(message.id);
    let providerMessageId: string;
    try {
      ({ providerMessageId } = await adapter.send(this.channels.credentials(channel), outbound));
    } catch (error) {
      // The provider answered with a refusal: it does not have the message (a lost connection leaves the mark).
      if (error instanceof ProviderError && error.code !== 'PROVIDER_UNAVAILABLE') {
        await this.messages.clearSendStarted(message.id);
      }
      const providerError =
        error instanceof ProviderError ? error : new ProviderError('SEND_MESSAGE_ERROR', true, String(error));
      if (providerError.retryable && attempt < SEND_MAX_ATTEMPTS) {
        this.logger.warn(`message ${message.id}: ${providerError.message}, retrying`);
        throw new RetryJobError(
          providerError.message,
          providerError.retryAfterMs ?? Math.min(60_000, 1000 * 2 ** attempt),
        );
      }
      await this.fail(channel, message, providerError);
      throw new PermanentJobError(providerError.message);
    }
    try {
      await this.messages.setProviderId(message.id, providerMessageId);
      await this.inbound.applyStatus(channel, { providerMessageId, status: 'sent' });
    } catch (error) {
      // The provider has the message: retrying the job would send it twice. Never send twice (rule 6).
      this.logger.error(
        `message ${message.id} sent as ${providerMessageId} but not recorded: ${String(error)}`,
      );
      throw new PermanentJobError(`sent but not recorded: ${String(error)}`);
    }
  }

  private async fail(channel: ChannelRow, message: MessageRow, error: ProviderError): Promise<void> {
    const code = String(error.providerCode ?? error.code);
    await this.messages.markFailed(message.id, code, error.info);
    await this.inbound.republishStatus(channel, message.id);
  }
}

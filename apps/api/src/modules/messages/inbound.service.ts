import { cleanedName, messagePreview, replyWindowOf, windowExpiresAt } from '@crm/shared';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { JobQueueService, RetryJobError } from '../../jobs/job-queue.service';
import type {
  ChannelPlatform,
  InboundMessageChangeEvent,
  InboundMessageEvent,
  InboundStatusEvent,
  InboundWatermarkEvent,
  WebhookEvent,
} from '../../providers/channels/channel-provider';
import { RealtimeService } from '../../realtime/realtime.service';
import { SANDBOX_EVENTS_QUEUE } from '../channels/channel-registry.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { AutoAssignmentService } from '../clients/auto-assignment.service';
import { ClientsService } from '../clients/clients.service';
import { conversationView } from '../clients/conversation.view';
import { conversationRooms } from '../clients/conversation-rooms';
import { TemplateStatusService } from '../templates/template-status.service';
import {
  contentOf,
  isDataError,
  referralView,
  reportUnsupportedOnce,
  type StoredContent,
  withEventParts,
} from './inbound-content';
import { InboundMediaService } from './inbound-media.service';
import { InboundStoreRepository, type StoredInbound } from './inbound-store.repository';
import { InboundUpdatesService } from './inbound-updates.service';
import { messageView } from './message.view';
import { trackedMessageId } from './message-send-queue';
import { type MessageStatusRow, MessagesRepository } from './messages.repository';

export interface IngestResult {
  stored: number;
  duplicates: number;
  statuses: number;
  unknownChannel: number;
}

const STATUS_RETRY_QUEUE = 'message-status-retry';
const AUTOMATION_QUEUE = 'automation-inbound';
// 02 §4 / §9: a status for a message we have not recorded yet is retried every 200 ms, up to 10 times.
const STATUS_RETRY_MS = 200;
const STATUS_RETRY_MAX = 10;

/** Webhook events that went through a job's JSON: their dates come back as strings. */
export function reviveEvents(raw: unknown): WebhookEvent[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((event: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...event };
    for (const key of ['timestamp', 'windowExpiresAt', 'watermark', 'at']) {
      if (typeof out[key] === 'string') out[key] = new Date(out[key] as string);
    }
    return out as unknown as WebhookEvent;
  });
}

/**
 * Stores what providers tell us (ARCHITECTURE rule 5): each message exactly once (unique index on the provider
 * id, insert-or-nothing, so even racing redeliveries make one row), statuses by the 02 §4 rank rule whatever
 * their order, and publishes the matching real-time events after commit.
 */
@Injectable()
export class InboundService implements OnModuleInit {
  private readonly logger = new Logger(InboundService.name);

  constructor(
    private readonly store: InboundStoreRepository,
    private readonly messages: MessagesRepository,
    private readonly channels: ChannelsService,
    private readonly realtime: RealtimeService,
    private readonly jobs: JobQueueService,
    private readonly clients: ClientsService,
    private readonly autoAssignment: AutoAssignmentService,
    private readonly media: InboundMediaService,
    private readonly updates: InboundUpdatesService,
    private readonly templateStatuses: TemplateStatusService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(SANDBOX_EVENTS_QUEUE, async (payload) => {
      await this.ingest('sandbox', reviveEvents(payload.events));
    });
    this.jobs.register(STATUS_RETRY_QUEUE, async (event, job) => {
      // Dates travel through the job's JSON as strings.
      const channel = await this.channels.findByProviderId(event.platform, event.channelProviderId);
      if (!channel) return;
      const applied = await this.applyStatus(channel, {
        providerMessageId: event.providerMessageId,
        status: event.status,
        error: event.error,
        windowExpiresAt: event.windowExpiresAt ? new Date(event.windowExpiresAt) : undefined,
        trackingId: event.trackingId,
      });
      if (applied === 'unknown-message' && job.attempts < STATUS_RETRY_MAX) {
        throw new RetryJobError('message not stored yet', STATUS_RETRY_MS);
      }
    });
  }

  async ingest(platform: ChannelPlatform, events: WebhookEvent[]): Promise<IngestResult> {
    const result: IngestResult = { stored: 0, duplicates: 0, statuses: 0, unknownChannel: 0 };
    const channelCache = new Map<string, ChannelRow | null>();
    for (const event of events) {
      if (event.kind === 'templateStatus') {
        // A template's status is the templates module's (issue 16); templates belong to an account, not a number.
        await this.templateStatuses.receive(platform, event);
        result.statuses += 1;
        continue;
      }
      let channel = channelCache.get(event.channelProviderId);
      if (channel === undefined) {
        channel = await this.channels.findByProviderId(platform, event.channelProviderId);
        channelCache.set(event.channelProviderId, channel);
      }
      if (!channel) {
        // Answered 200 all the same: a provider retrying an id we do not know would only make a storm.
        this.logger.warn(`${platform} event for unknown channel ${event.channelProviderId} ignored`);
        result.unknownChannel += 1;
        continue;
      }
      if (event.kind === 'message') {
        if (await this.storeMessage(channel, event)) result.stored += 1;
        else result.duplicates += 1;
        await this.media.schedule(channel, event);
      } else if (event.kind === 'change') {
        await this.applyChange(channel, event);
      } else if (event.kind === 'status') {
        const applied = await this.applyStatus(channel, event);
        if (applied === 'unknown-message') {
          await this.jobs.enqueue(
            STATUS_RETRY_QUEUE,
            {
              ...event,
              platform,
              timestamp: event.timestamp.toISOString(),
              windowExpiresAt: event.windowExpiresAt?.toISOString(),
            },
            { runAt: new Date(Date.now() + STATUS_RETRY_MS), maxAttempts: STATUS_RETRY_MAX },
          );
        }
        result.statuses += 1;
      } else {
        await this.applyWatermark(channel, event);
        result.statuses += 1;
      }
    }
    return result;
  }

  /**
   * True when the message was new; false for a redelivery. One statement: the message is inserted first (or
   * nothing, for a redelivery: the unique index decides, even between racing deliveries), and only a message
   * that was inserted creates or updates its conversation. Both rows come back for the event, so nothing is
   * read again. An older message arriving late counts as unread but does not replace the newer last message.
   */
  private async storeMessage(channel: ChannelRow, event: InboundMessageEvent): Promise<boolean> {
    const content = contentOf(event.content, event.from);
    const { type, text } = content;
    const payload = withEventParts(content.payload, event);
    if (event.content.type === 'unsupported')
      reportUnsupportedOnce(this.logger, channel.platform, event.content.rawType);
    // Notices about the customer and the business's own messages are never the customer's: no unread, no window.
    if (event.content.type === 'system' || event.echo)
      return this.storeAside(channel, event, { type, text, payload });
    const name = event.profileName?.trim() || null;
    let stored: StoredInbound | undefined;
    try {
      stored = await this.store.storeMessage({
        companyId: channel.companyId,
        channelId: channel.id,
        key: `${channel.id}-${event.from}`,
        senderId: event.from,
        name: name ?? event.from,
        nameFromChannel: name,
        cleanedName: cleanedName(name, event.from),
        type,
        content: text,
        payload,
        messageApiId: event.providerMessageId,
        time: event.timestamp,
        windowExpiresAt: windowExpiresAt(
          event.timestamp,
          // SMS has no window of its own; its conversations keep WhatsApp's count as before.
          replyWindowOf(channel.platform) ?? 'whatsapp',
        ),
        lastMessage: messagePreview(type, text),
        quotedMessageApiId: event.quotedProviderMessageId ?? null,
        referral: event.referral ? referralView(event.referral) : null,
      });
    } catch (error) {
      if (!isDataError(error)) throw error;
      // A value PostgreSQL refuses (too long, malformed) would fail every redelivery too: logged, acknowledged.
      this.logger.error(
        `message ${event.providerMessageId} of channel ${channel.id} not stored: ${String(error)}`,
      );
      return false;
    }
    if (!stored) return false;
    const { client, message, inserted: newClient } = stored;
    if (stored.automation) await this.scheduleAutomation(message.id, client.id, newClient);
    // A channel whose menu bot is on assigns when the bot hands over (issue 17), not on the first message.
    if (newClient && !channel.useChatbot && (await this.assignNewConversation(channel, client.id))) {
      // Published with its agent, so the agent's own room hears of it.
      await this.publishNewMessage(channel, client.id, message.id, true);
      return true;
    }
    this.realtime.emit(conversationRooms(client), newClient ? 'newClient' : 'newMessage', {
      client: conversationView(client, channel, stored.extras),
      message: messageView(message),
    });
    return true;
  }

  /**
   * Issue 17: welcome, menu bot, survey answers and follow-up bots act on the message in a job of their own, keyed
   * by the message, so the webhook is answered at once and a crash or a second instance changes nothing.
   */
  private async scheduleAutomation(messageId: number, clientId: number, newClient: boolean): Promise<void> {
    await this.jobs.enqueue(
      AUTOMATION_QUEUE,
      { messageId, clientId, newClient },
      { singletonKey: `automation:${messageId}` },
    );
  }

  /** System notices and echoes (InboundUpdatesService), then published like any new message. */
  private async storeAside(
    channel: ChannelRow,
    event: InboundMessageEvent,
    content: StoredContent,
  ): Promise<boolean> {
    const aside = await this.updates.storeAside(channel, event, content);
    if (!aside) return false;
    const assigned = aside.newClient && (await this.assignNewConversation(channel, aside.clientId));
    await this.publishNewMessage(channel, aside.clientId, aside.messageId, aside.newClient || assigned);
    return true;
  }

  /** The customer edited or deleted an earlier message. */
  private async applyChange(channel: ChannelRow, event: InboundMessageChangeEvent): Promise<void> {
    const edited = event.change.type === 'edit' ? contentOf(event.change.content, event.from) : null;
    if (event.change.type === 'edit' && event.change.content.type === 'unsupported')
      reportUnsupportedOnce(this.logger, channel.platform, `edit:${event.change.content.rawType}`);
    if ((await this.updates.applyChange(channel, event, edited)) !== 'unknown-message') return;
    if (event.change.type === 'revoke') {
      this.logger.warn(
        `channel ${channel.id}: deletion of unknown message ${event.originalProviderMessageId}`,
      );
      return;
    }
    // An edit of a message we never got: the customer's words as they are now, under the original's id (so the
    // original arriving late is a duplicate), marked edited.
    await this.storeMessage(channel, {
      kind: 'message',
      channelProviderId: event.channelProviderId,
      providerMessageId: event.originalProviderMessageId,
      from: event.from,
      timestamp: event.timestamp,
      content: event.change.content,
    });
    await this.updates.applyChange(channel, event, edited);
  }

  /** A failure here never loses the message: the conversation just stays unassigned. */
  private async assignNewConversation(channel: ChannelRow, clientId: number): Promise<boolean> {
    try {
      return (await this.autoAssignment.assignNew(channel.companyId, channel.id, clientId)) !== null;
    } catch (error) {
      this.logger.error(`automatic assignment of conversation ${clientId} failed: ${String(error)}`);
      return false;
    }
  }

  async publishNewMessage(
    _channel: ChannelRow,
    clientId: number,
    messageId: number,
    newClient: boolean,
  ): Promise<void> {
    const [client, message] = await Promise.all([
      this.clients.view(clientId),
      this.messages.findById(messageId).then((row) => {
        if (!row) throw new Error(`message ${messageId} not found`);
        return row;
      }),
    ]);
    this.realtime.emit(conversationRooms(client), newClient ? 'newClient' : 'newMessage', {
      client,
      message: messageView(message),
    });
  }

  /** Applies a status at a higher rank only (02 §4). */
  async applyStatus(
    channel: ChannelRow,
    event: Pick<
      InboundStatusEvent,
      'providerMessageId' | 'status' | 'error' | 'windowExpiresAt' | 'trackingId'
    >,
  ): Promise<'applied' | 'ignored' | 'unknown-message'> {
    const applied = await this.applyKnownStatus(channel, event);
    if (applied !== 'unknown-message') return applied;
    // Issue 17: a status naming our message by the tracking id it was sent with, before its provider id was
    // recorded (the send's answer was lost to a crash, or is not written yet): the id is recorded from it, so the
    // interrupted send is not sent again.
    const ours = trackedMessageId(event.trackingId);
    if (ours === null || !(await this.messages.attachProviderId(channel.id, ours, event.providerMessageId))) {
      return applied;
    }
    return this.applyKnownStatus(channel, event);
  }

  private async applyKnownStatus(
    channel: ChannelRow,
    event: Pick<InboundStatusEvent, 'providerMessageId' | 'status' | 'error' | 'windowExpiresAt'>,
  ): Promise<'applied' | 'ignored' | 'unknown-message'> {
    const updated = await this.messages.applyStatus(channel.id, event.providerMessageId, {
      status: event.status,
      errorCode: event.error?.code ?? null,
      errorInfo: event.error ? [event.error.title, event.error.details].filter(Boolean).join(': ') : null,
      windowExpiration: event.windowExpiresAt ?? null,
    });
    if (!updated) {
      const exists = await this.messages.existsByProviderId(channel.id, event.providerMessageId);
      return exists ? 'ignored' : 'unknown-message';
    }
    await this.afterStatus(channel, updated, event.windowExpiresAt ?? null);
    return 'applied';
  }

  /** Publishes a message's current status (e.g. after a send failed) through the same rules as a webhook's. */
  async republishStatus(channel: ChannelRow, messageId: number): Promise<void> {
    const message = await this.messages.statusOf(messageId);
    if (message) await this.afterStatus(channel, message, null);
  }

  private async afterStatus(
    channel: ChannelRow,
    message: MessageStatusRow,
    windowEnd: Date | null,
  ): Promise<void> {
    // 02 §4: the conversation's last-message status follows at an equal or higher rank.
    const client = await this.messages.followStatus(message, windowEnd);
    if (!client) return;
    this.realtime.emit(conversationRooms(client), 'messageStatus', {
      messageId: message.id,
      clientId: message.clientId,
      messageStatus: message.messageStatus,
      errorCode: message.errorCode,
      errorInfo: message.errorInfo,
      lastMessageStatus: client.lastMessageStatus,
    });
    this.logger.debug(`message ${message.id} of channel ${channel.id} is now ${message.messageStatus}`);
  }

  /** Messenger receipts: every message of ours to that person up to the watermark. */
  private async applyWatermark(channel: ChannelRow, event: InboundWatermarkEvent): Promise<void> {
    const list = await this.messages.applyWatermark(
      channel.id,
      event.counterpart,
      event.watermark,
      event.status,
      // A receipt naming its messages (delivery mids) applies to them even when sent after the watermark.
      event.providerMessageIds ?? [],
    );
    for (const message of list.sort((a, b) => a.id - b.id)) await this.afterStatus(channel, message, null);
  }
}

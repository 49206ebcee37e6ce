import { cleanedName, DEFAULT_COMPANY_SETTINGS, messagePreview, windowExpiresAt } from '@crm/shared';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { pgPool } from '../../database/pg-pool';
import { firstRow, queryRows } from '../../database/query-rows';
import { JobQueueService, RetryJobError } from '../../jobs/job-queue.service';
import type {
  ChannelPlatform,
  InboundContent,
  InboundMessageChangeEvent,
  InboundMessageEvent,
  InboundStatusEvent,
  InboundWatermarkEvent,
  WebhookEvent,
} from '../../providers/channels/channel-provider';
import { RealtimeService } from '../../realtime/realtime.service';
import { SANDBOX_EVENTS_QUEUE } from '../channels/channel-registry.service';
import { ChannelsService } from '../channels/channels.service';
import type { Channel } from '../channels/entities/channel.entity';
import { AutoAssignmentService } from '../clients/auto-assignment.service';
import { ClientsService } from '../clients/clients.service';
import {
  clientFromJson,
  conversationExtrasSql,
  conversationView,
  extrasFromRow,
  messageFromJson,
  messageView,
} from '../clients/conversation.view';
import { conversationRooms } from '../clients/conversation-rooms';
import { Message } from './entities/message.entity';
import {
  isDataError,
  receivedContentOf,
  referralView,
  reportUnsupportedOnce,
  type StoredContent,
  withEventParts,
} from './inbound-content';
import { InboundMediaService, initialMediaStatus } from './inbound-media.service';
import { InboundUpdatesService } from './inbound-updates.service';

export interface IngestResult {
  stored: number;
  duplicates: number;
  statuses: number;
  unknownChannel: number;
}

const STATUS_RETRY_QUEUE = 'message-status-retry';
// 02 §4 / §9: a status for a message we have not recorded yet is retried every 200 ms, up to 10 times.
const STATUS_RETRY_MS = 200;
const STATUS_RETRY_MAX = 10;

function contentOf(content: InboundContent, from = ''): StoredContent {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text, payload: null };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      return {
        type: content.type,
        text: content.caption ?? '',
        payload: {
          file: {
            name: content.filename ?? null,
            fileType: content.type,
            url: content.url ?? null,
            mimeType: content.mimeType ?? null,
            providerMediaId: content.providerMediaId ?? null,
            weight: null,
            // Downloaded into our storage by InboundMediaService: provider URLs expire.
            status: initialMediaStatus(content),
          },
        },
      };
    case 'location':
      return {
        type: 'location',
        text: content.name ?? content.address ?? '',
        payload: {
          location: {
            latitude: content.latitude,
            longitude: content.longitude,
            name: content.name ?? null,
            address: content.address ?? null,
            url: content.url ?? `https://maps.google.com/?q=${content.latitude},${content.longitude}`,
          },
        },
      };
    case 'contacts':
      return {
        type: 'contacts',
        text: content.contacts[0]?.name.formatted_name ?? '',
        payload: { contacts: content.contacts },
      };
    case 'interactive':
      return { type: 'interactive', text: content.title, payload: { interactive: content } };
    case 'button':
      return { type: 'button', text: content.text, payload: { button: content } };
    case 'reaction':
      return { type: 'reaction', text: content.emoji, payload: { reaction: content } };
    default:
      // Orders, Flow replies, links, system notices and what this code cannot read (inbound-content.ts).
      return receivedContentOf(content, from);
  }
}

const STORE_MESSAGE_SQL = `
  WITH ids AS (
    SELECT coalesce((SELECT id FROM clients WHERE key = $3), nextval(pg_get_serial_sequence('clients', 'id'))) AS cid
  ), q AS (
    SELECT id, content, type FROM messages WHERE "channelId" = $2 AND "messageApiId" = $15
  ), m AS (
    INSERT INTO messages ("companyId", "clientId", "channelId", type, content, payload, sender, "messageApiId",
      "time", "quotedMsgId", "quotedMsgBody", "quotedMsgType")
    SELECT $1, ids.cid, $2, $8, $9, $10, 'CLIENT', $11, $12, q.id, q.content, q.type
    FROM ids LEFT JOIN q ON true
    ON CONFLICT ("channelId", "messageApiId") WHERE "messageApiId" IS NOT NULL DO NOTHING
    RETURNING *
  ), c AS (
    INSERT INTO clients AS cl (id, "companyId", "channelId", key, "senderId", name, "nameFromChannel", "cleanedName",
      "whatsappStartedAt", "unreadMessagesCount", "whatsappLastMessageAt", "windowExpiresAt", "lastMessageId",
      "lastMessage", "lastMessageSender", answered, "lastUpdate", referral)
    SELECT m."clientId", $1, $2, $3, $4, $5, $6, $7, m."time", 1, m."time", $13, m.id, $14, 'CLIENT', false, m."time", $16
    FROM m
    ON CONFLICT (key) DO UPDATE SET
      "nameFromChannel" = coalesce(EXCLUDED."nameFromChannel", cl."nameFromChannel"),
      -- A conversation still named by its number takes the name the channel gives (Twilio's ProfileName...).
      name = CASE WHEN (cl.name IS NULL OR cl.name = cl."senderId") AND EXCLUDED."nameFromChannel" IS NOT NULL
        THEN EXCLUDED."nameFromChannel" ELSE cl.name END,
      "cleanedName" = CASE WHEN (cl.name IS NULL OR cl.name = cl."senderId") AND EXCLUDED."nameFromChannel" IS NOT NULL
        THEN EXCLUDED."cleanedName" ELSE cl."cleanedName" END,
      -- The first ad or link the customer came from stays: statistics count conversations started from ads.
      referral = coalesce(cl.referral, EXCLUDED.referral),
      "unreadMessagesCount" = cl."unreadMessagesCount" + 1,
      "isArchived" = cl."isArchived" AND NOT coalesce(
        (SELECT (co.settings->>'canReturnInboxConversation')::boolean FROM companies co WHERE co.id = $1),
        ${DEFAULT_COMPANY_SETTINGS.canReturnInboxConversation}),
      "whatsappLastMessageAt" = greatest(cl."whatsappLastMessageAt", EXCLUDED."whatsappLastMessageAt"),
      "windowExpiresAt" = greatest(cl."windowExpiresAt", EXCLUDED."windowExpiresAt"),
      "lastMessageId" = CASE WHEN cl."lastUpdate" IS NULL OR cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessageId" ELSE cl."lastMessageId" END,
      "lastMessage" = CASE WHEN cl."lastUpdate" IS NULL OR cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessage" ELSE cl."lastMessage" END,
      "lastMessageStatus" = CASE WHEN cl."lastUpdate" IS NULL OR cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN NULL ELSE cl."lastMessageStatus" END,
      "lastMessageSender" = CASE WHEN cl."lastUpdate" IS NULL OR cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN 'CLIENT' ELSE cl."lastMessageSender" END,
      answered = CASE WHEN cl."lastUpdate" IS NULL OR cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN false ELSE cl.answered END,
      "lastUpdate" = greatest(cl."lastUpdate", EXCLUDED."lastUpdate"),
      "updatedAt" = now()
    RETURNING cl.*, (xmax = 0) AS inserted
  )
  SELECT row_to_json(m) AS message, row_to_json(c) AS client, ${conversationExtrasSql('c')} FROM m JOIN c ON true`;

/** Webhook events that went through a job's JSON: their dates come back as strings. */
export function reviveEvents(raw: unknown): WebhookEvent[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((event: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...event };
    for (const key of ['timestamp', 'windowExpiresAt', 'watermark']) {
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
    private readonly dataSource: DataSource,
    private readonly channels: ChannelsService,
    private readonly realtime: RealtimeService,
    private readonly jobs: JobQueueService,
    private readonly clients: ClientsService,
    private readonly autoAssignment: AutoAssignmentService,
    private readonly media: InboundMediaService,
    private readonly updates: InboundUpdatesService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(SANDBOX_EVENTS_QUEUE, async (payload) => {
      await this.ingest('sandbox', reviveEvents(payload.events));
    });
    this.jobs.register(STATUS_RETRY_QUEUE, async (payload, job) => {
      // Dates travel through the job's JSON as strings.
      const event = payload as unknown as Omit<InboundStatusEvent, 'windowExpiresAt'> & {
        platform: ChannelPlatform;
        windowExpiresAt?: string;
      };
      const channel = await this.channels.findByProviderId(event.platform, event.channelProviderId);
      if (!channel) return;
      const applied = await this.applyStatus(channel, {
        providerMessageId: event.providerMessageId,
        status: event.status,
        error: event.error,
        windowExpiresAt: event.windowExpiresAt ? new Date(event.windowExpiresAt) : undefined,
      });
      if (applied === 'unknown-message' && job.attempts < STATUS_RETRY_MAX) {
        throw new RetryJobError('message not stored yet', STATUS_RETRY_MS);
      }
    });
  }

  async ingest(platform: ChannelPlatform, events: WebhookEvent[]): Promise<IngestResult> {
    const result: IngestResult = { stored: 0, duplicates: 0, statuses: 0, unknownChannel: 0 };
    const channelCache = new Map<string, Channel | null>();
    for (const event of events) {
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
            { ...event, platform, timestamp: event.timestamp.toISOString() },
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
  private async storeMessage(channel: Channel, event: InboundMessageEvent): Promise<boolean> {
    const content = contentOf(event.content, event.from);
    const { type, text } = content;
    const payload = withEventParts(content.payload, event);
    if (event.content.type === 'unsupported')
      reportUnsupportedOnce(this.logger, channel.platform, event.content.rawType);
    // Notices about the customer and the business's own messages are never the customer's: no unread, no window.
    if (event.content.type === 'system' || event.echo)
      return this.storeAside(channel, event, { type, text, payload });
    const name = event.profileName?.trim() || null;
    const params = [
      channel.companyId,
      channel.id,
      `${channel.id}-${event.from}`,
      event.from,
      name ?? event.from,
      name,
      cleanedName(name, event.from),
      type,
      text,
      payload ? JSON.stringify(payload) : null,
      event.providerMessageId,
      event.timestamp,
      windowExpiresAt(event.timestamp, channel.platform === 'messenger' ? 'messenger' : 'whatsapp'),
      messagePreview(type, text),
      event.quotedProviderMessageId ?? null,
      event.referral ? JSON.stringify(referralView(event.referral)) : null,
    ];

    const pool = pgPool(this.dataSource);
    // Named: each connection parses and plans it once, then only binds (this is the webhook hot path).
    const query = { name: 'inbound-store-message', text: STORE_MESSAGE_SQL, values: params };
    let stored:
      | {
          message: Record<string, unknown>;
          client: Record<string, unknown> & { inserted?: boolean };
          x_agent: unknown;
          x_category: unknown;
          x_tags: unknown;
        }
      | undefined;
    try {
      stored = firstRow((await pool.query(query)).rows);
    } catch (error) {
      if (isDataError(error)) {
        // A value PostgreSQL refuses (too long, malformed) would fail every redelivery too: logged, acknowledged.
        this.logger.error(
          `message ${event.providerMessageId} of channel ${channel.id} not stored: ${String(error)}`,
        );
        return false;
      }
      // Two first messages of a new contact racing: the loser's message points at a conversation id that lost
      // the key to the winner's (foreign key violation). Once more finds the winner's conversation.
      if ((error as { code?: string }).code !== '23503') throw error;
      stored = firstRow((await pool.query(query)).rows);
    }
    if (!stored) return false;
    const newClient = stored.client.inserted === true;
    const client = clientFromJson(stored.client);
    const message = messageFromJson(stored.message);
    if (newClient && (await this.assignNewConversation(channel, client.id))) {
      // Published with its agent, so the agent's own room hears of it.
      await this.publishNewMessage(channel, client.id, message.id, true);
      return true;
    }
    this.realtime.emit(conversationRooms(client), newClient ? 'newClient' : 'newMessage', {
      client: conversationView(client, channel, extrasFromRow(stored)),
      message: messageView(message),
    });
    return true;
  }

  /** System notices and echoes (InboundUpdatesService), then published like any new message. */
  private async storeAside(
    channel: Channel,
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
  private async applyChange(channel: Channel, event: InboundMessageChangeEvent): Promise<void> {
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
  private async assignNewConversation(channel: Channel, clientId: number): Promise<boolean> {
    try {
      return (await this.autoAssignment.assignNew(channel.companyId, channel.id, clientId)) !== null;
    } catch (error) {
      this.logger.error(`automatic assignment of conversation ${clientId} failed: ${String(error)}`);
      return false;
    }
  }

  async publishNewMessage(
    _channel: Channel,
    clientId: number,
    messageId: number,
    newClient: boolean,
  ): Promise<void> {
    const [client, message] = await Promise.all([
      this.clients.view(clientId),
      this.dataSource.manager.findOneByOrFail(Message, { id: messageId }),
    ]);
    this.realtime.emit(conversationRooms(client), newClient ? 'newClient' : 'newMessage', {
      client,
      message: messageView(message),
    });
  }

  /** Applies a status at a higher rank only (02 §4). */
  async applyStatus(
    channel: Channel,
    event: Pick<InboundStatusEvent, 'providerMessageId' | 'status' | 'error' | 'windowExpiresAt'>,
  ): Promise<'applied' | 'ignored' | 'unknown-message'> {
    const updated = firstRow<{
      id: number;
      clientId: number;
      messageStatus: string;
      errorCode: string | null;
      errorInfo: string | null;
    }>(
      await this.dataSource.query(
        `UPDATE messages SET "messageStatus" = $3,
           "errorCode" = CASE WHEN $3 = 'failed' THEN coalesce($4, "errorCode") ELSE "errorCode" END,
           "errorInfo" = CASE WHEN $3 = 'failed' THEN coalesce($5, "errorInfo") ELSE "errorInfo" END,
           "windowExpiration" = coalesce($6, "windowExpiration")
         WHERE "channelId" = $1 AND "messageApiId" = $2
           AND message_status_rank("messageStatus") < message_status_rank($3)
         RETURNING id, "clientId", "messageStatus", "errorCode", "errorInfo"`,
        [
          channel.id,
          event.providerMessageId,
          event.status,
          event.error?.code ?? null,
          event.error ? [event.error.title, event.error.details].filter(Boolean).join(': ') : null,
          event.windowExpiresAt ?? null,
        ],
      ),
    );
    if (!updated) {
      const exists = firstRow(
        await this.dataSource.query(`SELECT 1 FROM messages WHERE "channelId" = $1 AND "messageApiId" = $2`, [
          channel.id,
          event.providerMessageId,
        ]),
      );
      return exists ? 'ignored' : 'unknown-message';
    }
    await this.afterStatus(channel, updated, event.windowExpiresAt ?? null);
    return 'applied';
  }

  /** Publishes a message's current status (e.g. after a send failed) through the same rules as a webhook's. */
  async republishStatus(channel: Channel, messageId: number): Promise<void> {
    const message = firstRow<{
      id: number;
      clientId: number;
      messageStatus: string;
      errorCode: string | null;
      errorInfo: string | null;
    }>(
      await this.dataSource.query(
        `SELECT id, "clientId", "messageStatus", "errorCode", "errorInfo" FROM messages WHERE id = $1`,
        [messageId],
      ),
    );
    if (message) await this.afterStatus(channel, message, null);
  }

  private async afterStatus(
    channel: Channel,
    message: {
      id: number;
      clientId: number;
      messageStatus: string;
      errorCode: string | null;
      errorInfo: string | null;
    },
    windowEnd: Date | null,
  ): Promise<void> {
    // 02 §4: the conversation's last-message status follows at an equal or higher rank.
    const client = firstRow<{
      companyId: number;
      agentId: number | null;
      groupAdminId: number | null;
      lastMessageStatus: string | null;
    }>(
      await this.dataSource.query(
        `UPDATE clients SET
           "lastMessageStatus" = CASE WHEN "lastMessageId" = $2
             AND message_status_rank("lastMessageStatus") <= message_status_rank($3) THEN $3 ELSE "lastMessageStatus" END,
           "windowExpiresAt" = CASE WHEN $4::timestamptz IS NOT NULL THEN $4 ELSE "windowExpiresAt" END
         WHERE id = $1 RETURNING "companyId", "agentId", "groupAdminId", "lastMessageStatus"`,
        [message.clientId, message.id, message.messageStatus, windowEnd],
      ),
    );
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
  private async applyWatermark(channel: Channel, event: InboundWatermarkEvent): Promise<void> {
    const rows = await this.dataSource.query(
      `UPDATE messages m SET "messageStatus" = $4
       FROM clients c
       WHERE m."clientId" = c.id AND c."channelId" = $1 AND c."senderId" = $2 AND m.sender NOT IN ('CLIENT', 'SYSTEM')
         AND (m."time" <= $3 OR m."messageApiId" = ANY($5::text[])) AND m."messageApiId" IS NOT NULL
         AND message_status_rank(m."messageStatus") < message_status_rank($4)
       RETURNING m.id, m."clientId", m."messageStatus", m."errorCode", m."errorInfo"`,
      // A receipt naming its messages (delivery mids) applies to them even when sent after the watermark.
      [channel.id, event.counterpart, event.watermark, event.status, event.providerMessageIds ?? []],
    );
    const list = queryRows<{
      id: number;
      clientId: number;
      messageStatus: string;
      errorCode: string | null;
      errorInfo: string | null;
    }>(rows);
    for (const message of list.sort((a, b) => a.id - b.id)) await this.afterStatus(channel, message, null);
  }
}

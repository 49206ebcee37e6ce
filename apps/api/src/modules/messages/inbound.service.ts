import { cleanedName, messagePreview, windowExpiresAt } from '@crm/shared';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { pgPool } from '../../database/pg-pool';
import { JobQueueService, RetryJobError } from '../../jobs/job-queue.service';
import type {
  ChannelPlatform,
  InboundContent,
  InboundMessageEvent,
  InboundStatusEvent,
  InboundWatermarkEvent,
  WebhookEvent,
} from '../../providers/channels/channel-provider';
import { RealtimeService } from '../../realtime/realtime.service';
import { SANDBOX_EVENTS_QUEUE } from '../channels/channel-registry.service';
import { ChannelsService } from '../channels/channels.service';
import type { Channel } from '../channels/entities/channel.entity';
import { conversationView, messageView } from '../clients/conversation.view';
import { conversationRooms } from '../clients/conversation-rooms';
import { Client } from '../clients/entities/client.entity';
import { Message } from './entities/message.entity';

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

function contentOf(content: InboundContent): {
  type: string;
  text: string;
  payload: Record<string, unknown> | null;
} {
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
      return { type: 'unsupported', text: '', payload: { unsupported: content.rawType } };
  }
}

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

const CLIENT_DATES = [
  'lastUpdate',
  'whatsappLastMessageAt',
  'whatsappStartedAt',
  'windowExpiresAt',
  'createdAt',
  'updatedAt',
];
const MESSAGE_DATES = ['time', 'createdAt', 'seenAt', 'windowExpiration'];

/** A row that came back as JSON (row_to_json), with its timestamps turned back into dates. */
function reviveRow<T extends object>(type: new () => T, row: Record<string, unknown>, dates: string[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of dates) if (typeof out[key] === 'string') out[key] = new Date(out[key] as string);
  return Object.assign(new type(), out);
}

function first<T>(rows: unknown): T | undefined {
  // TypeORM answers UPDATE … RETURNING as [rows, count] and INSERT … RETURNING as rows.
  const list = Array.isArray(rows) && Array.isArray(rows[0]) ? rows[0] : rows;
  return Array.isArray(list) ? (list[0] as T | undefined) : undefined;
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
   * True when the message was new; false for a redelivery. Two statements, no re-reads: the conversation upsert,
   * then one statement that inserts the message (or nothing, for a redelivery) and updates the conversation
   * from it, returning both rows for the event. A crash between the two leaves only an empty conversation, which
   * the provider's redelivery completes.
   */
  private async storeMessage(channel: Channel, event: InboundMessageEvent): Promise<boolean> {
    const { type, text, payload } = contentOf(event.content);
    const key = `${channel.id}-${event.from}`;
    const name = event.profileName?.trim() || null;
    const pool = pgPool(this.dataSource);
    const rowsOf = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows;
    const upserted = first<{ id: number; inserted: boolean }>(
      await rowsOf(
        `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "nameFromChannel", "cleanedName", "whatsappStartedAt")
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7)
         ON CONFLICT (key) DO UPDATE SET "nameFromChannel" = coalesce(EXCLUDED."nameFromChannel", clients."nameFromChannel")
         RETURNING id, (xmax = 0) AS inserted`,
        [
          channel.companyId,
          channel.id,
          key,
          event.from,
          name ?? event.from,
          cleanedName(name, event.from),
          event.timestamp,
        ],
      ),
    );
    if (!upserted) throw new Error('client upsert returned nothing');
    const windowEnd = windowExpiresAt(
      event.timestamp,
      channel.platform === 'messenger' ? 'messenger' : 'whatsapp',
    );
    // An older message arriving late counts as unread but does not replace the newer last message.
    const stored = first<{ message: Record<string, unknown>; client: Record<string, unknown> }>(
      await rowsOf(
        `WITH q AS (
           SELECT id, content, type FROM messages WHERE "channelId" = $3 AND "messageApiId" = $11
         ), m AS (
           INSERT INTO messages ("companyId", "clientId", "channelId", type, content, payload, sender, "messageApiId",
             "time", "quotedMsgId", "quotedMsgBody", "quotedMsgType")
           SELECT $1, $2, $3, $4, $5, $6, 'CLIENT', $7, $8, q.id, q.content, q.type
           FROM (SELECT 1) one LEFT JOIN q ON true
           ON CONFLICT ("channelId", "messageApiId") WHERE "messageApiId" IS NOT NULL DO NOTHING
           RETURNING *
         ), u AS (
           UPDATE clients c SET
             "unreadMessagesCount" = c."unreadMessagesCount" + 1,
             "isArchived" = false,
             "whatsappLastMessageAt" = greatest(c."whatsappLastMessageAt", m."time"),
             "windowExpiresAt" = greatest(c."windowExpiresAt", $9::timestamptz),
             "lastMessageId" = CASE WHEN c."lastUpdate" IS NULL OR c."lastUpdate" <= m."time" THEN m.id ELSE c."lastMessageId" END,
             "lastMessage" = CASE WHEN c."lastUpdate" IS NULL OR c."lastUpdate" <= m."time" THEN $10 ELSE c."lastMessage" END,
             "lastMessageStatus" = CASE WHEN c."lastUpdate" IS NULL OR c."lastUpdate" <= m."time" THEN NULL ELSE c."lastMessageStatus" END,
             "lastMessageSender" = CASE WHEN c."lastUpdate" IS NULL OR c."lastUpdate" <= m."time" THEN 'CLIENT' ELSE c."lastMessageSender" END,
             answered = CASE WHEN c."lastUpdate" IS NULL OR c."lastUpdate" <= m."time" THEN false ELSE c.answered END,
             "lastUpdate" = greatest(c."lastUpdate", m."time"),
             "updatedAt" = now()
           FROM m WHERE c.id = m."clientId"
           RETURNING c.*
         )
         SELECT row_to_json(m) AS message, row_to_json(u) AS client FROM m JOIN u ON true`,
        [
          channel.companyId,
          upserted.id,
          channel.id,
          type,
          text,
          payload ? JSON.stringify(payload) : null,
          event.providerMessageId,
          event.timestamp,
          windowEnd,
          messagePreview(type, text),
          event.quotedProviderMessageId ?? null,
        ],
      ),
    );
    if (!stored) return false;
    const client = reviveRow(Client, stored.client, CLIENT_DATES);
    const message = reviveRow(Message, stored.message, MESSAGE_DATES);
    this.realtime.emit(conversationRooms(client), upserted.inserted ? 'newClient' : 'newMessage', {
      client: conversationView(client, channel),
      message: messageView(message),
    });
    return true;
  }

  async publishNewMessage(
    channel: Channel,
    clientId: number,
    messageId: number,
    newClient: boolean,
  ): Promise<void> {
    const manager: EntityManager = this.dataSource.manager;
    const [client, message] = await Promise.all([
      manager.findOneByOrFail(Client, { id: clientId }),
      manager.findOneByOrFail(Message, { id: messageId }),
    ]);
    this.realtime.emit(conversationRooms(client), newClient ? 'newClient' : 'newMessage', {
      client: conversationView(client, channel),
      message: messageView(message),
    });
  }

  /** Applies a status at a higher rank only (02 §4). */
  async applyStatus(
    channel: Channel,
    event: Pick<InboundStatusEvent, 'providerMessageId' | 'status' | 'error' | 'windowExpiresAt'>,
  ): Promise<'applied' | 'ignored' | 'unknown-message'> {
    const updated = first<{
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
      const exists = first(
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
    const message = first<{
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
    const client = first<{ companyId: number; agentId: number | null; lastMessageStatus: string | null }>(
      await this.dataSource.query(
        `UPDATE clients SET
           "lastMessageStatus" = CASE WHEN "lastMessageId" = $2
             AND message_status_rank("lastMessageStatus") <= message_status_rank($3) THEN $3 ELSE "lastMessageStatus" END,
           "windowExpiresAt" = CASE WHEN $4::timestamptz IS NOT NULL THEN $4 ELSE "windowExpiresAt" END
         WHERE id = $1 RETURNING "companyId", "agentId", "lastMessageStatus"`,
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
       WHERE m."clientId" = c.id AND c."channelId" = $1 AND c."senderId" = $2 AND m.sender <> 'CLIENT'
         AND m."time" <= $3 AND m."messageApiId" IS NOT NULL
         AND message_status_rank(m."messageStatus") < message_status_rank($4)
       RETURNING m.id, m."clientId", m."messageStatus", m."errorCode", m."errorInfo"`,
      [channel.id, event.counterpart, event.watermark, event.status],
    );
    const list = (Array.isArray(rows[0]) ? rows[0] : rows) as Array<{
      id: number;
      clientId: number;
      messageStatus: string;
      errorCode: string | null;
      errorInfo: string | null;
    }>;
    for (const message of list.sort((a, b) => a.id - b.id)) await this.afterStatus(channel, message, null);
  }
}

import { cleanedName, messagePreview } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { pgPool } from '../../database/pg-pool';
import { firstRow } from '../../database/query-rows';
import type {
  InboundMessageChangeEvent,
  InboundMessageEvent,
} from '../../providers/channels/channel-provider';
import { RealtimeService } from '../../realtime/realtime.service';
import type { Channel } from '../channels/entities/channel.entity';
import { messageFromJson, messageView } from '../clients/conversation.view';
import { conversationRooms } from '../clients/conversation-rooms';
import { isDataError, referralView, type StoredContent } from './inbound-content';

/** A message stored beside the customer's own: which conversation, and whether storing it created that. */
export interface StoredAside {
  clientId: number;
  messageId: number;
  newClient: boolean;
}

export type ChangeResult = 'applied' | 'ignored' | 'unknown-message';

// A system notice or an echo of the business's own message: stored once (the provider id's unique index), never
// unread. An echo is the business's last word in the conversation ($14 true); a notice changes nothing of it.
const STORE_ASIDE_SQL = `
  WITH ids AS (
    SELECT coalesce((SELECT id FROM clients WHERE key = $3), nextval(pg_get_serial_sequence('clients', 'id'))) AS cid
  ), m AS (
    INSERT INTO messages ("companyId", "clientId", "channelId", type, content, payload, sender, "messageApiId",
      "messageStatus", "time")
    SELECT $1, ids.cid, $2, $7, $8, $9, $11, $10, $12, $13 FROM ids
    ON CONFLICT ("channelId", "messageApiId") WHERE "messageApiId" IS NOT NULL DO NOTHING
    RETURNING id, "clientId", "time"
  ), c AS (
    INSERT INTO clients AS cl (id, "companyId", "channelId", key, "senderId", name, "nameFromChannel", "cleanedName",
      "unreadMessagesCount", "lastMessageId", "lastMessage", "lastMessageStatus", "lastMessageSender", answered,
      "lastUpdate", referral)
    SELECT m."clientId", $1, $2, $3, $4, $5, $15, $6, 0, m.id, $16, $12, $11, $14, m."time", $17 FROM m
    ON CONFLICT (key) DO UPDATE SET
      referral = coalesce(cl.referral, EXCLUDED.referral),
      "lastMessageId" = CASE WHEN $14 AND cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessageId" ELSE cl."lastMessageId" END,
      "lastMessage" = CASE WHEN $14 AND cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessage" ELSE cl."lastMessage" END,
      "lastMessageStatus" = CASE WHEN $14 AND cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessageStatus" ELSE cl."lastMessageStatus" END,
      "lastMessageSender" = CASE WHEN $14 AND cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessageSender" ELSE cl."lastMessageSender" END,
      answered = CASE WHEN $14 AND cl."lastUpdate" <= EXCLUDED."lastUpdate" THEN true ELSE cl.answered END,
      "lastUpdate" = CASE WHEN $14 THEN greatest(cl."lastUpdate", EXCLUDED."lastUpdate") ELSE cl."lastUpdate" END,
      "updatedAt" = now()
    RETURNING cl.id, (xmax = 0) AS inserted
  )
  SELECT m.id AS "messageId", c.id AS "clientId", c.inserted FROM m JOIN c ON true`;

/**
 * What providers send besides the customer's messages, stored without counting unread (ARCHITECTURE rule 5, same
 * exactly-once rule): system notices (a number or identity change) as SYSTEM lines, echoes of what the business
 * sent from another app as its own messages, and the customer's edits and deletions of earlier messages.
 */
@Injectable()
export class InboundUpdatesService {
  private readonly logger = new Logger(InboundUpdatesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly realtime: RealtimeService,
  ) {}

  /**
   * A system notice or an echo; null for a redelivery. A number change moves the conversation to the new number,
   * so the customer's next message lands in it rather than in a second contact.
   */
  async storeAside(
    channel: Channel,
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
    if (newKey && newSenderId && !(await this.keyExists(oldKey))) senderId = newSenderId;

    const echo = event.echo === true;
    // The bubble says the business wrote it outside the CRM (no agent of ours did).
    const payload = echo ? { ...(stored.payload ?? {}), echo: true } : stored.payload;
    const name = event.profileName?.trim() || null;
    const params = [
      channel.companyId,
      channel.id,
      `${channel.id}-${senderId}`,
      senderId,
      name ?? senderId,
      cleanedName(name, senderId),
      stored.type,
      stored.text,
      payload ? JSON.stringify(payload) : null,
      event.providerMessageId,
      echo ? 'AGENT' : 'SYSTEM',
      echo ? 'sent' : null,
      event.timestamp,
      echo,
      name,
      messagePreview(stored.type, stored.text),
      // A Messenger referral notice (an ad or m.me link opened again) is the conversation's first when it has none.
      event.referral ? JSON.stringify(referralView(event.referral)) : null,
    ];
    const pool = pgPool(this.dataSource);
    const query = { name: 'inbound-store-aside', text: STORE_ASIDE_SQL, values: params };
    let row: { messageId: number; clientId: number; inserted: boolean } | undefined;
    try {
      row = firstRow((await pool.query(query)).rows);
    } catch (error) {
      if (isDataError(error)) {
        this.logger.error(
          `message ${event.providerMessageId} of channel ${channel.id} not stored: ${String(error)}`,
        );
        return null;
      }
      // As for customer messages: a racing first message took the conversation id; once more finds it.
      if ((error as { code?: string }).code !== '23503') throw error;
      row = firstRow((await pool.query(query)).rows);
    }
    if (!row) return null;
    if (newKey && newSenderId && senderId === event.from && newSenderId !== event.from) {
      await this.moveToNumber(oldKey, newKey, newSenderId);
    }
    return { clientId: row.clientId, messageId: row.messageId, newClient: row.inserted === true };
  }

  private async keyExists(key: string): Promise<boolean> {
    return firstRow(await this.dataSource.query(`SELECT 1 FROM clients WHERE key = $1`, [key])) !== undefined;
  }

  /** The conversation keeps its history, agent and tags; only the number it answers to changes. */
  private async moveToNumber(oldKey: string, newKey: string, newSenderId: string): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        const client = firstRow<{ id: number; name: string | null; senderId: string }>(
          await manager.query(`SELECT id, name, "senderId" FROM clients WHERE key = $1 FOR UPDATE`, [oldKey]),
        );
        if (!client) return;
        if (firstRow(await manager.query(`SELECT 1 FROM clients WHERE key = $1`, [newKey]))) {
          // The customer already wrote from the new number: both conversations stay, the notice links them.
          this.logger.warn(
            `number change of conversation ${client.id}: ${newKey} has a conversation already`,
          );
          return;
        }
        // Named by its number (no profile name yet): it is named by the new one.
        const byNumber = client.name === null || client.name === client.senderId;
        const name = byNumber ? newSenderId : client.name;
        await manager.query(
          `UPDATE clients SET key = $2, "senderId" = $3, name = $4, "cleanedName" = $5, "updatedAt" = now()
           WHERE id = $1`,
          [client.id, newKey, newSenderId, name, cleanedName(byNumber ? null : name, newSenderId)],
        );
      });
    } catch (error) {
      // A first message from the new number created its conversation meanwhile: the same case as above.
      if ((error as { code?: string }).code !== '23505') throw error;
      this.logger.warn(`number change to ${newKey} lost a race with a new conversation; both stay`);
    }
  }

  /**
   * An edit changes the message's text (a caption of a file) and marks it edited; a revoke deletes it for the team
   * as the customer deleted it for everyone. Neither adds a message or counts unread; the conversation's viewers
   * get the message anew (messageUpdated). `edited` is the edit's content as it would be stored.
   */
  async applyChange(
    channel: Channel,
    event: InboundMessageChangeEvent,
    edited: StoredContent | null,
  ): Promise<ChangeResult> {
    const result: unknown =
      event.change.type === 'edit'
        ? await this.dataSource.query(
            // A later edit already applied wins over an older one arriving late.
            `UPDATE messages SET content = $3, "editedAt" = $4
             WHERE "channelId" = $1 AND "messageApiId" = $2 AND sender = 'CLIENT'
               AND "messageStatus" IS DISTINCT FROM 'deleted' AND ("editedAt" IS NULL OR "editedAt" <= $4)
             RETURNING *`,
            [channel.id, event.originalProviderMessageId, edited?.text ?? '', event.timestamp],
          )
        : await this.dataSource.query(
            `UPDATE messages SET "messageStatus" = 'deleted', content = '', payload = $3
             WHERE "channelId" = $1 AND "messageApiId" = $2 AND sender = 'CLIENT'
               AND "messageStatus" IS DISTINCT FROM 'deleted'
             RETURNING *`,
            [
              channel.id,
              event.originalProviderMessageId,
              JSON.stringify({ deletedBy: 'CLIENT', deletedAt: event.timestamp.toISOString() }),
            ],
          );
    const row = firstRow<Record<string, unknown>>(result);
    const updated = row ? messageFromJson(row) : undefined;
    if (!updated) {
      const exists = firstRow(
        await this.dataSource.query(`SELECT 1 FROM messages WHERE "channelId" = $1 AND "messageApiId" = $2`, [
          channel.id,
          event.originalProviderMessageId,
        ]),
      );
      return exists ? 'ignored' : 'unknown-message';
    }
    const deleted = event.change.type === 'revoke';
    // Quotes of it and the conversation's last-message line follow what the message now says.
    await this.dataSource.query(`UPDATE messages SET "quotedMsgBody" = $2 WHERE "quotedMsgId" = $1`, [
      updated.id,
      updated.content,
    ]);
    const client = firstRow<{ companyId: number; agentId: number | null; groupAdminId: number | null }>(
      await this.dataSource.query(
        `UPDATE clients SET "lastMessage" = CASE WHEN "lastMessageId" = $2 THEN $3 ELSE "lastMessage" END
         WHERE id = $1 RETURNING "companyId", "agentId", "groupAdminId"`,
        [
          updated.clientId,
          updated.id,
          deleted ? 'Mensaje eliminado' : messagePreview(updated.type, updated.content),
        ],
      ),
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

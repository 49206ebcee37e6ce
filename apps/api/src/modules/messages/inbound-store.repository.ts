import { DEFAULT_COMPANY_SETTINGS, type ReferralView } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { JsonRecord, MessageSender } from '../../database/column-types';
import { retryOnConflict } from '../../database/conflict-retry';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import { preparedStatement } from '../../database/prepared-statements';
import { isUniqueViolation } from '../../database/unique-name';
import { type ConversationExtras, clientFromJson, extrasFromRow } from '../clients/conversation.view';
import { type ClientRow, conversationExtrasSql } from '../clients/conversations.repository';
import { messageFromJson } from './message.view';
import type { MessageRow } from './messages.repository';

/** A customer's message as the webhook stores it, with what its conversation takes from it. */
export interface InboundMessage {
  companyId: number;
  channelId: number;
  /** The conversation's key: `<channelId>-<senderId>`. */
  key: string;
  senderId: string;
  /** The name of a new conversation: the profile name, else the number. */
  name: string;
  /** The name the channel gives (profile name), if any. */
  nameFromChannel: string | null;
  cleanedName: string;
  type: string;
  content: string;
  payload: JsonRecord | null;
  messageApiId: string;
  time: Date;
  windowExpiresAt: Date;
  /** The conversation list's preview of the message. */
  lastMessage: string;
  /** The provider id of the message it answers, if any. */
  quotedMessageApiId: string | null;
  referral: ReferralView | null;
}

/**
 * A system notice or an echo of the business's own message, stored beside the customer's messages: the customer
 * message's fields but the reply window and the quoted message, which only a customer's message moves or has.
 */
export type AsideMessage = Omit<InboundMessage, 'windowExpiresAt' | 'quotedMessageApiId'> & {
  sender: Extract<MessageSender, 'AGENT' | 'SYSTEM'>;
  messageStatus: string | null;
  /** An echo is the business's last word in the conversation; a notice changes nothing of it. */
  echo: boolean;
};

/** A stored message and its conversation as the statement left it; `inserted` when it created the conversation. */
export interface StoredInbound {
  message: MessageRow;
  client: ClientRow;
  inserted: boolean;
  extras: ConversationExtras;
  /** Automation (issue 17) has something to do with this message. */
  automation: boolean;
}

export interface StoredAsideRow {
  messageId: number;
  clientId: number;
  inserted: boolean;
}

export type NumberMove = 'moved' | 'no-conversation' | 'number-taken' | 'lost-race';

/** A jsonb value as the statements take it: its JSON text, or null for SQL NULL. */
const jsonText = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

type WithJsonText<T> = Omit<T, 'payload' | 'referral'> & { payload: string | null; referral: string | null };

const isForeignKeyViolation = (error: unknown): boolean => (error as { code?: string }).code === '23503';

// A conversation being returned to the inbox by a new message unless the company said otherwise (02 §9).
const CAN_RETURN_DEFAULT = sql.raw(String(DEFAULT_COMPANY_SETTINGS.canReturnInboxConversation));
const EXTRAS_OF_C = sql.raw(conversationExtrasSql('c'));

/**
 * The message is inserted first (the unique index decides, even between racing redeliveries: a redelivery inserts
 * nothing) and only an inserted message creates or updates its conversation, in the same statement. Both rows come
 * back, with the conversation's extras, so nothing is read again. An older message arriving late counts as unread
 * but does not replace the newer last message. Compiled once: each call binds its values.
 */
/**
 * Issue 17: whether automation has anything to do with the message — the channel's menu bot is on, it has active
 * follow-up bots (a reply cancels them), the conversation waits for a survey answer, or a new conversation meets an
 * active welcome message. Read in the storing statement (indexed lookups), so a channel without automation pays no
 * job per message (a job is one more insert, a NOTIFY and a worker's transaction under a lock).
 */
const AUTOMATION_NEEDED = sql`(
    SELECT (ch."useChatbot" AND EXISTS (SELECT 1 FROM chatbot_menus cm WHERE cm."channelId" = ch.id))
      OR EXISTS (SELECT 1 FROM message_bot_configs b WHERE b."channelId" = ch.id AND b."isActive")
      OR EXISTS (SELECT 1 FROM survey_requests s WHERE s."clientId" = c.id AND s."answeredAt" IS NULL)
      OR (c.inserted AND EXISTS (SELECT 1 FROM welcome_messages w WHERE w."channelId" = ch.id AND w."isActive"))
    FROM channels ch WHERE ch.id = c."channelId"
  )`;

const STORE_MESSAGE = preparedStatement<
  WithJsonText<InboundMessage>,
  {
    message: Record<string, unknown>;
    client: Record<string, unknown> & { inserted: boolean };
    x_agent: unknown;
    x_category: unknown;
    x_tags: unknown;
    automation: boolean;
  }
>(
  'inbound-store-message',
  (v) => sql`
  WITH ids AS (
    SELECT coalesce((SELECT id FROM clients WHERE key = ${v('key')}), nextval(pg_get_serial_sequence('clients', 'id'))) AS cid
  ), q AS (
    SELECT id, content, type FROM messages WHERE "channelId" = ${v('channelId')} AND "messageApiId" = ${v('quotedMessageApiId')}
  ), m AS (
    INSERT INTO messages ("companyId", "clientId", "channelId", type, content, payload, sender, "messageApiId",
      "time", "quotedMsgId", "quotedMsgBody", "quotedMsgType")
    SELECT ${v('companyId')}, ids.cid, ${v('channelId')}, ${v('type')}, ${v('content')}, cast(${v('payload')} as jsonb), 'CLIENT',
      ${v('messageApiId')}, ${v('time')}, q.id, q.content, q.type
    FROM ids LEFT JOIN q ON true
    ON CONFLICT ("channelId", "messageApiId") WHERE "messageApiId" IS NOT NULL DO NOTHING
    RETURNING *
  ), c AS (
    INSERT INTO clients AS cl (id, "companyId", "channelId", key, "senderId", name, "nameFromChannel", "cleanedName",
      "whatsappStartedAt", "unreadMessagesCount", "whatsappLastMessageAt", "windowExpiresAt", "lastMessageId",
      "lastMessage", "lastMessageSender", answered, "lastUpdate", referral)
    SELECT m."clientId", ${v('companyId')}, ${v('channelId')}, ${v('key')}, ${v('senderId')}, ${v('name')}, ${v('nameFromChannel')},
      ${v('cleanedName')}, m."time", 1, m."time", ${v('windowExpiresAt')}, m.id, ${v('lastMessage')}, 'CLIENT', false, m."time",
      cast(${v('referral')} as jsonb)
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
      -- A customer answering a campaign brings the conversation out of 'archivedBroadcast' (issue 18, 02 §2).
      "isBroadcastMessage" = false,
      "isArchived" = cl."isArchived" AND NOT coalesce(
        (SELECT (co.settings->>'canReturnInboxConversation')::boolean FROM companies co WHERE co.id = ${v('companyId')}),
        ${CAN_RETURN_DEFAULT}),
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
  SELECT row_to_json(m) AS message, row_to_json(c) AS client, ${EXTRAS_OF_C}, ${AUTOMATION_NEEDED} AS automation
  FROM m JOIN c ON true`,
);

/**
 * A system notice or an echo: stored once (the provider id's unique index), never unread. An echo is the
 * business's last word in the conversation; a notice changes nothing of it.
 */
const STORE_ASIDE = preparedStatement<WithJsonText<AsideMessage>, StoredAsideRow>(
  'inbound-store-aside',
  (v) => sql`
  WITH ids AS (
    SELECT coalesce((SELECT id FROM clients WHERE key = ${v('key')}), nextval(pg_get_serial_sequence('clients', 'id'))) AS cid
  ), m AS (
    INSERT INTO messages ("companyId", "clientId", "channelId", type, content, payload, sender, "messageApiId",
      "messageStatus", "time")
    SELECT ${v('companyId')}, ids.cid, ${v('channelId')}, ${v('type')}, ${v('content')}, cast(${v('payload')} as jsonb), ${v('sender')},
      ${v('messageApiId')}, ${v('messageStatus')}, ${v('time')} FROM ids
    ON CONFLICT ("channelId", "messageApiId") WHERE "messageApiId" IS NOT NULL DO NOTHING
    RETURNING id, "clientId", "time"
  ), c AS (
    INSERT INTO clients AS cl (id, "companyId", "channelId", key, "senderId", name, "nameFromChannel", "cleanedName",
      "unreadMessagesCount", "lastMessageId", "lastMessage", "lastMessageStatus", "lastMessageSender", answered,
      "lastUpdate", referral)
    SELECT m."clientId", ${v('companyId')}, ${v('channelId')}, ${v('key')}, ${v('senderId')}, ${v('name')}, ${v('nameFromChannel')},
      ${v('cleanedName')}, 0, m.id, ${v('lastMessage')}, ${v('messageStatus')}, ${v('sender')}, ${v('echo')}, m."time",
      cast(${v('referral')} as jsonb)
    FROM m
    ON CONFLICT (key) DO UPDATE SET
      referral = coalesce(cl.referral, EXCLUDED.referral),
      "lastMessageId" = CASE WHEN ${v('echo')} AND cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessageId" ELSE cl."lastMessageId" END,
      "lastMessage" = CASE WHEN ${v('echo')} AND cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessage" ELSE cl."lastMessage" END,
      "lastMessageStatus" = CASE WHEN ${v('echo')} AND cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessageStatus" ELSE cl."lastMessageStatus" END,
      "lastMessageSender" = CASE WHEN ${v('echo')} AND cl."lastUpdate" <= EXCLUDED."lastUpdate"
        THEN EXCLUDED."lastMessageSender" ELSE cl."lastMessageSender" END,
      answered = CASE WHEN ${v('echo')} AND cl."lastUpdate" <= EXCLUDED."lastUpdate" THEN true ELSE cl.answered END,
      "lastUpdate" = CASE WHEN ${v('echo')} THEN greatest(cl."lastUpdate", EXCLUDED."lastUpdate") ELSE cl."lastUpdate" END,
      "updatedAt" = now()
    RETURNING cl.id, (xmax = 0) AS inserted
  )
  SELECT m.id AS "messageId", c.id AS "clientId", c.inserted FROM m JOIN c ON true`,
);

/**
 * What webhooks store (ARCHITECTURE "Webhook storage in one statement"): each message exactly once with its
 * conversation created or updated in the same statement, and the conversation-key moves of a number change.
 * Both statements are named prepared statements: each connection parses and plans them once (the hot path).
 */
@Injectable()
export class InboundStoreRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * The message and its conversation, or undefined for a redelivery. Two first messages of a new contact racing:
   * the loser's message points at a conversation id that lost the key to the winner's (foreign key violation);
   * once more finds the winner's conversation. Other errors (a value PostgreSQL refuses) are thrown.
   */
  async storeMessage(message: InboundMessage): Promise<StoredInbound | undefined> {
    const statement = STORE_MESSAGE.bind({
      ...message,
      payload: jsonText(message.payload),
      referral: jsonText(message.referral),
    });
    // Issue 22: a deadlock's victim (its insert and another's cross on the conversation and the analytics rollup
    // rows) runs again; the statement inserts or does nothing, so a second run stores the message once.
    const { rows } = await retryOnConflict(() =>
      this.db.executeQuery(statement).catch((error: unknown) => {
        if (!isForeignKeyViolation(error)) throw error;
        return this.db.executeQuery(statement);
      }),
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      message: messageFromJson(row.message),
      client: clientFromJson(row.client),
      inserted: row.client.inserted === true,
      extras: extrasFromRow(row),
      automation: row.automation === true,
    };
  }

  /** A notice or an echo; undefined for a redelivery. The same race as storeMessage's is settled alike. */
  async storeAside(message: AsideMessage): Promise<StoredAsideRow | undefined> {
    const statement = STORE_ASIDE.bind({
      ...message,
      payload: jsonText(message.payload),
      referral: jsonText(message.referral),
    });
    const { rows } = await retryOnConflict(() =>
      this.db.executeQuery(statement).catch((error: unknown) => {
        if (!isForeignKeyViolation(error)) throw error;
        return this.db.executeQuery(statement);
      }),
    );
    return rows[0];
  }

  async conversationExists(key: string): Promise<boolean> {
    const row = await this.db.selectFrom('clients').select('id').where('key', '=', key).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A number change: the conversation under `oldKey` answers to the new number from now on, keeping its history,
   * agent and tags, unless the new number has a conversation already (both stay). `rename` says what the
   * conversation is called afterwards. The old conversation is locked while its key moves.
   */
  async moveToNumber(
    oldKey: string,
    newKey: string,
    newSenderId: string,
    rename: (client: Pick<ClientRow, 'name' | 'senderId'>) => Pick<ClientRow, 'name' | 'cleanedName'>,
  ): Promise<{ result: NumberMove; clientId?: number }> {
    try {
      return await this.db.transaction().execute(async (trx: Executor) => {
        const client = await trx
          .selectFrom('clients')
          .select(['id', 'name', 'senderId'])
          .where('key', '=', oldKey)
          .forUpdate()
          .executeTakeFirst();
        if (!client) return { result: 'no-conversation' as const };
        const taken = await trx
          .selectFrom('clients')
          .select('id')
          .where('key', '=', newKey)
          .executeTakeFirst();
        if (taken) return { result: 'number-taken' as const, clientId: client.id };
        await trx
          .updateTable('clients')
          .set({ key: newKey, senderId: newSenderId, ...rename(client), updatedAt: sql`now()` })
          .where('id', '=', client.id)
          .execute();
        return { result: 'moved' as const, clientId: client.id };
      });
    } catch (error) {
      // A first message from the new number created its conversation meanwhile (unique key).
      if (!isUniqueViolation(error)) throw error;
      return { result: 'lost-race' };
    }
  }
}

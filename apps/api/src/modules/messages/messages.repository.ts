import type { MediaFileStatus } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { JsonRecord } from '../../database/column-types';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { Clients, Messages, WhatsappTemplates } from '../../database/schema';

/** `seenByName`: the reader's name, where a query joins it (02 §4: read messages show who read them). */
export type MessageRow = Selectable<Messages> & { seenByName?: string | null };
export type NewMessage = Insertable<Messages>;
/** What a status change reports: the message's status (one it has) and its failure, if any. */
export type MessageStatusRow = Pick<MessageRow, 'id' | 'clientId' | 'errorCode' | 'errorInfo'> & {
  messageStatus: string;
};
/** Who hears of a conversation's events (conversationRooms). */
export type ConversationAudience = Pick<Selectable<Clients>, 'companyId' | 'agentId' | 'groupAdminId'>;
/** A conversation's audience and its last message's status after a status change. */
export type StatusFollow = ConversationAudience & Pick<Selectable<Clients>, 'lastMessageStatus'>;
/** What an outbound message sets of its conversation. */
export type OutboundLast = Pick<
  Selectable<Clients>,
  'lastMessageId' | 'lastMessage' | 'lastMessageStatus' | 'lastMessageSender' | 'lastUpdate'
>;
export type TemplateForSend = Pick<Selectable<WhatsappTemplates>, 'status' | 'variables' | 'components'>;

const STATUS_COLUMNS = ['id', 'clientId', 'messageStatus', 'errorCode', 'errorInfo'] as const;

const rank = (status: string | null) => sql<number>`message_status_rank(${status})`;

/**
 * The messages table (02 §3 Message) and what a message changes of its conversation (last message, status,
 * unread count). Provider ids are unique per channel, so statuses and changes name a message by them.
 */
@Injectable()
export class MessagesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  findById(id: number): Promise<MessageRow | undefined> {
    return this.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findInConversation(id: number, clientId: number): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', id)
      .where('clientId', '=', clientId)
      .executeTakeFirst();
  }

  /** In no particular order. */
  findByIds(ids: number[]): Promise<MessageRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
  }

  /** A conversation's messages, newest first, each with the name of the user who read it (02 §4 seenBy). */
  page(clientId: number, skip: number, take: number): Promise<MessageRow[]> {
    return this.db
      .selectFrom('messages as m')
      .leftJoin('users as reader', (join) =>
        join.onRef('reader.id', '=', 'm.seenById').onRef('reader.companyId', '=', 'm.companyId'),
      )
      .selectAll('m')
      .select('reader.name as seenByName')
      .where('m.clientId', '=', clientId)
      .orderBy('m.time', 'desc')
      .orderBy('m.id', 'desc')
      .limit(take)
      .offset(skip)
      .execute();
  }

  existsByProviderId(channelId: number, messageApiId: string): Promise<boolean> {
    return this.db
      .selectFrom('messages')
      .select('id')
      .where('channelId', '=', channelId)
      .where('messageApiId', '=', messageApiId)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  /** An outbound message, in the caller's transaction (with its conversation's line and its send job). */
  insertOutbound(trx: Executor, message: NewMessage): Promise<MessageRow> {
    return trx.insertInto('messages').values(message).returningAll().executeTakeFirstOrThrow();
  }

  /** The conversation's last message becomes `last` (an outbound message), answered. */
  async setLastMessage(trx: Executor, clientId: number, last: OutboundLast): Promise<void> {
    await trx
      .updateTable('clients')
      .set({ ...last, answered: true, updatedAt: sql`now()` })
      .where('id', '=', clientId)
      .execute();
  }

  /** 02 §4: the contact's messages are seen by the reader and the unread count is cleared, together. */
  async markRead(clientId: number, userId: number): Promise<void> {
    await this.transaction(async (trx) => {
      await trx
        .updateTable('messages')
        .set({ seen: true, seenAt: sql`now()`, seenById: userId })
        .where('clientId', '=', clientId)
        .where('sender', '=', 'CLIENT')
        .where('seen', '=', false)
        .execute();
      await trx
        .updateTable('clients')
        .set({ unreadMessagesCount: 0, updatedAt: sql`now()` })
        .where('id', '=', clientId)
        .execute();
    });
  }

  /** 02 §4: the last contact message is unseen again (no reader) and the unread count becomes `unread`. */
  async markUnread(clientId: number, unread: number): Promise<void> {
    await this.transaction(async (trx) => {
      await trx
        .updateTable('messages')
        .set({ seen: false, seenAt: null, seenById: null })
        .where(
          'id',
          '=',
          trx
            .selectFrom('messages')
            .select('id')
            .where('clientId', '=', clientId)
            .where('sender', '=', 'CLIENT')
            .orderBy('time', 'desc')
            .orderBy('id', 'desc')
            .limit(1),
        )
        .execute();
      await trx
        .updateTable('clients')
        .set({ unreadMessagesCount: unread, updatedAt: sql`now()` })
        .where('id', '=', clientId)
        .execute();
    });
  }

  /** Deleted for the team: status 'deleted', no content; the conversation's line says so if it was the last. */
  async deleteForTeam(message: Pick<MessageRow, 'id' | 'clientId'>, lastMessage: string): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ messageStatus: 'deleted', content: '', payload: null })
      .where('id', '=', message.id)
      .execute();
    await this.db
      .updateTable('clients')
      .set({ lastMessage })
      .where('id', '=', message.clientId)
      .where('lastMessageId', '=', message.id)
      .execute();
  }

  async setProviderId(id: number, messageApiId: string): Promise<void> {
    await this.db.updateTable('messages').set({ messageApiId }).where('id', '=', id).execute();
  }

  /**
   * Issue 17: written just before the provider is called. A later try that finds it with no provider id knows an
   * earlier one may have reached the provider and died before recording its answer.
   */
  async markSendStarted(id: number): Promise<void> {
    await this.db.updateTable('messages').set({ sendStartedAt: sql`now()` }).where('id', '=', id).execute();
  }

  /** The provider answered with a refusal: it does not have the message. */
  async clearSendStarted(id: number): Promise<void> {
    await this.db.updateTable('messages').set({ sendStartedAt: null }).where('id', '=', id).execute();
  }

  /**
   * A status webhook names one of our messages by the tracking id it was sent with before its provider id was
   * recorded (the send's answer was lost, or is not written yet): the id is recorded now. Only a message of that
   * channel that was handed to the provider and has no provider id yet. Whether it was.
   */
  async attachProviderId(channelId: number, id: number, messageApiId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('messages')
      .set({ messageApiId })
      .where('id', '=', id)
      .where('channelId', '=', channelId)
      .where('sender', '<>', 'CLIENT')
      .where('messageApiId', 'is', null)
      .where('sendStartedAt', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async markFailed(id: number, errorCode: string, errorInfo: string | null): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ messageStatus: 'failed', errorCode, errorInfo })
      .where('id', '=', id)
      .execute();
  }

  /**
   * 02 §4: a status applies at a higher rank only, whatever order they arrive in; a failure keeps the provider's
   * code and text. Undefined when the message is unknown or already at that rank or above.
   */
  applyStatus(
    channelId: number,
    messageApiId: string,
    change: {
      status: string;
      errorCode: string | null;
      errorInfo: string | null;
      windowExpiration: Date | null;
    },
  ): Promise<MessageStatusRow | undefined> {
    const failed = change.status === 'failed';
    return this.db
      .updateTable('messages')
      .set((eb) => ({
        messageStatus: change.status,
        errorCode: failed
          ? eb.fn.coalesce(eb.val(change.errorCode), eb.ref('errorCode'))
          : eb.ref('errorCode'),
        errorInfo: failed
          ? eb.fn.coalesce(eb.val(change.errorInfo), eb.ref('errorInfo'))
          : eb.ref('errorInfo'),
        windowExpiration: eb.fn.coalesce(eb.val(change.windowExpiration), eb.ref('windowExpiration')),
      }))
      .where('channelId', '=', channelId)
      .where('messageApiId', '=', messageApiId)
      .where(sql<number>`message_status_rank("messageStatus")`, '<', rank(change.status))
      .returning(STATUS_COLUMNS)
      .$narrowType<{ messageStatus: string }>()
      .executeTakeFirst();
  }

  /** The message's status, when it has one. */
  statusOf(id: number): Promise<MessageStatusRow | undefined> {
    return this.db
      .selectFrom('messages')
      .select(STATUS_COLUMNS)
      .where('id', '=', id)
      .where('messageStatus', 'is not', null)
      .$narrowType<{ messageStatus: string }>()
      .executeTakeFirst();
  }

  /**
   * Messenger receipts: every message of ours to that person up to the watermark, or named by the receipt (delivery
   * mids, even when sent after the watermark), at a higher rank only.
   */
  applyWatermark(
    channelId: number,
    senderId: string,
    watermark: Date,
    status: string,
    messageApiIds: string[],
  ): Promise<MessageStatusRow[]> {
    return this.db
      .updateTable('messages as m')
      .from('clients as c')
      .set({ messageStatus: status })
      .whereRef('m.clientId', '=', 'c.id')
      .where('c.channelId', '=', channelId)
      .where('c.senderId', '=', senderId)
      .where('m.sender', 'not in', ['CLIENT', 'SYSTEM'])
      .where((eb) =>
        eb.or([
          eb('m.time', '<=', watermark),
          eb('m.messageApiId', '=', eb.fn.any(sql<string[]>`${messageApiIds}::text[]`)),
        ]),
      )
      .where('m.messageApiId', 'is not', null)
      .where(sql<number>`message_status_rank(m."messageStatus")`, '<', rank(status))
      .returning(['m.id', 'm.clientId', 'm.messageStatus', 'm.errorCode', 'm.errorInfo'])
      .$narrowType<{ messageStatus: string }>()
      .execute();
  }

  /**
   * 02 §4: the conversation's last-message status follows at an equal or higher rank; a window end given by the
   * provider replaces the conversation's.
   */
  followStatus(
    message: Pick<MessageRow, 'id' | 'clientId' | 'messageStatus'>,
    windowEnd: Date | null,
  ): Promise<StatusFollow | undefined> {
    return this.db
      .updateTable('clients')
      .set((eb) => ({
        lastMessageStatus: eb
          .case()
          .when(
            eb.and([
              eb('lastMessageId', '=', message.id),
              eb(sql<number>`message_status_rank("lastMessageStatus")`, '<=', rank(message.messageStatus)),
            ]),
          )
          .then(eb.val(message.messageStatus))
          .else(eb.ref('lastMessageStatus'))
          .end(),
        ...(windowEnd ? { windowExpiresAt: windowEnd } : {}),
      }))
      .where('id', '=', message.clientId)
      .returning(['companyId', 'agentId', 'groupAdminId', 'lastMessageStatus'])
      .executeTakeFirst();
  }

  /** The customer's edit of their message; a later edit already applied wins over an older one arriving late. */
  applyEdit(
    channelId: number,
    messageApiId: string,
    content: string,
    editedAt: Date,
  ): Promise<MessageRow | undefined> {
    return this.db
      .updateTable('messages')
      .set({ content, editedAt })
      .where('channelId', '=', channelId)
      .where('messageApiId', '=', messageApiId)
      .where('sender', '=', 'CLIENT')
      .where('messageStatus', 'is distinct from', 'deleted')
      .where((eb) => eb.or([eb('editedAt', 'is', null), eb('editedAt', '<=', editedAt)]))
      .returningAll()
      .executeTakeFirst();
  }

  /** The customer deleted their message for everyone. */
  applyRevoke(channelId: number, messageApiId: string, deletedAt: Date): Promise<MessageRow | undefined> {
    return this.db
      .updateTable('messages')
      .set({
        messageStatus: 'deleted',
        content: '',
        payload: jsonb<JsonRecord>({ deletedBy: 'CLIENT', deletedAt: deletedAt.toISOString() }),
      })
      .where('channelId', '=', channelId)
      .where('messageApiId', '=', messageApiId)
      .where('sender', '=', 'CLIENT')
      .where('messageStatus', 'is distinct from', 'deleted')
      .returningAll()
      .executeTakeFirst();
  }

  /** Quotes of a changed message show what it now says. */
  async setQuotedBody(messageId: number, content: string): Promise<void> {
    await this.db
      .updateTable('messages')
      .set({ quotedMsgBody: content })
      .where('quotedMsgId', '=', messageId)
      .execute();
  }

  /** The conversation's last-message line follows a changed message when it is the last one. */
  followChange(
    message: Pick<MessageRow, 'id' | 'clientId'>,
    lastMessage: string,
  ): Promise<ConversationAudience | undefined> {
    return this.db
      .updateTable('clients')
      .set((eb) => ({
        lastMessage: eb
          .case()
          .when('lastMessageId', '=', message.id)
          .then(eb.val<string | null>(lastMessage))
          .else(eb.ref('lastMessage'))
          .end(),
      }))
      .where('id', '=', message.clientId)
      .returning(['companyId', 'agentId', 'groupAdminId'])
      .executeTakeFirst();
  }

  /** The message a webhook just stored (or had stored) when its file still waits to be downloaded. */
  async pendingFileId(channelId: number, messageApiId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('messages')
      .select('id')
      .where('channelId', '=', channelId)
      .where('messageApiId', '=', messageApiId)
      .where(sql<string>`payload->'file'->>'status'`, '=', 'pending')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Merges `changes` into payload.file while the file is still in state `from`; the row when it changed. On the
   * caller's transaction when given.
   */
  updateFile(
    messageId: number,
    from: MediaFileStatus | null,
    changes: JsonRecord,
    db: Executor = this.db,
  ): Promise<MessageRow | undefined> {
    return db
      .updateTable('messages')
      .set({ payload: sql<JsonRecord>`jsonb_set(payload, '{file}', (payload->'file') || ${jsonb(changes)})` })
      .where('id', '=', messageId)
      .where(sql<string>`jsonb_typeof(payload->'file')`, '=', 'object')
      .where(
        sql<string | null>`payload->'file'->>'status'`,
        'is not distinct from',
        sql<string | null>`${from}::text`,
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Who hears of the conversation's events. */
  audience(clientId: number): Promise<ConversationAudience | undefined> {
    return this.db
      .selectFrom('clients')
      .select(['companyId', 'agentId', 'groupAdminId'])
      .where('id', '=', clientId)
      .executeTakeFirst();
  }

  /**
   * Whether a message of ours written before this one in the conversation, since `since`, is still on its way to
   * the provider (issue 17: sends of a conversation go out in order; SEND_ORDER_WINDOW_MS says why `since`).
   */
  async earlierPendingSend(message: Pick<MessageRow, 'id' | 'clientId'>, since: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('messages')
      .select('id')
      .where('clientId', '=', message.clientId)
      .where('id', '<', message.id)
      .where('sender', '<>', 'CLIENT')
      .where('messageStatus', '=', 'pending')
      .where('messageApiId', 'is', null)
      .where('createdAt', '>', since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The number (or page-scoped id) a conversation's messages are sent to. */
  async recipient(clientId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('clients')
      .select('senderId')
      .where('id', '=', clientId)
      .executeTakeFirst();
    return row?.senderId;
  }

  /** 02 §3 isAgentNameInMessageActive: the agent's name and whether the company signs texts with it. */
  agentSignature(userId: number, byDefault: boolean): Promise<{ name: string; on: boolean } | undefined> {
    return this.db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.companyId')
      .select([
        'u.name',
        sql<boolean>`coalesce((c.settings->>'isAgentNameInMessageActive')::boolean, ${byDefault})`.as('on'),
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  /** The channel's template of that name, in the language asked when it has it. */
  templateForSend(channelId: number, name: string, language: string): Promise<TemplateForSend | undefined> {
    return this.db
      .selectFrom('whatsapp_templates')
      .select(['status', 'variables', 'components'])
      .where('channelId', '=', channelId)
      .where('name', '=', name)
      .orderBy(sql`(language = ${language})`, 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** A template by id, as an automated send needs it (its channel checked by the caller). */
  templateById(db: Executor, id: number): Promise<AutomatedTemplate | undefined> {
    return db
      .selectFrom('whatsapp_templates')
      .select(['id', 'channelId', 'companyId', 'name', 'language', 'status', 'variables', 'components'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The conversation an automated send goes to, read in the sender's transaction. */
  conversationForSend(db: Executor, clientId: number): Promise<AutomatedConversation | undefined> {
    return db
      .selectFrom('clients')
      .select(['id', 'companyId', 'channelId', 'windowExpiresAt'])
      .where('id', '=', clientId)
      .executeTakeFirst();
  }
}

export interface AutomatedTemplate {
  id: number;
  channelId: number;
  companyId: number;
  name: string;
  language: string;
  status: string;
  variables: number;
  components: Array<{ type: string; format?: string; text?: string; example?: unknown }>;
}

export interface AutomatedConversation {
  id: number;
  companyId: number;
  channelId: number;
  windowExpiresAt: Date | null;
}

import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { MessageBotConfigs, MessageBots } from '../../database/schema';

export type MessageBotConfigRow = Selectable<MessageBotConfigs>;
/** A config as the API answers it: with its template's name. */
export type MessageBotConfigView = MessageBotConfigRow & { templateName: string | null };
/** What a creation or an edit writes. */
export type MessageBotConfigWrite = Pick<
  MessageBotConfigRow,
  'content' | 'isActive' | 'timeLapseInSeconds' | 'templateId' | 'variables'
>;

export type MessageBotRow = Selectable<MessageBots>;
/** One conversation's follow-up of a config, with what the API shows of the conversation. */
export type MessageBotView = MessageBotRow & {
  clientName: string | null;
  clientNameFromChannel: string | null;
  clientSenderId: string | null;
};

/** A message bot claimed to fire, with what its config sends. */
export type ClaimedMessageBot = Pick<
  MessageBotRow,
  'id' | 'companyId' | 'clientId' | 'configId' | 'anchorMessageId'
> &
  Pick<MessageBotConfigRow, 'content' | 'templateId' | 'variables' | 'channelId'>;

/** A message bot due soon, as the sweep enqueues it: its time to the millisecond (the job's key and claim). */
export interface DueMessageBot {
  id: number;
  nextDateMs: number;
}

/** A pending message bot just armed: its id and time (the job's key). */
export interface ArmedMessageBot {
  id: number;
  nextDate: Date;
}

// JavaScript dates hold milliseconds, PostgreSQL microseconds: the job's time and the claim both use the time
// truncated to the millisecond, so a row written by SQL (`now() + interval`) is claimed too.
const nextDateMs = sql<string>`floor(extract(epoch from mb."nextDate") * 1000)::bigint`;

/**
 * The follow-up bots' tables (02 §3 "Message bot config", "Message bot"): a channel's configs, and per conversation
 * and config the pending (or sent) firing, unique per (config, conversation), with the agent's message that armed it.
 */
@Injectable()
export class MessageBotsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private configViews() {
    return this.db
      .selectFrom('message_bot_configs as b')
      .leftJoin('whatsapp_templates as t', 't.id', 'b.templateId')
      .selectAll('b')
      .select('t.name as templateName');
  }

  /** A channel's configs, shortest wait first (the order of a sequence). */
  byChannel(channelId: number): Promise<MessageBotConfigView[]> {
    return this.configViews()
      .where('b.channelId', '=', channelId)
      .orderBy('b.timeLapseInSeconds')
      .orderBy('b.id')
      .execute();
  }

  /** The company's configs that send a template. */
  byTemplate(companyId: number, templateId: number): Promise<MessageBotConfigView[]> {
    return this.configViews()
      .where('b.companyId', '=', companyId)
      .where('b.templateId', '=', templateId)
      .orderBy('b.id')
      .execute();
  }

  configById(id: number): Promise<MessageBotConfigView | undefined> {
    return this.configViews().where('b.id', '=', id).executeTakeFirst();
  }

  async createConfig(
    owner: Pick<MessageBotConfigRow, 'companyId' | 'channelId'>,
    write: MessageBotConfigWrite,
  ): Promise<number> {
    const { id } = await this.db
      .insertInto('message_bot_configs')
      .values({ ...owner, ...write, variables: jsonb(write.variables) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /**
   * Edits a config; one turned off takes its conversations' pending firings with it (in the same transaction), so
   * none fires later and turning it on again starts from the agents' next messages.
   */
  async updateConfig(id: number, write: MessageBotConfigWrite): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('message_bot_configs')
        .set({ ...write, variables: jsonb(write.variables), updatedAt: sql`now()` })
        .where('id', '=', id)
        .execute();
      if (!write.isActive) {
        await trx
          .deleteFrom('message_bots')
          .where('configId', '=', id)
          .where('wasSent', '=', false)
          .execute();
      }
    });
  }

  /** Deletes a config; its message bots go with it (foreign key cascade). */
  async deleteConfig(id: number): Promise<void> {
    await this.db.deleteFrom('message_bot_configs').where('id', '=', id).execute();
  }

  /** A channel's active configs, read in the arming transaction. */
  activeConfigs(
    trx: Executor,
    channelId: number,
  ): Promise<Array<Pick<MessageBotConfigRow, 'id' | 'timeLapseInSeconds'>>> {
    return trx
      .selectFrom('message_bot_configs')
      .select(['id', 'timeLapseInSeconds'])
      .where('channelId', '=', channelId)
      .where('isActive', '=', true)
      .execute();
  }

  /**
   * Arms a config for a conversation: its firing at `nextDate`, not sent yet, anchored on the agent's message. A
   * firing already pending for a later time stays (two agent messages committing out of order never move it back);
   * undefined then.
   */
  arm(
    trx: Executor,
    bot: Pick<MessageBotRow, 'companyId' | 'configId' | 'clientId' | 'nextDate' | 'anchorMessageId'>,
  ): Promise<ArmedMessageBot | undefined> {
    return trx
      .insertInto('message_bots')
      .values({ ...bot, wasSent: false })
      .onConflict((oc) =>
        oc
          .columns(['configId', 'clientId'])
          .doUpdateSet({
            nextDate: (eb) => eb.ref('excluded.nextDate'),
            anchorMessageId: (eb) => eb.ref('excluded.anchorMessageId'),
            wasSent: false,
            sentAt: null,
            messageId: null,
            updatedAt: sql`now()`,
          })
          .where((eb) =>
            eb.or([
              eb('message_bots.wasSent', '=', true),
              eb('message_bots.nextDate', '<=', eb.ref('excluded.nextDate')),
            ]),
          ),
      )
      .returning(['id', 'nextDate'])
      .executeTakeFirst();
  }

  /**
   * The customer answered: the conversation's pending firings armed by an agent message older than the customer's
   * go (sent ones stay as history). One armed by a later agent message stays: the customer's message, handled late
   * by its job, answered an earlier one. How many went.
   */
  async cancelPending(trx: Executor, clientId: number, customerMessageId: number): Promise<number> {
    const result = await trx
      .deleteFrom('message_bots')
      .where('clientId', '=', clientId)
      .where('wasSent', '=', false)
      .where((eb) =>
        eb.or([eb('anchorMessageId', 'is', null), eb('anchorMessageId', '<', customerMessageId)]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * The fire job's claim: the message bot becomes sent only if it is still pending for the job's time, its config is
   * active, and the customer has not written since the agent's message that armed it (a reply whose automation job
   * has not run yet). Under the row's lock until `trx` ends, so two runs of the job never both claim it.
   */
  async claim(trx: Executor, id: number, nextDate: Date): Promise<ClaimedMessageBot | undefined> {
    const claimed = await trx
      .updateTable('message_bots as mb')
      .set({ wasSent: true, sentAt: sql`now()`, messageId: null, updatedAt: sql`now()` })
      .from('message_bot_configs as b')
      .whereRef('b.id', '=', 'mb.configId')
      .where('mb.id', '=', id)
      .where('mb.wasSent', '=', false)
      .where('b.isActive', '=', true)
      .where(sql<boolean>`date_trunc('milliseconds', mb."nextDate") = ${nextDate}::timestamptz`)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('messages as m')
              .select(eb.lit(1).as('one'))
              .whereRef('m.clientId', '=', 'mb.clientId')
              .where('m.sender', '=', 'CLIENT')
              .where(sql<boolean>`m.id > coalesce(mb."anchorMessageId", 0)`),
          ),
        ),
      )
      .returning([
        'mb.id',
        'mb.companyId',
        'mb.clientId',
        'mb.configId',
        'mb.anchorMessageId',
        'b.content',
        'b.templateId',
        'b.variables',
        'b.channelId',
      ])
      .executeTakeFirst();
    return claimed;
  }

  /** The message a fired bot sent. */
  async setMessage(trx: Executor, id: number, messageId: number): Promise<void> {
    await trx.updateTable('message_bots').set({ messageId }).where('id', '=', id).execute();
  }

  /**
   * A firing the send rules refused for good (a template no longer accepted): consumed without a message, if it is
   * still pending for the job's time, so neither a retry nor the sweep tries it again. Whether it was.
   */
  async consume(id: number, nextDate: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('message_bots')
      .set({ wasSent: true, sentAt: sql`now()`, messageId: null, updatedAt: sql`now()` })
      .where('id', '=', id)
      .where('wasSent', '=', false)
      .where(sql<boolean>`date_trunc('milliseconds', "nextDate") = ${nextDate}::timestamptz`)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** A config's message bots, pending first, then by time. */
  byConfig(configId: number): Promise<MessageBotView[]> {
    return this.db
      .selectFrom('message_bots as mb')
      .innerJoin('clients as c', 'c.id', 'mb.clientId')
      .selectAll('mb')
      .select([
        'c.name as clientName',
        'c.nameFromChannel as clientNameFromChannel',
        'c.senderId as clientSenderId',
      ])
      .where('mb.configId', '=', configId)
      .orderBy('mb.wasSent')
      .orderBy('mb.nextDate')
      .orderBy('mb.id')
      .execute();
  }

  /** The conversation's newest message: the anchor of a firing created by hand (a customer message after it cancels). */
  async lastMessageId(trx: Executor, clientId: number): Promise<number | null> {
    const row = await trx
      .selectFrom('messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('clientId', '=', clientId)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  botOwner(id: number): Promise<Pick<MessageBotRow, 'companyId' | 'configId'> | undefined> {
    return this.db
      .selectFrom('message_bots')
      .select(['companyId', 'configId'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async deleteBot(id: number): Promise<void> {
    await this.db.deleteFrom('message_bots').where('id', '=', id).execute();
  }

  /** Pending message bots of active configs due by `until` (overdue ones included), soonest first. */
  async dueBy(until: Date, limit: number): Promise<DueMessageBot[]> {
    const rows = await this.db
      .selectFrom('message_bots as mb')
      .innerJoin('message_bot_configs as b', 'b.id', 'mb.configId')
      .select(['mb.id', nextDateMs.as('ms')])
      .where('mb.wasSent', '=', false)
      .where('b.isActive', '=', true)
      .where('mb.nextDate', '<=', until)
      .orderBy('mb.nextDate')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, nextDateMs: Number(row.ms) }));
  }

  /** What a config checks of the template it sends. */
  template(
    id: number,
  ): Promise<{ companyId: number; channelId: number; status: string; variables: number } | undefined> {
    return this.db
      .selectFrom('whatsapp_templates')
      .select(['companyId', 'channelId', 'status', 'variables'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}

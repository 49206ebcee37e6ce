import type { DatasheetFieldType } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Insertable, sql } from 'kysely';
import type {
  MessageSender,
  SurveyOption,
  TemplateComponent,
  TemplateStatus,
} from '../database/column-types';
import { jsonb } from '../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../database/kysely';
import type { Clients } from '../database/schema';

export type DemoClient = Pick<
  Insertable<Clients>,
  | 'companyId'
  | 'channelId'
  | 'key'
  | 'senderId'
  | 'name'
  | 'nameFromChannel'
  | 'cleanedName'
  | 'agentId'
  | 'whatsappStartedAt'
  | 'windowExpiresAt'
>;

export interface DemoMessage {
  companyId: number;
  clientId: number;
  channelId: number;
  content: string;
  sender: MessageSender;
  senderUserId: number | null;
  messageStatus: string | null;
  messageApiId: string;
  time: Date;
}

/**
 * The demo data's own inserts: rows of the inbox's tables (locations, categories, tags, data-sheet fields, quick
 * answers, templates, surveys, conversations and their messages) that their modules create only from a user's
 * request, never inside the caller's transaction. Companies, roles, spaces, channels and users go through their
 * own repositories and services.
 */
@Injectable()
export class DemoSeedRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Holds the transaction-scoped advisory lock `key` until the transaction ends. */
  async lock(trx: Executor, key: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${key})`.execute(trx);
  }

  async insertLocation(db: Executor, companyId: number, name: string): Promise<number> {
    const row = await db
      .insertInto('locations')
      .values({ companyId, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertCategory(db: Executor, companyId: number, name: string): Promise<void> {
    await db.insertInto('categories').values({ companyId, name }).execute();
  }

  /** Nothing when the key exists. */
  async insertTag(
    db: Executor,
    tag: { companyId: number; name: string; color: string; key: string },
  ): Promise<void> {
    await db
      .insertInto('tags')
      .values(tag)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  async insertDatasheetField(
    db: Executor,
    field: { companyId: number; name: string; type: DatasheetFieldType; options: string[]; key: string },
  ): Promise<void> {
    await db
      .insertInto('datasheet_fields')
      .values({ ...field, options: jsonb(field.options) })
      .execute();
  }

  async insertQuickAnswer(
    db: Executor,
    answer: { companyId: number; spaceId: number; shortcut: string; text: string },
  ): Promise<void> {
    await db.insertInto('quick_answers').values(answer).execute();
  }

  async insertTemplate(
    db: Executor,
    template: {
      companyId: number;
      channelId: number;
      name: string;
      status: TemplateStatus;
      category: string;
      components: TemplateComponent[];
      variables: number;
    },
  ): Promise<void> {
    await db
      .insertInto('whatsapp_templates')
      .values({ ...template, components: jsonb(template.components) })
      .execute();
  }

  /**
   * Option ids come from the survey_option_ids sequence, as SurveysRepository gives them: an id names one option
   * across the company, so POST /survey/options never takes an option of another survey with it.
   */
  async insertSurvey(
    db: Executor,
    survey: { companyId: number; channelId: number; initText: string; options: Omit<SurveyOption, 'id'>[] },
  ): Promise<void> {
    const { rows } = await sql<{ id: string }>`SELECT nextval('survey_option_ids') AS id
      FROM generate_series(1, ${survey.options.length}::int)`.execute(db);
    const options = survey.options.map((option, i) => ({ id: Number(rows[i]?.id), ...option }));
    await db
      .insertInto('survey_configs')
      .values({ ...survey, options: jsonb(options) })
      .execute();
  }

  async insertClient(db: Executor, client: DemoClient): Promise<number> {
    const row = await db.insertInto('clients').values(client).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async insertMessage(db: Executor, message: DemoMessage): Promise<number> {
    const row = await db
      .insertInto('messages')
      .values({ ...message, type: 'text' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * The conversation's summary after `message`: its last message, unread count and answered flag; a customer's
   * message also opens the 24-hour window from its time.
   */
  async summarise(
    db: Executor,
    clientId: number,
    message: { id: number; content: string; sender: MessageSender; messageStatus: string | null; time: Date },
    unread: number,
  ): Promise<void> {
    const fromClient = message.sender === 'CLIENT';
    await db
      .updateTable('clients')
      .set({
        lastMessageId: message.id,
        lastMessage: message.content,
        lastMessageSender: message.sender,
        lastMessageStatus: message.messageStatus,
        lastUpdate: message.time,
        unreadMessagesCount: unread,
        answered: !fromClient,
        ...(fromClient
          ? {
              whatsappLastMessageAt: message.time,
              windowExpiresAt: sql<Date>`${message.time}::timestamptz + interval '24 hours'`,
            }
          : {}),
      })
      .where('id', '=', clientId)
      .execute();
  }
}

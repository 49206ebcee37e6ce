import {
  type AssignmentCandidate,
  type ChatbotMenu,
  type ChatbotState,
  ROLE_NAMES,
  type WorkingHours,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { BotSessions, ChatbotMenus } from '../../database/schema';
import type { MessageRow } from '../messages/messages.repository';

export type ChatbotMenuRow = Selectable<ChatbotMenus>;
export type BotSessionRow = Selectable<BotSessions>;

/** What the bot writes back after a turn: where the conversation stands, or that it is done. */
export interface BotSessionWrite {
  clientId: number;
  companyId: number;
  channelId: number;
  state: ChatbotState;
  lastMessageId: number;
  /** Null while the bot still talks with the customer. */
  finishReason: string | null;
}

/** An agent the menu bot may give a conversation to, with what the availability rules read of them. */
export interface BotAssignTarget {
  companyId: number;
  isAvailable: boolean;
  /** A space of theirs holds the channel, or they see every space (admins). */
  seesChannel: boolean;
  workingHours: WorkingHours | null;
}

/**
 * chatbot_menus (one menu per channel, the tree as JSON) and bot_sessions (each conversation's place in it), and
 * what the menu bot reads around them: the customer's messages it has not answered yet, the tags that keep it
 * away, and the agents of a space it can hand a conversation to.
 */
@Injectable()
export class ChatbotRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  menuOf(channelId: number, db: Executor = this.db): Promise<ChatbotMenuRow | undefined> {
    return db.selectFrom('chatbot_menus').selectAll().where('channelId', '=', channelId).executeTakeFirst();
  }

  /** Writes the channel's menu, replacing the one it had. */
  saveMenu(companyId: number, channelId: number, menu: ChatbotMenu): Promise<ChatbotMenuRow> {
    return this.db
      .insertInto('chatbot_menus')
      .values({ companyId, channelId, menu: jsonb(menu) })
      .onConflict((oc) =>
        oc
          .column('channelId')
          .doUpdateSet((eb) => ({ menu: eb.ref('excluded.menu'), updatedAt: sql`now()` })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Removes the channel's menu and ends the sessions left talking on it, in one transaction; answers the clients
   * whose session it ended.
   */
  async deleteMenu(channelId: number, reason: string): Promise<number[] | null> {
    return this.transaction(async (trx) => {
      const deleted = await trx
        .deleteFrom('chatbot_menus')
        .where('channelId', '=', channelId)
        .returning('id')
        .executeTakeFirst();
      if (!deleted) return null;
      const ended = await trx
        .updateTable('bot_sessions')
        .set({ status: 'finished', finishReason: reason, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where('channelId', '=', channelId)
        .where('status', '=', 'active')
        .returning('clientId')
        .execute();
      return ended.map((row) => row.clientId);
    });
  }

  session(trx: Executor, clientId: number): Promise<BotSessionRow | undefined> {
    return trx.selectFrom('bot_sessions').selectAll().where('clientId', '=', clientId).executeTakeFirst();
  }

  /** A new session for the conversation, or its finished one started again (`afterDay`: a customer come back). */
  async startSession(trx: Executor, write: BotSessionWrite, afterDay: boolean): Promise<void> {
    const finished = write.finishReason !== null;
    const row = {
      status: finished ? ('finished' as const) : ('active' as const),
      state: jsonb(write.state),
      lastMessageId: write.lastMessageId,
      finishReason: write.finishReason,
      finishedAt: finished ? sql<Date>`now()` : null,
      afterDay,
    };
    await trx
      .insertInto('bot_sessions')
      .values({ clientId: write.clientId, companyId: write.companyId, channelId: write.channelId, ...row })
      .onConflict((oc) =>
        oc.column('clientId').doUpdateSet({
          ...row,
          channelId: write.channelId,
          startedAt: sql`now()`,
          updatedAt: sql`now()`,
        }),
      )
      .execute();
  }

  /**
   * Where an active session stands after a turn. Only while it is still active: an agent who wrote meanwhile
   * (their transaction committed first) has ended it, and the bot does not revive it. False then.
   */
  async advanceSession(trx: Executor, write: BotSessionWrite): Promise<boolean> {
    const finished = write.finishReason !== null;
    const row = await trx
      .updateTable('bot_sessions')
      .set({
        state: jsonb(write.state),
        lastMessageId: write.lastMessageId,
        ...(finished
          ? { status: 'finished' as const, finishReason: write.finishReason, finishedAt: sql`now()` }
          : {}),
        updatedAt: sql`now()`,
      })
      .where('clientId', '=', write.clientId)
      .where('status', '=', 'active')
      .returning('clientId')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ends the conversation's session if it is still talking; false when there was none to end. */
  async finishActive(db: Executor, clientId: number, reason: string): Promise<boolean> {
    const row = await db
      .updateTable('bot_sessions')
      .set({ status: 'finished', finishReason: reason, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where('clientId', '=', clientId)
      .where('status', '=', 'active')
      .returning('clientId')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The customer's messages after `afterId` up to `uptoId`, oldest first: what the bot has not answered yet. */
  customerMessagesBetween(
    trx: Executor,
    clientId: number,
    afterId: number,
    uptoId: number,
  ): Promise<MessageRow[]> {
    return trx
      .selectFrom('messages')
      .selectAll()
      .where('clientId', '=', clientId)
      .where('sender', '=', 'CLIENT')
      .where('id', '>', afterId)
      .where('id', '<=', uptoId)
      .orderBy('id')
      .execute();
  }

  /** When the customer wrote before this message (null: it is their first). */
  async previousCustomerMessageAt(trx: Executor, clientId: number, beforeId: number): Promise<Date | null> {
    const row = await trx
      .selectFrom('messages')
      .select('time')
      .where('clientId', '=', clientId)
      .where('sender', '=', 'CLIENT')
      .where('id', '<', beforeId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.time ?? null;
  }

  /** Whether the conversation carries one of these tags. */
  async hasAnyTag(trx: Executor, clientId: number, tagIds: readonly number[]): Promise<boolean> {
    if (tagIds.length === 0) return false;
    const row = await trx
      .selectFrom('client_tags')
      .select('tagId')
      .where('clientId', '=', clientId)
      .where('tagId', 'in', [...tagIds])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The company's tags among these ids, by name. */
  tagsAmong(
    companyId: number,
    tagIds: readonly number[],
  ): Promise<Array<{ id: number; name: string; color: string }>> {
    if (tagIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tags')
      .select(['id', 'name', 'color'])
      .where('companyId', '=', companyId)
      .where('id', 'in', [...tagIds])
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** Whether the tag is the company's (a menu may still name one deleted since). */
  async tagOfCompany(trx: Executor, companyId: number, tagId: number): Promise<boolean> {
    const row = await trx
      .selectFrom('tags')
      .select('id')
      .where('id', '=', tagId)
      .where('companyId', '=', companyId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A predefined tag of the company (created the first time, like 'Reasignada'); answers its id. */
  async predefinedTag(companyId: number, tag: { name: string; color: string; key: string }): Promise<number> {
    const row = await this.db
      .insertInto('tags')
      .values({ companyId, ...tag, isDefault: true })
      .onConflict((oc) => oc.column('key').doUpdateSet({ isDefault: true }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Which of the things a menu names are the company's: its tags, users, spaces and data-sheet fields. */
  async companyReferences(
    companyId: number,
    wanted: {
      tagIds: number[];
      userIds: number[];
      spaceIds: number[];
      fieldIds: number[];
      fieldKeys: string[];
    },
  ): Promise<{ tagIds: Set<number>; userIds: Set<number>; spaceIds: Set<number>; fieldKeys: Set<string> }> {
    const ids = async (table: 'tags' | 'users' | 'spaces', list: number[]): Promise<Set<number>> => {
      if (list.length === 0) return new Set();
      const rows = await this.db
        .selectFrom(table)
        .select('id')
        .where('companyId', '=', companyId)
        .where('id', 'in', list)
        .execute();
      return new Set(rows.map((row) => row.id));
    };
    const fieldKeys = new Set<string>();
    if (wanted.fieldIds.length > 0 || wanted.fieldKeys.length > 0) {
      const rows = await this.db
        .selectFrom('datasheet_fields')
        .select(['id', 'key'])
        .where('companyId', '=', companyId)
        .where((eb) =>
          eb.or([
            ...(wanted.fieldIds.length > 0 ? [eb('id', 'in', wanted.fieldIds)] : []),
            ...(wanted.fieldKeys.length > 0 ? [eb('key', 'in', wanted.fieldKeys)] : []),
          ]),
        )
        .execute();
      for (const row of rows) {
        fieldKeys.add(String(row.id));
        fieldKeys.add(row.key);
      }
    }
    return {
      tagIds: await ids('tags', wanted.tagIds),
      userIds: await ids('users', wanted.userIds),
      spaceIds: await ids('spaces', wanted.spaceIds),
      fieldKeys,
    };
  }

  /** The agent a menu option names, as the availability rules read them for this channel. */
  async assignTarget(trx: Executor, userId: number, channelId: number): Promise<BotAssignTarget | undefined> {
    const { rows } = await sql<BotAssignTarget>`
      SELECT u."companyId", u."isAvailable",
        (r.name IN (${ROLE_NAMES.admin}, ${ROLE_NAMES.superadmin})
          OR EXISTS (SELECT 1 FROM user_spaces us JOIN space_channels sc ON sc."spaceId" = us."spaceId"
                      WHERE us."userId" = u.id AND sc."channelId" = ${channelId})) AS "seesChannel",
        (SELECT json_build_object('timezone', w.timezone, 'isActive', w."isActive", 'days', w.days)
           FROM user_working_hours w WHERE w."userId" = u.id) AS "workingHours"
      FROM users u JOIN roles r ON r.id = u."roleId" WHERE u.id = ${userId}`.execute(trx);
    return rows[0];
  }

  /**
   * The agents of the company's space who could take a conversation now (as automatic assignment picks them:
   * available, with the agent permission, admins excepted), with their open conversations as their load.
   */
  async spaceCandidates(trx: Executor, companyId: number, spaceId: number): Promise<AssignmentCandidate[]> {
    const { rows } = await sql<AssignmentCandidate>`
      SELECT u.id,
             (SELECT count(*)::int FROM clients c
               WHERE c."companyId" = u."companyId" AND c."agentId" = u.id AND NOT c."isArchived" AND NOT c."isClosed") AS load,
             (SELECT json_build_object('timezone', w.timezone, 'isActive', w."isActive", 'days', w.days)
                FROM user_working_hours w WHERE w."userId" = u.id) AS "workingHours"
        FROM users u
        JOIN roles r ON r.id = u."roleId"
        JOIN user_spaces us ON us."userId" = u.id
        JOIN spaces s ON s.id = us."spaceId"
       WHERE u."companyId" = ${companyId} AND s."companyId" = ${companyId} AND s.id = ${spaceId}
         AND u."isAvailable" AND r.name <> ALL(${[ROLE_NAMES.admin, ROLE_NAMES.superadmin]})
         AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp."permissionId"
                      WHERE rp."roleId" = r.id AND p.name = 'agent')`.execute(trx);
    return rows;
  }

  /** The conversation's agent now, in the caller's transaction (undefined: no such conversation). */
  async agentOf(trx: Executor, clientId: number): Promise<number | null | undefined> {
    const row = await trx
      .selectFrom('clients')
      .select('agentId')
      .where('id', '=', clientId)
      .executeTakeFirst();
    return row ? row.agentId : undefined;
  }

  /** An answer the bot stored in a data-sheet field, kept for the bot report as the customer gave it. */
  async recordAnswer(
    trx: Executor,
    answer: { companyId: number; channelId: number; clientId: number; fieldId: number; value: string },
  ): Promise<void> {
    await trx
      .insertInto('bot_answers')
      .columns(['companyId', 'channelId', 'clientId', 'fieldId', 'fieldName', 'value'])
      .expression((eb) =>
        eb
          .selectFrom('datasheet_fields as f')
          .select([
            eb.val(answer.companyId).as('companyId'),
            eb.val(answer.channelId).as('channelId'),
            eb.val(answer.clientId).as('clientId'),
            'f.id',
            'f.name',
            eb.val(answer.value).as('value'),
          ])
          .where('f.id', '=', answer.fieldId),
      )
      .execute();
  }

  /** 02 §7 GET /botFlow/clienInfo: the bot's stored answers of conversations created in the range, oldest first. */
  botReport(companyId: number, from: Date, to: Date, channelIds: number[] | null): Promise<BotReportRow[]> {
    let query = this.db
      .selectFrom('bot_answers as a')
      .innerJoin('clients as c', 'c.id', 'a.clientId')
      .select([
        'a.channelId as flowId',
        'a.fieldName',
        'a.value',
        'c.createdAt as createdAtClient',
        'c.senderId',
        'c.id as clientId',
        'c.name as clientName',
        'a.createdAt',
      ])
      .where('a.companyId', '=', companyId)
      .where('c.createdAt', '>=', from)
      .where('c.createdAt', '<', to);
    if (channelIds) query = query.where('a.channelId', 'in', channelIds.length ? channelIds : [0]);
    return query.orderBy('c.createdAt').orderBy('a.id').limit(BOT_REPORT_MAX_ROWS).execute();
  }
}

// The report is read whole by the statistics page and its export: bounded, as the contact report is.
const BOT_REPORT_MAX_ROWS = 50_000;

export interface BotReportRow {
  flowId: number;
  fieldName: string;
  value: string;
  createdAtClient: Date;
  senderId: string;
  clientId: number;
  clientName: string | null;
  createdAt: Date;
}

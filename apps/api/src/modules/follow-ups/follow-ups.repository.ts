import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import type { FollowUpFile } from '../../database/column-types';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { FollowUpMessages, WhatsappTemplates } from '../../database/schema';

export type FollowUpRow = Selectable<FollowUpMessages>;
/** A follow-up as the conversation panel shows it: its agent's and template's names, sendAt as PostgreSQL wrote it. */
export type FollowUpView = Pick<
  FollowUpRow,
  | 'id'
  | 'clientId'
  | 'channelId'
  | 'agentId'
  | 'content'
  | 'templateId'
  | 'variables'
  | 'file'
  | 'status'
  | 'failureReason'
  | 'messageId'
> & { agentName: string | null; sendAt: string; templateName: string | null };
/** What a creation or an edit writes. */
export type FollowUpWrite = Pick<FollowUpRow, 'content' | 'sendAt' | 'templateId' | 'variables' | 'file'>;
export type FollowUpOwner = Pick<FollowUpRow, 'clientId' | 'companyId' | 'status'>;
/** What a follow-up checks of the template it sends. */
export type FollowUpTemplate = Pick<
  Selectable<WhatsappTemplates>,
  'companyId' | 'channelId' | 'status' | 'variables'
>;

const SCHEDULED = sql.lit('scheduled' as const);
const FAILED = sql.lit('failed' as const);

/** A follow-up due soon, as the sweep enqueues it: its time to the millisecond (the job's key and claim use it). */
export interface DueFollowUp {
  id: number;
  sendAtMs: number;
}

// A follow-up's time as its job carries it: JavaScript dates hold milliseconds, PostgreSQL microseconds (a seeded
// `now() + interval` has them), so the job's time and the claim both use the time truncated to the millisecond.
const sendAtMs = sql<string>`floor(extract(epoch from "sendAt") * 1000)::bigint`;

/**
 * The follow_up_messages table (02 §3, §4): a conversation's scheduled messages. The conversation's
 * hasFollowUpMessage flag follows them in the same transaction, so a failed creation never leaves it up (02 §4
 * rollback) and deleting the last one lowers it.
 */
@Injectable()
export class FollowUpsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private views() {
    return this.db
      .selectFrom('follow_up_messages as f')
      .leftJoin('users as u', 'u.id', 'f.agentId')
      .leftJoin('whatsapp_templates as t', 't.id', 'f.templateId')
      .select([
        'f.id',
        'f.clientId',
        'f.channelId',
        'f.agentId',
        'u.name as agentName',
        'f.content',
        sql<string>`to_json(f."sendAt") #>> '{}'`.as('sendAt'),
        'f.templateId',
        't.name as templateName',
        'f.variables',
        'f.file',
        'f.status',
        'f.failureReason',
        'f.messageId',
      ]);
  }

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** The conversation's scheduled follow-ups, soonest first. */
  scheduled(clientId: number): Promise<FollowUpView[]> {
    return this.views()
      .where('f.clientId', '=', clientId)
      .where('f.status', '=', SCHEDULED)
      .orderBy('f.sendAt')
      .orderBy('f.id')
      .execute();
  }

  /**
   * What the conversation panel lists: the scheduled follow-ups, and those whose send was refused (with the reason)
   * until an agent deletes them, soonest first.
   */
  panel(clientId: number): Promise<FollowUpView[]> {
    return this.views()
      .where('f.clientId', '=', clientId)
      .where('f.status', 'in', [SCHEDULED, FAILED])
      .orderBy('f.sendAt')
      .orderBy('f.id')
      .execute();
  }

  byId(id: number): Promise<FollowUpView | undefined> {
    return this.views().where('f.id', '=', id).executeTakeFirst();
  }

  owner(id: number): Promise<FollowUpOwner | undefined> {
    return this.db
      .selectFrom('follow_up_messages')
      .select(['clientId', 'companyId', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  template(id: number): Promise<FollowUpTemplate | undefined> {
    return this.db
      .selectFrom('whatsapp_templates')
      .select(['companyId', 'channelId', 'status', 'variables'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The new follow-up's id; the conversation's flag goes up in the same transaction, and `within` (the send job's
   * enqueue) runs in it too, so the follow-up exists only with its job.
   */
  create(
    owner: Pick<FollowUpRow, 'companyId' | 'clientId' | 'channelId' | 'agentId'>,
    write: FollowUpWrite,
    within?: (trx: Executor, id: number) => Promise<void>,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('follow_up_messages')
        .values({ ...owner, ...this.columns(write) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.syncFlag(trx, owner.clientId);
      await within?.(trx, id);
      return id;
    });
  }

  /**
   * Edits a follow-up that is still scheduled (one already sent or cancelled stays as it was); `within` runs in the
   * same transaction when it was edited. Whether it was.
   */
  update(id: number, write: FollowUpWrite, within?: (trx: Executor) => Promise<void>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const edited = await trx
        .updateTable('follow_up_messages')
        .set({ ...this.columns(write), updatedAt: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', SCHEDULED)
        .executeTakeFirst();
      if (edited.numUpdatedRows === 0n) return false;
      await within?.(trx);
      return true;
    });
  }

  /**
   * The send job's claim: the follow-up becomes 'sent' only if it is still scheduled for the job's time (an edit to
   * another time, a deletion or an earlier run leave nothing to claim). Under the row's lock until `trx` ends, so two
   * runs of a job never both claim it.
   */
  claim(trx: Executor, id: number, sendAt: Date): Promise<FollowUpRow | undefined> {
    return trx
      .updateTable('follow_up_messages')
      .set({ status: 'sent', sentAt: sql`now()`, failureReason: null, updatedAt: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', SCHEDULED)
      .where(sql<boolean>`date_trunc('milliseconds', "sendAt") = ${sendAt}::timestamptz`)
      .returningAll()
      .executeTakeFirst();
  }

  /** The message a claimed follow-up became. */
  async setMessage(trx: Executor, id: number, messageId: number): Promise<void> {
    await trx.updateTable('follow_up_messages').set({ messageId }).where('id', '=', id).execute();
  }

  /**
   * A follow-up the provider rules would refuse however often it is tried: 'failed' with the reason the panel shows,
   * if it is still scheduled for the job's time; the conversation's flag follows. Its conversation's id, when failed.
   */
  fail(id: number, sendAt: Date, reason: string): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('follow_up_messages')
        .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', SCHEDULED)
        .where(sql<boolean>`date_trunc('milliseconds', "sendAt") = ${sendAt}::timestamptz`)
        .returning('clientId')
        .executeTakeFirst();
      if (row) await this.syncFlag(trx, row.clientId);
      return row?.clientId;
    });
  }

  /** Scheduled follow-ups due by `until` (overdue ones included), soonest first, at most `limit`. */
  async dueBy(until: Date, limit: number): Promise<DueFollowUp[]> {
    const rows = await this.db
      .selectFrom('follow_up_messages')
      .select(['id', sendAtMs.as('ms')])
      .where('status', '=', SCHEDULED)
      .where('sendAt', '<=', until)
      .orderBy('sendAt')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, sendAtMs: Number(row.ms) }));
  }

  /** Deletes the follow-up; the conversation's flag follows in the same transaction. */
  async delete(id: number, clientId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('follow_up_messages').where('id', '=', id).execute();
      await this.syncFlag(trx, clientId);
    });
  }

  /** Scheduled follow-ups due by `now`, soonest first. */
  async due(now: Date): Promise<number[]> {
    const rows = await this.db
      .selectFrom('follow_up_messages')
      .select('id')
      .where('status', '=', SCHEDULED)
      .where('sendAt', '<=', now)
      .orderBy('sendAt')
      .execute();
    return rows.map((row) => row.id);
  }

  private columns(write: FollowUpWrite) {
    return {
      content: write.content,
      sendAt: write.sendAt,
      templateId: write.templateId,
      variables: jsonb(write.variables),
      file: write.file ? jsonb<FollowUpFile>(write.file) : null,
    };
  }

  /** The conversation's flag: up while it has a scheduled follow-up. */
  async syncFlag(db: Executor, clientId: number): Promise<void> {
    await db
      .updateTable('clients')
      .set((eb) => ({
        hasFollowUpMessage: eb
          .exists(
            eb
              .selectFrom('follow_up_messages')
              .select(eb.lit(1).as('one'))
              .where('clientId', '=', clientId)
              .where('status', '=', SCHEDULED),
          )
          .$castTo<boolean>(),
        updatedAt: sql`now()`,
      }))
      .where('id', '=', clientId)
      .execute();
  }
}

import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import type { SurveyOption } from '../../database/column-types';
import { lockConversationAutomation } from '../../database/conversation-lock';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { SurveyConfigs, SurveyRequests } from '../../database/schema';

export type SurveyConfigRow = Selectable<SurveyConfigs>;
export type SurveyRequestRow = Selectable<SurveyRequests>;

/** A survey waiting for the customer's answer, with the options of its survey as they are now. */
export interface OpenSurvey {
  id: number;
  clientId: number;
  messageId: number | null;
  surveyConfigId: number | null;
  options: SurveyOption[];
}

/** One agent's ratings: the answered surveys of the conversations assigned to them (agentId null: unassigned). */
export interface AgentRating {
  agentId: number | null;
  /** The average of the answers' values, e.g. 4.5. */
  average: number;
  answers: number;
}

/**
 * survey_configs (02 §3 "Survey config", one per channel) and survey_requests (a survey sent on close and its one
 * answer). An option's id comes from the survey_option_ids sequence, so it names the option across the company.
 */
@Injectable()
export class SurveysRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** The automation's conversation lock: a survey sent on close and a customer message's automation take turns. */
  lockConversation(trx: Executor, clientId: number): Promise<void> {
    return lockConversationAutomation(trx, clientId);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Survey configs.

  configsOfCompany(companyId: number): Promise<SurveyConfigRow[]> {
    return this.db
      .selectFrom('survey_configs')
      .selectAll()
      .where('companyId', '=', companyId)
      .orderBy('id')
      .execute();
  }

  /** The survey, locked until the transaction ends (an edit reads and writes its options whole). */
  configForUpdate(trx: Executor, id: number): Promise<SurveyConfigRow | undefined> {
    return trx.selectFrom('survey_configs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** The channel's company, to scope a survey to it. */
  channelCompany(channelId: number): Promise<{ id: number; companyId: number } | undefined> {
    return this.db
      .selectFrom('channels')
      .select(['id', 'companyId'])
      .where('id', '=', channelId)
      .executeTakeFirst();
  }

  /** `count` fresh option ids. */
  async newOptionIds(count: number, db: Executor = this.db): Promise<number[]> {
    if (count === 0) return [];
    const { rows } = await sql<{ id: string }>`SELECT nextval('survey_option_ids') AS id
      FROM generate_series(1, ${count}::int)`.execute(db);
    return rows.map((row) => Number(row.id));
  }

  /** The new survey, or undefined when the channel already has one (its unique index). */
  insertConfig(values: {
    companyId: number;
    channelId: number;
    initText: string;
    isActive: boolean;
    options: SurveyOption[];
  }): Promise<SurveyConfigRow | undefined> {
    return this.db
      .insertInto('survey_configs')
      .values({ ...values, options: jsonb(values.options) })
      .onConflict((oc) => oc.column('channelId').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  updateConfig(
    id: number,
    values: { initText: string; isActive: boolean; options: SurveyOption[] },
    db: Executor = this.db,
  ): Promise<SurveyConfigRow> {
    return db
      .updateTable('survey_configs')
      .set({ ...values, options: jsonb(values.options) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Every survey holding one of these option ids (any company), locked until the transaction ends. */
  configsHoldingOptions(trx: Executor, optionIds: readonly number[]): Promise<SurveyConfigRow[]> {
    return trx
      .selectFrom('survey_configs')
      .selectAll()
      .where(
        sql<boolean>`exists (SELECT 1 FROM jsonb_array_elements(options) o
          WHERE jsonb_typeof(o->'id') = 'number' AND (o->>'id')::bigint = ANY(${sql.val([...optionIds])}::bigint[]))`,
      )
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** The channel's active survey with at least one option, if any. */
  activeConfigOfChannel(channelId: number, db: Executor = this.db): Promise<SurveyConfigRow | undefined> {
    return db
      .selectFrom('survey_configs')
      .selectAll()
      .where('channelId', '=', channelId)
      .where('isActive', '=', true)
      .where(sql<boolean>`jsonb_array_length(options) > 0`)
      .executeTakeFirst();
  }

  // ---------------------------------------------------------------------------------------------------------
  // Survey requests.

  /** A survey still waiting when a new one goes out is replaced by it: one waits per conversation. */
  async dropUnanswered(trx: Executor, clientId: number): Promise<void> {
    await trx
      .deleteFrom('survey_requests')
      .where('clientId', '=', clientId)
      .where('answeredAt', 'is', null)
      .execute();
  }

  insertRequest(
    trx: Executor,
    values: {
      companyId: number;
      channelId: number;
      clientId: number;
      surveyConfigId: number;
      messageId: number;
    },
  ): Promise<SurveyRequestRow> {
    return trx.insertInto('survey_requests').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * The survey waiting for this conversation's answer, with its survey's options. `lastSaid`: only while the survey
   * is the last thing we said to the customer — once an agent or a bot wrote after it, a number the customer types
   * answers them, not the survey.
   */
  async openSurvey(trx: Executor, clientId: number, lastSaid: boolean): Promise<OpenSurvey | undefined> {
    let query = trx
      .selectFrom('survey_requests as r')
      .innerJoin('survey_configs as s', 's.id', 'r.surveyConfigId')
      .select(['r.id', 'r.clientId', 'r.messageId', 'r.surveyConfigId', 's.options'])
      .where('r.clientId', '=', clientId)
      .where('r.answeredAt', 'is', null);
    if (lastSaid) {
      query = query.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('messages as m')
              .select(sql.lit(1).as('one'))
              .whereRef('m.clientId', '=', 'r.clientId')
              .where('m.sender', 'in', ['AGENT', 'BOT'])
              .where(sql<boolean>`m.id > coalesce(r."messageId", 0)`),
          ),
        ),
      );
    }
    return query.executeTakeFirst();
  }

  /** Records the answer once: undefined when the survey was answered already. */
  answer(
    trx: Executor,
    requestId: number,
    answer: { value: number; optionText: string; answerMessageId: number | null },
  ): Promise<SurveyRequestRow | undefined> {
    return trx
      .updateTable('survey_requests')
      .set({ ...answer, answeredAt: sql<Date>`now()` })
      .where('id', '=', requestId)
      .where('answeredAt', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /** The conversation's newest survey, answered or not. */
  lastRequest(clientId: number): Promise<SurveyRequestRow | undefined> {
    return this.db
      .selectFrom('survey_requests')
      .selectAll()
      .where('clientId', '=', clientId)
      .orderBy('sentAt', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /**
   * For the statistics (01 §2.8, the agent table's rating): per agent of the conversation (its agent now), the
   * average value of the surveys answered in [from, to) and how many. Answers the agents of `companyId` only.
   */
  async ratingsByAgent(companyId: number, from: Date, to: Date): Promise<AgentRating[]> {
    const rows = await this.db
      .selectFrom('survey_requests as r')
      .innerJoin('clients as c', 'c.id', 'r.clientId')
      .select([
        'c.agentId',
        sql<string>`avg(r.value)`.as('average'),
        sql<number>`count(*)::int`.as('answers'),
      ])
      .where('r.companyId', '=', companyId)
      .where('r.answeredAt', '>=', from)
      .where('r.answeredAt', '<', to)
      .where('r.value', 'is not', null)
      .groupBy('c.agentId')
      .orderBy('c.agentId')
      .execute();
    return rows.map((row) => ({ agentId: row.agentId, average: Number(row.average), answers: row.answers }));
  }
}

import type { WorkingHours } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { WelcomeMessages, WhatsappTemplates } from '../../database/schema';

export type WelcomeMessageRow = Selectable<WelcomeMessages>;

/** What a welcome message checks of the template it sends. */
export type WelcomeTemplate = Pick<
  Selectable<WhatsappTemplates>,
  'id' | 'companyId' | 'channelId' | 'status' | 'variables'
>;

/** What a creation or an edit writes. */
export interface WelcomeMessageWrite {
  text: string;
  isActive: boolean;
  useInWorkingHours: boolean;
  templateId: number | null;
  variables: string[];
}

/** welcome_messages (02 §3 "Welcome message"): one per channel (its unique index). */
@Injectable()
export class WelcomeMessagesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The company's welcome messages, of one channel when given. */
  ofCompany(companyId: number, channelId: number | null): Promise<WelcomeMessageRow[]> {
    let query = this.db.selectFrom('welcome_messages').selectAll().where('companyId', '=', companyId);
    if (channelId !== null) query = query.where('channelId', '=', channelId);
    return query.orderBy('channelId').orderBy('id').execute();
  }

  /** The welcome messages that send this template (the template deletion guard reads the same). */
  ofTemplate(companyId: number, templateId: number): Promise<WelcomeMessageRow[]> {
    return this.db
      .selectFrom('welcome_messages')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('templateId', '=', templateId)
      .orderBy('id')
      .execute();
  }

  byId(id: number): Promise<WelcomeMessageRow | undefined> {
    return this.db.selectFrom('welcome_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  channelCompany(channelId: number): Promise<{ id: number; companyId: number } | undefined> {
    return this.db
      .selectFrom('channels')
      .select(['id', 'companyId'])
      .where('id', '=', channelId)
      .executeTakeFirst();
  }

  template(templateId: number): Promise<WelcomeTemplate | undefined> {
    return this.db
      .selectFrom('whatsapp_templates')
      .select(['id', 'companyId', 'channelId', 'status', 'variables'])
      .where('id', '=', templateId)
      .executeTakeFirst();
  }

  /** The new welcome message, or undefined when its channel has one already. */
  insert(
    companyId: number,
    channelId: number,
    values: WelcomeMessageWrite,
  ): Promise<WelcomeMessageRow | undefined> {
    return this.db
      .insertInto('welcome_messages')
      .values({ companyId, channelId, ...values, variables: jsonb(values.variables) })
      .onConflict((oc) => oc.column('channelId').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  update(id: number, values: WelcomeMessageWrite): Promise<WelcomeMessageRow> {
    return this.db
      .updateTable('welcome_messages')
      .set({ ...values, variables: jsonb(values.variables), updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  // ---------------------------------------------------------------------------------------------------------
  // Sending (inside the automation's transaction).

  activeOfChannel(trx: Executor, channelId: number): Promise<WelcomeMessageRow | undefined> {
    return trx
      .selectFrom('welcome_messages')
      .selectAll()
      .where('channelId', '=', channelId)
      .where('isActive', '=', true)
      .executeTakeFirst();
  }

  /** The company's isWelcomeMessageActive setting as stored (absent: the default applies). */
  async companySwitch(trx: Executor, companyId: number): Promise<boolean | null> {
    const row = await trx
      .selectFrom('companies')
      .select(sql<boolean | null>`(settings->>'isWelcomeMessageActive')::boolean`.as('on'))
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.on ?? null;
  }

  /** The contact's name: the one the team gave, else the channel profile's. */
  async contactName(trx: Executor, clientId: number): Promise<string | null> {
    const row = await trx
      .selectFrom('clients')
      .select(['name', 'nameFromChannel'])
      .where('id', '=', clientId)
      .executeTakeFirst();
    return row?.name?.trim() || row?.nameFromChannel?.trim() || null;
  }

  /**
   * The working hours of everyone who can receive the channel's conversations: the members of the spaces that hold
   * it (null: no schedule).
   */
  async channelTeamHours(trx: Executor, channelId: number): Promise<Array<WorkingHours | null>> {
    const rows = await trx
      .selectFrom('users as u')
      .leftJoin('user_working_hours as w', 'w.userId', 'u.id')
      .select(['u.id', 'w.timezone', 'w.isActive', 'w.days'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_spaces as us')
            .innerJoin('space_channels as sc', 'sc.spaceId', 'us.spaceId')
            .select(sql.lit(1).as('one'))
            .whereRef('us.userId', '=', 'u.id')
            .where('sc.channelId', '=', channelId),
        ),
      )
      .where('u.companyId', '=', sql<number>`(SELECT "companyId" FROM channels WHERE id = ${channelId})`)
      .execute();
    return rows.map((row) =>
      row.timezone === null || row.isActive === null || row.days === null
        ? null
        : { timezone: row.timezone, isActive: row.isActive, days: row.days },
    );
  }
}

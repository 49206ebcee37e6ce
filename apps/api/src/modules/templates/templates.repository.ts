import { Injectable } from '@nestjs/common';
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { TemplateComponent, TemplateOrigin, TemplateStatus } from '../../database/column-types';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { DB, WhatsappTemplateMedia, WhatsappTemplates } from '../../database/schema';
import type { ChannelPlatform } from '../../providers/channels/channel-provider';

export type WhatsappTemplateRow = Selectable<WhatsappTemplates>;
export type TemplateMediaRow = Selectable<WhatsappTemplateMedia>;

/** A template as the API shows it (TemplateView), with its channel's name and provider id. */
export interface TemplateListing
  extends Pick<
    WhatsappTemplateRow,
    | 'id'
    | 'companyId'
    | 'channelId'
    | 'name'
    | 'language'
    | 'status'
    | 'rawStatus'
    | 'reason'
    | 'type'
    | 'category'
    | 'origin'
    | 'components'
    | 'variables'
  > {
  channelName: string | null;
  channelProviderId: string | null;
  /** PostgreSQL's own ISO 8601 text of the timestamp. */
  createdAt: string;
}

/** What a status change reads of a template, locked for the change. */
export type TemplateStatusRow = Pick<
  WhatsappTemplateRow,
  | 'id'
  | 'companyId'
  | 'channelId'
  | 'status'
  | 'rawStatus'
  | 'statusAt'
  | 'providerTemplateId'
  | 'providerAccountId'
  | 'origin'
>;

export interface ProviderState {
  status: TemplateStatus;
  rawStatus: string | null;
  reason: string | null;
  /** When the provider reported it; null when it gave no time. */
  statusAt: Date | null;
}

export interface NewTemplate {
  companyId: number;
  channelId: number;
  name: string;
  language: string;
  type: string;
  category: string;
  components: TemplateComponent[];
  variables: number;
  origin: TemplateOrigin;
  providerTemplateId: string | null;
  providerAccountId: string | null;
  status: TemplateStatus;
  rawStatus: string | null;
  reason: string | null;
}

/** How a status event names its template: the provider's id, else its name and language in a channel or account. */
export type TemplateMatch =
  | {
      by: 'providerId';
      platform: ChannelPlatform;
      providerTemplateId: string;
      /** The account the event came from: templates recorded under another account are not its to change. */
      accountId: string | null;
    }
  | { by: 'channel'; channelId: number; name: string; language: string }
  | { by: 'account'; platform: ChannelPlatform; accountId: string; name: string; language: string };

// Two-key advisory locks of this class serialize template creation per company (the 02 §9 limit); the worker
// liveness locks use another class (jobs.repository.ts).
const CREATION_LOCK = 727_016;

/**
 * The rawStatus of a reservation: a row a creation stored, whole but for the provider's id and status, before it
 * calls the provider (no connection is held during that call). It counts toward the 02 §9 limit and holds the name;
 * no provider status is spelled so (normalizeProviderTemplateStatus reads it as unknown, so a webhook applies).
 */
export const TEMPLATE_RESERVED = 'SUBMITTING';

/**
 * A reservation older than this was left by a creation that never finished (a process stopped during the provider
 * call, which gives up within seconds): lists hide it and a sync of its channel settles it.
 */
export const RESERVATION_TTL_MS = 5 * 60_000;

/** A creation's template before the provider has answered: what a reservation stores. */
export type TemplateDraftRow = Omit<
  NewTemplate,
  'origin' | 'providerTemplateId' | 'providerAccountId' | 'status' | 'rawStatus' | 'reason'
>;

const LISTING = [
  't.id',
  't.companyId',
  't.channelId',
  't.name',
  't.language',
  't.status',
  't.reason',
  't.type',
  't.category',
  't.components',
  't.variables',
  't.origin',
  'c.name as channelName',
  'c.providerId as channelProviderId',
] as const;

const STATUS_FIELDS = [
  't.id',
  't.companyId',
  't.channelId',
  't.status',
  't.rawStatus',
  't.statusAt',
  't.providerTemplateId',
  't.providerAccountId',
  't.origin',
] as const;

function createdAtText(eb: ExpressionBuilder<DB & { t: WhatsappTemplates }, 't'>) {
  return sql<string>`to_json(${eb.ref('t.createdAt')}) #>> '{}'`.as('createdAt');
}

// A reservation has no provider status yet: it shows as submitted with none (TemplateView's null rawStatus).
function rawStatusShown(eb: ExpressionBuilder<DB & { t: WhatsappTemplates }, 't'>) {
  return sql<string | null>`nullif(${eb.ref('t.rawStatus')}, ${TEMPLATE_RESERVED})`.as('rawStatus');
}

/** Rows that are not a reservation left behind (those lists hide: they are not templates the company has). */
function notAbandoned(eb: ExpressionBuilder<DB & { t: WhatsappTemplates }, 't'>) {
  return eb.or([
    eb('t.rawStatus', 'is', null),
    eb('t.rawStatus', '!=', TEMPLATE_RESERVED),
    eb('t.createdAt', '>=', sql<Date>`now() - make_interval(secs => ${RESERVATION_TTL_MS / 1000})`),
  ]);
}

/**
 * The whatsapp_templates table (02 §3) and the header files uploaded for them (whatsapp_template_media). Reads
 * join the template's channel for its name and provider id.
 */
@Injectable()
export class TemplatesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  private listing(db: Executor = this.db) {
    return db
      .selectFrom('whatsapp_templates as t')
      .leftJoin('channels as c', 'c.id', 't.channelId')
      .select(LISTING)
      .select((eb) => [rawStatusShown(eb), createdAtText(eb)]);
  }

  /**
   * The company's templates, of one channel and one status when given, by name, language and id. A creation's
   * reservation is listed (submitted) while its creation may still finish, not once it is left behind.
   */
  list(
    companyId: number,
    filter: { channelId: number | null; status: string | null },
  ): Promise<TemplateListing[]> {
    let query = this.listing()
      .where('t.companyId', '=', companyId)
      .where((eb) => notAbandoned(eb));
    if (filter.channelId !== null) query = query.where('t.channelId', '=', filter.channelId);
    // Any text: a status no template has matches none.
    if (filter.status !== null) query = query.where('t.status', '=', filter.status as TemplateStatus);
    return query.orderBy('t.name').orderBy('t.language').orderBy('t.id').execute();
  }

  /** The company's templates, newest first (the templates tab); reservations as in `list`. */
  listNewestFirst(companyId: number): Promise<TemplateListing[]> {
    return this.listing()
      .where('t.companyId', '=', companyId)
      .where((eb) => notAbandoned(eb))
      .orderBy('t.createdAt', 'desc')
      .orderBy('t.id', 'desc')
      .execute();
  }

  /** The templates of these ids, as listed. */
  views(ids: readonly number[], db: Executor = this.db): Promise<TemplateListing[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.listing(db)
      .where('t.id', 'in', [...ids])
      .orderBy('t.id')
      .execute();
  }

  /** Until the transaction ends, no other creation of the company's templates passes this point. */
  async lockCompanyCreation(trx: Executor, companyId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${CREATION_LOCK}::int, ${companyId}::int)`.execute(trx);
  }

  /** The templates the company created here, reservations included (02 §9 counts these). */
  async countCreated(db: Executor, companyId: number): Promise<number> {
    const row = await db
      .selectFrom('whatsapp_templates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('companyId', '=', companyId)
      .where('origin', '=', 'created')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The channel's templates of a name, in every language. */
  byName(channelId: number, name: string, db: Executor = this.db): Promise<TemplateListing[]> {
    return this.listing(db)
      .where('t.channelId', '=', channelId)
      .where('t.name', '=', name)
      .orderBy('t.id')
      .execute();
  }

  /** The channel's template of that name and language, with what the provider knows of it. */
  findOnChannel(
    channelId: number,
    name: string,
    language: string,
    db: Executor = this.db,
  ): Promise<WhatsappTemplateRow | undefined> {
    return db
      .selectFrom('whatsapp_templates')
      .selectAll()
      .where('channelId', '=', channelId)
      .where('name', '=', name)
      .where('language', '=', language)
      .executeTakeFirst();
  }

  /**
   * Stores a creation's template as a reservation (TEMPLATE_RESERVED, no provider id); undefined when the channel
   * has the name in that language already (a sync imported it since the caller looked).
   */
  async reserve(db: Executor, draft: TemplateDraftRow): Promise<number | undefined> {
    const row = await db
      .insertInto('whatsapp_templates')
      .values({
        ...draft,
        components: jsonb(draft.components),
        origin: 'created',
        providerTemplateId: null,
        providerAccountId: null,
        status: 'submitted',
        rawStatus: TEMPLATE_RESERVED,
        reason: null,
        statusAt: null,
      })
      .onConflict((oc) => oc.columns(['channelId', 'name', 'language']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The template of that id, locked until the transaction ends. */
  lockById(trx: Executor, id: number): Promise<TemplateStatusRow | undefined> {
    return trx
      .selectFrom('whatsapp_templates as t')
      .select(STATUS_FIELDS)
      .where('t.id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Deletes the row if it is still a reservation (not once a status webhook or a sync spoke of it); true if so. */
  async releaseReservation(id: number, db: Executor = this.db): Promise<boolean> {
    const result = await db
      .deleteFrom('whatsapp_templates')
      .where('id', '=', id)
      .where('rawStatus', '=', TEMPLATE_RESERVED)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The channels of the company that hold reservations made before `before` (creations that never finished). */
  async channelsWithReservationsBefore(db: Executor, companyId: number, before: Date): Promise<number[]> {
    const rows = await db
      .selectFrom('whatsapp_templates')
      .select('channelId')
      .distinct()
      .where('companyId', '=', companyId)
      .where('rawStatus', '=', TEMPLATE_RESERVED)
      .where('createdAt', '<', before)
      .orderBy('channelId')
      .execute();
    return rows.map((row) => row.channelId);
  }

  /**
   * Stores a template. Idempotent on (channel, name, language): a row a sync imported meanwhile becomes this one,
   * so the same template is never stored twice nor half.
   */
  async upsert(db: Executor, template: NewTemplate, statusAt: Date | null): Promise<number> {
    const values = {
      ...template,
      components: jsonb(template.components),
      statusAt,
      updatedAt: sql<Date>`now()`,
    };
    const row = await db
      .insertInto('whatsapp_templates')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['channelId', 'name', 'language']).doUpdateSet({
          type: template.type,
          category: template.category,
          components: jsonb(template.components),
          variables: template.variables,
          origin: template.origin,
          providerTemplateId: template.providerTemplateId,
          providerAccountId: template.providerAccountId,
          status: template.status,
          rawStatus: template.rawStatus,
          reason: template.reason,
          statusAt,
          updatedAt: sql<Date>`now()`,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Imports a template the provider has and we do not; undefined when the row exists already (a race). */
  async insertImported(
    db: Executor,
    template: NewTemplate,
    statusAt: Date | null,
  ): Promise<number | undefined> {
    const row = await db
      .insertInto('whatsapp_templates')
      .values({ ...template, components: jsonb(template.components), statusAt })
      .onConflict((oc) => oc.columns(['channelId', 'name', 'language']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async deleteByIds(ids: readonly number[], db: Executor = this.db): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db
      .deleteFrom('whatsapp_templates')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The templates a status event names, locked until the transaction ends (events for one template apply in turn). */
  lockMatching(trx: Executor, match: TemplateMatch): Promise<TemplateStatusRow[]> {
    let query = trx
      .selectFrom('whatsapp_templates as t')
      .innerJoin('channels as c', 'c.id', 't.channelId')
      .select(STATUS_FIELDS);
    if (match.by === 'providerId') {
      const { accountId } = match;
      query = query
        .where('t.providerTemplateId', '=', match.providerTemplateId)
        .where('c.platform', '=', match.platform);
      if (accountId) {
        query = query.where((eb) =>
          eb.or([eb('t.providerAccountId', '=', accountId), eb('t.providerAccountId', 'is', null)]),
        );
      }
    } else if (match.by === 'channel') {
      query = query
        .where('t.channelId', '=', match.channelId)
        .where('t.name', '=', match.name)
        .where('t.language', '=', match.language);
    } else {
      query = query
        .where('t.providerAccountId', '=', match.accountId)
        .where('t.name', '=', match.name)
        .where('t.language', '=', match.language)
        .where('c.platform', '=', match.platform);
    }
    return query.orderBy('t.id').forUpdate('t').execute();
  }

  /** The channel's templates, locked for a sync's reconciliation. */
  lockChannelTemplates(
    trx: Executor,
    channelId: number,
  ): Promise<
    Array<TemplateStatusRow & Pick<WhatsappTemplateRow, 'name' | 'language' | 'reason' | 'createdAt'>>
  > {
    return trx
      .selectFrom('whatsapp_templates as t')
      .select([...STATUS_FIELDS, 't.name', 't.language', 't.reason', 't.createdAt'])
      .where('t.channelId', '=', channelId)
      .orderBy('t.id')
      .forUpdate()
      .execute();
  }

  /** Records what the provider says of a template; its id and account too, once known. */
  async setProviderState(
    db: Executor,
    id: number,
    state: ProviderState,
    known: {
      providerTemplateId?: string | null;
      providerAccountId?: string | null;
      components?: unknown[];
    } = {},
  ): Promise<void> {
    await db
      .updateTable('whatsapp_templates')
      .set({
        status: state.status,
        rawStatus: state.rawStatus,
        reason: state.reason,
        statusAt: state.statusAt,
        updatedAt: sql<Date>`now()`,
        ...(known.providerTemplateId ? { providerTemplateId: known.providerTemplateId } : {}),
        ...(known.providerAccountId ? { providerAccountId: known.providerAccountId } : {}),
        ...(known.components ? { components: jsonb(known.components as TemplateComponent[]) } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Keeps the provider's id and account of a template, once a webhook names them. */
  async setProviderIds(
    db: Executor,
    id: number,
    known: { providerTemplateId: string | null; providerAccountId: string | null },
  ): Promise<void> {
    await db
      .updateTable('whatsapp_templates')
      .set({
        ...(known.providerTemplateId ? { providerTemplateId: known.providerTemplateId } : {}),
        ...(known.providerAccountId ? { providerAccountId: known.providerAccountId } : {}),
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  // -------------------------------------------------------------------------------------------------------
  // Header files.

  async insertMedia(
    media: Omit<TemplateMediaRow, 'id' | 'createdAt'>,
    db: Executor = this.db,
  ): Promise<TemplateMediaRow> {
    return db.insertInto('whatsapp_template_media').values(media).returningAll().executeTakeFirstOrThrow();
  }

  /** A header file of the company, by the URL the upload answered. */
  mediaByUrl(companyId: number, url: string): Promise<TemplateMediaRow | undefined> {
    return this.db
      .selectFrom('whatsapp_template_media')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('url', '=', url)
      .executeTakeFirst();
  }
}

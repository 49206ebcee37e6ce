import { Injectable } from '@nestjs/common';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { CampaignStatus, RecipientState } from '../../database/column-types';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { CampaignRecipients, Campaigns } from '../../database/schema';

export type CampaignRow = Selectable<Campaigns>;
export type RecipientRow = Selectable<CampaignRecipients>;
export type NewCampaign = Omit<Insertable<Campaigns>, 'template'> & { template: CampaignRow['template'] };

export type Conjunction = 'union' | 'intersection' | 'difference';

export interface AudienceQuery {
  companyId: number;
  channelId: number;
  tagIds: readonly number[];
  conjunction: Conjunction | null;
}

export interface AudienceMember {
  clientId: number;
  senderId: string;
}

export interface ChannelTagCount {
  id: number;
  name: string;
  color: string;
  createdAt: Date;
  contacts: number;
}

export interface NewRecipient {
  clientId: number;
  phone: string;
  country: string | null;
  cost: number;
}

/** A recipient the dispatcher claimed: what its send needs. */
export interface ClaimedRecipient {
  id: string;
  campaignId: number;
  clientId: number;
  phone: string;
  messageId: number;
}

export interface CampaignCounts {
  total: number;
  sent: number;
  failed: number;
  open: number;
}

// Two-key advisory locks of this class serialise the claims of one number (its daily tier is counted under it).
const CLAIM_LOCK = 727_018;

/**
 * campaigns, campaign_recipients and channel_send_pace (issue 18). The audience is the tag algebra of 01 §2.7
 * in SQL over client_tags; the claim of a batch is one short transaction under the number's lock that counts its
 * rolling 24 h, marks the recipients `sending` and writes their messages, committed before any provider call.
 */
@Injectable()
export class CampaignsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Campaigns.

  async insert(trx: Executor, campaign: NewCampaign): Promise<CampaignRow> {
    return trx
      .insertInto('campaigns')
      .values({ ...campaign, template: jsonb(campaign.template) })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The company's campaigns (of one channel when given), newest first, created after `after`, never deleted ones. */
  listOfCompany(companyId: number, channelId: number | null, after: Date): Promise<CampaignRow[]> {
    let query = this.db
      .selectFrom('campaigns')
      .selectAll()
      .where('companyId', '=', companyId)
      .where('deletedAt', 'is', null)
      .where('createdAt', '>', after);
    if (channelId !== null) query = query.where('channelId', '=', channelId);
    return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  }

  findOfCompany(companyId: number, id: number): Promise<CampaignRow | undefined> {
    return this.db
      .selectFrom('campaigns')
      .selectAll()
      .where('id', '=', id)
      .where('companyId', '=', companyId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  }

  findById(id: number, db: Executor = this.db): Promise<CampaignRow | undefined> {
    return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
  }

  lockById(trx: Executor, id: number): Promise<CampaignRow | undefined> {
    return trx.selectFrom('campaigns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async setStatus(
    db: Executor | undefined,
    id: number,
    status: CampaignStatus,
    extra: { finishedAt?: Date | null; deletedAt?: Date | null; total?: number } = {},
  ): Promise<void> {
    await (db ?? this.db)
      .updateTable('campaigns')
      .set({ status, ...extra })
      .where('id', '=', id)
      .execute();
  }

  async hasRecipients(campaignId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('campaign_recipients')
      .select('id')
      .where('campaignId', '=', campaignId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The company's channel with this provider id (get360Status names the number so). */
  async channelIdByProviderId(companyId: number, providerId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('channels')
      .select('id')
      .where('companyId', '=', companyId)
      .where('providerId', '=', providerId)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** What the provider said last of the number's tier and quality (the cards' fallback when it cannot answer). */
  async rememberAccountStatus(channelId: number, tier: string | null, quality: string): Promise<void> {
    await this.db
      .updateTable('channels')
      .set({ currentLimit: tier, qualityRating: quality })
      .where('id', '=', channelId)
      .execute();
  }

  /** Campaigns of the number that are sending now, oldest first. */
  runningOnChannel(channelId: number): Promise<Array<Pick<CampaignRow, 'id' | 'companyId'>>> {
    return this.db
      .selectFrom('campaigns')
      .select(['id', 'companyId'])
      .where('channelId', '=', channelId)
      .where('status', '=', 'IN_PROGRESS')
      .where('deletedAt', 'is', null)
      .orderBy('id')
      .execute();
  }

  /** Numbers with running campaigns (the sweep wakes their dispatchers). */
  async channelsWithRunningCampaigns(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('campaigns')
      .select('channelId')
      .distinct()
      .where('status', '=', 'IN_PROGRESS')
      .where('deletedAt', 'is', null)
      .execute();
    return rows.map((row) => row.channelId);
  }

  /** Scheduled campaigns whose time came (a start job lost or never made). */
  async dueScheduled(now: Date): Promise<number[]> {
    const rows = await this.db
      .selectFrom('campaigns')
      .select('id')
      .where('status', '=', 'SCHEDULED')
      .where('deletedAt', 'is', null)
      .where('sendAt', '<=', now)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The counters the table shows, recomputed from the recipients (never drifting from them). */
  async refreshCounts(
    db: Executor,
    campaignId: number,
  ): Promise<CampaignCounts & { lastSendAt: Date | null }> {
    const row = await db
      .selectFrom('campaign_recipients')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) FILTER (WHERE state = 'sent'))::int`.as('sent'),
        sql<number>`(count(*) FILTER (WHERE state IN ('failed', 'skipped')))::int`.as('failed'),
        sql<number>`(count(*) FILTER (WHERE state IN ('pending', 'sending', 'check')))::int`.as('open'),
        sql<Date | null>`max("sentAt")`.as('lastSendAt'),
      ])
      .where('campaignId', '=', campaignId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('campaigns')
      .set({ total: row.total, sent: row.sent, failed: row.failed, lastSendAt: row.lastSendAt })
      .where('id', '=', campaignId)
      .execute();
    return row;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Audience (01 §2.7 tag algebra).

  /**
   * The contacts of the channel the tags reach: union any of them, intersection all of them, difference at least
   * one but not all; one row per contact.
   */
  audience(query: AudienceQuery, db: Executor = this.db): Promise<AudienceMember[]> {
    const tagIds = [...new Set(query.tagIds)];
    if (tagIds.length === 0) return Promise.resolve([]);
    const held = sql<number>`count(DISTINCT ct."tagId")`;
    let select = db
      .selectFrom('clients as c')
      .innerJoin('client_tags as ct', 'ct.clientId', 'c.id')
      .select(['c.id as clientId', 'c.senderId'])
      .where('c.companyId', '=', query.companyId)
      .where('c.channelId', '=', query.channelId)
      .where('ct.tagId', 'in', tagIds)
      .groupBy('c.id');
    if (tagIds.length > 1 && query.conjunction === 'intersection') {
      select = select.having(held, '=', tagIds.length);
    } else if (tagIds.length > 1 && query.conjunction === 'difference') {
      select = select.having(held, '<', tagIds.length);
    }
    return select.orderBy('c.id').execute();
  }

  /** The company's tags with how many contacts of the channel carry each (the tags step's table). */
  async tagsWithContacts(companyId: number, channelId: number): Promise<ChannelTagCount[]> {
    return this.db
      .selectFrom('tags as t')
      .leftJoin('client_tags as ct', 'ct.tagId', 't.id')
      .leftJoin('clients as c', (join) =>
        join.onRef('c.id', '=', 'ct.clientId').on('c.channelId', '=', channelId),
      )
      .select([
        't.id',
        't.name',
        't.color',
        't.createdAt',
        sql<number>`count(DISTINCT c.id)::int`.as('contacts'),
      ])
      .where('t.companyId', '=', companyId)
      .groupBy('t.id')
      .orderBy('t.name')
      .execute();
  }

  /** The company's tags among `ids` (another company's are left out). */
  tagsOfCompany(
    companyId: number,
    ids: readonly number[],
  ): Promise<Array<{ id: number; name: string; color: string }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tags')
      .select(['id', 'name', 'color'])
      .where('companyId', '=', companyId)
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }

  // ---------------------------------------------------------------------------------------------------------
  // Recipients.

  /** Writes the audience once (a second start of the campaign adds nothing: one row per contact). */
  async insertRecipients(
    trx: Executor,
    campaign: Pick<CampaignRow, 'id' | 'companyId' | 'channelId'>,
    recipients: readonly NewRecipient[],
  ): Promise<void> {
    const chunk = 5000;
    for (let start = 0; start < recipients.length; start += chunk) {
      const part = recipients.slice(start, start + chunk);
      await sql`
        INSERT INTO campaign_recipients ("campaignId", "companyId", "channelId", "clientId", phone, country, cost)
        SELECT ${campaign.id}::int, ${campaign.companyId}::int, ${campaign.channelId}::int, r."clientId", r.phone,
               r.country, r.cost
          FROM unnest(${part.map((r) => r.clientId)}::int[], ${part.map((r) => r.phone)}::text[],
                      ${part.map((r) => r.country)}::text[], ${part.map((r) => r.cost)}::numeric[])
               AS r("clientId", phone, country, cost)
        ON CONFLICT ("campaignId", "clientId") DO NOTHING`.execute(trx);
    }
  }

  /** Puts the campaign's tag on every recipient (those who have it already keep it). */
  async tagRecipients(trx: Executor, campaignId: number, tagId: number): Promise<void> {
    await sql`
      INSERT INTO client_tags ("clientId", "tagId")
      SELECT "clientId", ${tagId}::int FROM campaign_recipients WHERE "campaignId" = ${campaignId}
      ON CONFLICT DO NOTHING`.execute(trx);
  }

  /**
   * The claim of up to `limit` pending recipients of the number's running campaigns (oldest campaign first), under
   * the number's lock: `allowed(usedInLast24h)` says how many the daily tier still lets out. Each claimed recipient
   * gets its message (sender BOT, pending, its send mark set), so a crash after this commit leaves a trace of every
   * call that may have been made. Returns the claimed ones; none when the tier is spent or nothing is pending.
   */
  async claim(
    channelId: number,
    limit: number,
    allowed: (usedInLast24h: number) => number,
    message: (campaignId: number) => {
      content: string;
      preview: string;
      payload: Record<string, unknown>;
      type: string;
    },
  ): Promise<{ claimed: ClaimedRecipient[]; usedInLast24h: number }> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK}, ${channelId})`.execute(trx);
      const { used } = await trx
        .selectFrom('campaign_recipients')
        .select(sql<number>`count(*)::int`.as('used'))
        .where('channelId', '=', channelId)
        .where('claimedAt', '>', sql<Date>`now() - interval '24 hours'`)
        .executeTakeFirstOrThrow();
      const take = Math.min(limit, allowed(used));
      if (take <= 0) return { claimed: [], usedInLast24h: used };
      const pending = await trx
        .selectFrom('campaign_recipients as r')
        .innerJoin('campaigns as c', 'c.id', 'r.campaignId')
        .select(['r.id', 'r.campaignId', 'r.clientId', 'r.phone', 'r.companyId'])
        .where('c.channelId', '=', channelId)
        .where('c.status', '=', 'IN_PROGRESS')
        .where('c.deletedAt', 'is', null)
        .where('r.state', '=', 'pending')
        .where((eb) => eb.or([eb('r.retryAt', 'is', null), eb('r.retryAt', '<=', sql<Date>`now()`)]))
        .orderBy('r.campaignId')
        .orderBy('r.id')
        .limit(take)
        .forUpdate('r')
        .skipLocked()
        .execute();
      if (pending.length === 0) return { claimed: [], usedInLast24h: used };
      const contents = pending.map((r) => message(r.campaignId));
      const { rows: messages } = await sql<{ id: number; recipientId: string }>`
        INSERT INTO messages ("companyId", "channelId", "clientId", type, content, payload, sender, "messageStatus",
                              time, "sendStartedAt")
        SELECT m."companyId", ${channelId}::int, m."clientId", m.type, m.content, m.payload, 'BOT', 'pending', now(),
               now()
          FROM unnest(${pending.map((r) => r.companyId)}::int[], ${pending.map((r) => r.clientId)}::int[],
                      ${contents.map((c) => c.type)}::text[], ${contents.map((c) => c.content)}::text[],
                      ${contents.map((c, i) => JSON.stringify({ ...c.payload, campaignRecipientId: pending[i].id }))}::jsonb[])
               AS m("companyId", "clientId", type, content, payload)
        RETURNING id, payload->>'campaignRecipientId' AS "recipientId"`.execute(trx);
      const messageOf = new Map(messages.map((m) => [m.recipientId, m.id]));
      await sql`
        UPDATE campaign_recipients r SET state = 'sending', "claimedAt" = now(), "messageId" = v."messageId"
          FROM unnest(${pending.map((r) => r.id)}::bigint[], ${pending.map((r) => messageOf.get(r.id) ?? null)}::int[])
               AS v(id, "messageId")
         WHERE r.id = v.id`.execute(trx);
      // The message is the conversation's last; a conversation with nothing open waits in 'archivedBroadcast'
      // until the customer answers (02 §2), one being talked in stays where it is.
      await sql`
        UPDATE clients c SET "lastMessageId" = v."messageId", "lastMessage" = v.preview, "lastMessageStatus" = 'pending',
               "lastMessageSender" = 'BOT', "lastUpdate" = now(),
               "isBroadcastMessage" = (c."isBroadcastMessage" OR c."windowExpiresAt" IS NULL OR c."windowExpiresAt" < now())
          FROM unnest(${pending.map((r) => r.clientId)}::int[], ${pending.map((r) => messageOf.get(r.id) ?? null)}::int[],
                      ${contents.map((c) => c.preview)}::text[]) AS v("clientId", "messageId", preview)
         WHERE c.id = v."clientId"`.execute(trx);
      return {
        claimed: pending.map((r) => ({
          id: r.id,
          campaignId: r.campaignId,
          clientId: r.clientId,
          phone: r.phone,
          messageId: messageOf.get(r.id) as number,
        })),
        usedInLast24h: used + pending.length,
      };
    });
  }

  /** The provider took them: recipients sent, their messages with the provider's id and 'sent'. */
  async recordSent(
    sent: ReadonlyArray<{ recipientId: string; messageId: number; providerMessageId: string }>,
  ) {
    if (sent.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await sql`
        UPDATE campaign_recipients r SET state = 'sent', "sentAt" = now()
         WHERE r.id = ANY(${sent.map((s) => s.recipientId)}::bigint[]) AND r.state IN ('sending', 'check')`.execute(
        trx,
      );
      await sql`
        UPDATE messages m SET "messageApiId" = v.api, "messageStatus" = CASE WHEN m."messageStatus" = 'pending'
               THEN 'sent' ELSE m."messageStatus" END
          FROM unnest(${sent.map((s) => s.messageId)}::int[], ${sent.map((s) => s.providerMessageId)}::text[])
               AS v(id, api)
         WHERE m.id = v.id AND m."messageApiId" IS NULL`.execute(trx);
      await this.touchCampaigns(
        trx,
        sent.map((s) => s.recipientId),
      );
    });
  }

  /** The provider refused them for good: recipients and messages failed with its error. */
  async recordFailed(
    failed: ReadonlyArray<{ recipientId: string; messageId: number; code: string; title: string }>,
  ): Promise<void> {
    if (failed.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await sql`
        UPDATE campaign_recipients r SET state = 'failed', "errorCode" = v.code, "errorTitle" = v.title
          FROM unnest(${failed.map((f) => f.recipientId)}::bigint[], ${failed.map((f) => f.code)}::text[],
                      ${failed.map((f) => f.title)}::text[]) AS v(id, code, title)
         WHERE r.id = v.id AND r.state IN ('sending', 'check')`.execute(trx);
      await sql`
        UPDATE messages m SET "messageStatus" = 'failed', "errorCode" = v.code, "errorInfo" = v.title,
               "sendStartedAt" = NULL
          FROM unnest(${failed.map((f) => f.messageId)}::int[], ${failed.map((f) => f.code)}::text[],
                      ${failed.map((f) => f.title)}::text[]) AS v(id, code, title)
         WHERE m.id = v.id AND m."messageApiId" IS NULL`.execute(trx);
      await this.touchCampaigns(
        trx,
        failed.map((f) => f.recipientId),
      );
    });
  }

  /**
   * The provider said no for now (its rate limit), or they were never called: nothing reached it, so they go back
   * to pending (skipped, for a campaign deleted meanwhile) and their messages go away (the next claim writes new
   * ones); their claim no longer counts toward the day.
   */
  async releaseClaims(
    released: ReadonlyArray<{ recipientId: string; messageId: number; retryAfterMs: number }>,
  ): Promise<void> {
    if (released.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await sql`
        UPDATE campaign_recipients r
           SET state = CASE WHEN c."deletedAt" IS NULL THEN 'pending' ELSE 'skipped' END, "claimedAt" = NULL,
               "messageId" = NULL, "retryAt" = now() + make_interval(secs => v.wait / 1000.0)
          FROM unnest(${released.map((r) => r.recipientId)}::bigint[], ${released.map((r) => r.retryAfterMs)}::int[])
               AS v(id, wait), campaigns c
         WHERE r.id = v.id AND r.state = 'sending' AND c.id = r."campaignId"`.execute(trx);
      await sql`DELETE FROM messages WHERE id = ANY(${released.map((r) => r.messageId)}::int[])
                  AND "messageApiId" IS NULL`.execute(trx);
    });
  }

  /** Their outcome is unknown (the connection broke during the call): a check, never a blind second send. */
  async markCheck(recipientIds: readonly string[]): Promise<void> {
    if (recipientIds.length === 0) return;
    await sql`UPDATE campaign_recipients SET state = 'check', "checkedAt" = now() WHERE id = ANY(${recipientIds}::bigint[])
                AND state = 'sending'`.execute(this.db);
  }

  /**
   * Settles the number's recipients left `sending` by a dispatcher that died (claimed before `staleBefore`) or
   * marked `check`: those whose message got the provider's id (a status webhook naming our tracking id recorded
   * it) are sent; where the provider reports every send it accepted (`tracksSends`), those still without an id
   * after `reconcileBefore` never reached it and go back to pending; elsewhere they fail as unknown, never sent
   * blindly again. The wait counts from when the check began, so a process that comes back gives the provider's
   * webhooks (which it could not receive while down) the whole window. Returns the campaigns touched.
   */
  async settleUnknown(
    channelId: number,
    staleBefore: Date,
    reconcileBefore: Date,
    tracksSends: boolean,
    unknownCode: string,
  ): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const { rows: sent } = await sql<{ campaignId: number }>`
        UPDATE campaign_recipients r SET state = 'sent', "sentAt" = coalesce(r."sentAt", now())
          FROM messages m
         WHERE r."channelId" = ${channelId} AND r.state IN ('sending', 'check') AND m.id = r."messageId"
           AND m."messageApiId" IS NOT NULL AND (r.state = 'check' OR r."claimedAt" < ${staleBefore})
        RETURNING r."campaignId"`.execute(trx);
      await sql`
        UPDATE campaign_recipients SET state = 'check', "checkedAt" = now()
         WHERE "channelId" = ${channelId} AND state = 'sending' AND "claimedAt" < ${staleBefore}`.execute(
        trx,
      );
      const { rows: expired } = await sql<{ id: string; campaignId: number; messageId: number | null }>`
        SELECT r.id, r."campaignId", r."messageId" FROM campaign_recipients r
          LEFT JOIN messages m ON m.id = r."messageId"
         WHERE r."channelId" = ${channelId} AND r.state = 'check' AND r."checkedAt" < ${reconcileBefore}
           AND m."messageApiId" IS NULL
         FOR UPDATE OF r`.execute(trx);
      if (expired.length > 0) {
        const ids = expired.map((e) => e.id);
        const messageIds = expired.flatMap((e) => (e.messageId === null ? [] : [e.messageId]));
        if (tracksSends) {
          // Never reached the provider: waits again, or is skipped when its campaign was deleted meanwhile.
          await sql`UPDATE campaign_recipients r
                       SET state = CASE WHEN c."deletedAt" IS NULL THEN 'pending' ELSE 'skipped' END,
                           "claimedAt" = NULL, "messageId" = NULL, "checkedAt" = NULL
                      FROM campaigns c
                     WHERE r.id = ANY(${ids}::bigint[]) AND c.id = r."campaignId"`.execute(trx);
          await sql`DELETE FROM messages WHERE id = ANY(${messageIds}::int[]) AND "messageApiId" IS NULL`.execute(
            trx,
          );
        } else {
          await sql`UPDATE campaign_recipients SET state = 'failed', "errorCode" = ${unknownCode}
                     WHERE id = ANY(${ids}::bigint[])`.execute(trx);
          await sql`UPDATE messages SET "messageStatus" = 'failed', "errorCode" = ${unknownCode}
                     WHERE id = ANY(${messageIds}::int[]) AND "messageApiId" IS NULL`.execute(trx);
        }
      }
      return [...new Set([...sent.map((s) => s.campaignId), ...expired.map((e) => e.campaignId)])];
    });
  }

  /** Whether the number has recipients still open (pending, or settling) in running campaigns. */
  async hasOpenWork(channelId: number): Promise<{ pending: boolean; settling: boolean }> {
    const row = await this.db
      .selectFrom('campaign_recipients as r')
      .innerJoin('campaigns as c', 'c.id', 'r.campaignId')
      .select([
        sql<boolean>`bool_or(r.state = 'pending')`.as('pending'),
        sql<boolean>`bool_or(r.state IN ('sending', 'check'))`.as('settling'),
      ])
      .where('c.channelId', '=', channelId)
      .where('c.status', '=', 'IN_PROGRESS')
      .where('c.deletedAt', 'is', null)
      .where('r.state', 'in', ['pending', 'sending', 'check'])
      .executeTakeFirst();
    return { pending: row?.pending ?? false, settling: row?.settling ?? false };
  }

  /** When the first pending recipient of the number's running campaigns may be sent (now for most). */
  async nextPendingAt(channelId: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('campaign_recipients as r')
      .innerJoin('campaigns as c', 'c.id', 'r.campaignId')
      .select(sql<Date | null>`min(greatest(coalesce(r."retryAt", now()), now()))`.as('at'))
      .where('c.channelId', '=', channelId)
      .where('c.status', '=', 'IN_PROGRESS')
      .where('c.deletedAt', 'is', null)
      .where('r.state', '=', 'pending')
      .executeTakeFirst();
    return row?.at ?? null;
  }

  /** What the number's rolling 24 h holds (its daily tier counts claims). */
  async usedInLast24h(channelId: number): Promise<number> {
    const row = await this.db
      .selectFrom('campaign_recipients')
      .select(sql<number>`count(*)::int`.as('used'))
      .where('channelId', '=', channelId)
      .where('claimedAt', '>', sql<Date>`now() - interval '24 hours'`)
      .executeTakeFirstOrThrow();
    return row.used;
  }

  /** When the oldest claim of the number's rolling 24 h leaves it (the tier frees a place then). */
  async nextTierPlaceAt(channelId: number): Promise<Date | null> {
    const row = await this.db
      .selectFrom('campaign_recipients')
      .select(sql<Date | null>`min("claimedAt") + interval '24 hours'`.as('at'))
      .where('channelId', '=', channelId)
      .where('claimedAt', '>', sql<Date>`now() - interval '24 hours'`)
      .executeTakeFirst();
    return row?.at ?? null;
  }

  /** Finishes the running campaigns of the number that have nothing open; returns them. */
  async finishDone(channelId: number): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      UPDATE campaigns c SET status = 'FINISHED', "finishedAt" = now()
       WHERE c."channelId" = ${channelId} AND c.status = 'IN_PROGRESS' AND c."deletedAt" IS NULL
         AND NOT EXISTS (SELECT 1 FROM campaign_recipients r WHERE r."campaignId" = c.id
                           AND r.state IN ('pending', 'sending', 'check'))
      RETURNING c.id`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** Recipients of a deleted campaign that were never sent are skipped (sent ones stay as they are). */
  async skipOpen(trx: Executor, campaignId: number): Promise<void> {
    await trx
      .updateTable('campaign_recipients')
      .set({ state: 'skipped' as RecipientState })
      .where('campaignId', '=', campaignId)
      .where('state', '=', 'pending')
      .execute();
  }

  private async touchCampaigns(trx: Executor, recipientIds: readonly string[]): Promise<void> {
    await sql`
      UPDATE campaigns c SET "lastSendAt" = now()
       WHERE c.id IN (SELECT DISTINCT "campaignId" FROM campaign_recipients WHERE id = ANY(${recipientIds}::bigint[]))`.execute(
      trx,
    );
  }

  // ---------------------------------------------------------------------------------------------------------
  // Rate (shared by every instance).

  /** The database's clock in milliseconds since the epoch (send times are on it). */
  async databaseClock(): Promise<number> {
    const { rows } = await sql<{ ms: number }>`
      SELECT extract(epoch FROM clock_timestamp())::float8 * 1000 AS ms`.execute(this.db);
    return Number(rows[0]?.ms);
  }

  /**
   * Up to `want` send times for the number, `intervalMs` apart on the database's clock, none further than
   * `horizonMs` ahead: one statement, so dispatchers on several instances share one sequence of times. In SET the
   * row's columns are its values before this update; `lastFirst` and `lastCount` are what this call got.
   */
  async reserveSendTimes(
    channelId: number,
    intervalMs: number,
    want: number,
    horizonMs: number,
  ): Promise<{ first: number; count: number }> {
    const { rows } = await sql<{ first: number; count: number }>`
      INSERT INTO channel_send_pace AS p ("channelId", "nextAt", "reservedAt", "lastFirst", "lastCount")
      SELECT ${channelId}, n.ms + k.count * ${intervalMs}::float8, n.ms, n.ms, k.count
        FROM (SELECT extract(epoch FROM clock_timestamp())::float8 * 1000 AS ms) n,
             LATERAL (SELECT greatest(0, least(${want}::int, floor(${horizonMs}::float8 / ${intervalMs}::float8)::int)) AS count) k
      ON CONFLICT ("channelId") DO UPDATE SET
        "nextAt" = greatest(p."nextAt", EXCLUDED."reservedAt") + greatest(0, least(${want}::int,
                     floor((EXCLUDED."reservedAt" + ${horizonMs}::float8 - greatest(p."nextAt", EXCLUDED."reservedAt"))
                           / ${intervalMs}::float8)::int)) * ${intervalMs}::float8,
        "reservedAt" = EXCLUDED."reservedAt",
        "lastFirst" = greatest(p."nextAt", EXCLUDED."reservedAt"),
        "lastCount" = greatest(0, least(${want}::int,
                     floor((EXCLUDED."reservedAt" + ${horizonMs}::float8 - greatest(p."nextAt", EXCLUDED."reservedAt"))
                           / ${intervalMs}::float8)::int))
      RETURNING "lastFirst" AS first, "lastCount" AS count`.execute(this.db);
    const row = rows[0];
    return row ? { first: Number(row.first), count: Number(row.count) } : { first: 0, count: 0 };
  }
}

import {
  ANALYTICS_SESSION_GAP_HOURS,
  type ChannelPlatform,
  RESPONSE_TIME_BUCKETS,
  type ResponseTimeBucketKey,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type RawBuilder, sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';

/** Which sessions a figure counts: a company's, optionally some channels only, optionally one agent's only. */
export interface AnalyticsFilter {
  companyId: number;
  /** null: every channel of the company. */
  channelIds: number[] | null;
  /** The agent scope (analyticsScope 'agent'): only sessions whose agent is this user. */
  agentId: number | null;
}

/** The channel ids of each platform family, so the SQL counts per family without naming a platform. */
export interface FamilyChannels {
  whatsapp: number[];
  messenger: number[];
  sms: number[];
}

/**
 * A period of whole days of the company's time zone: the instants of its bounds and the days (YYYY-MM-DD, endDay
 * exclusive) the daily rollup is read by.
 */
export interface AnalyticsPeriod {
  start: Date;
  end: Date;
  startDay: string;
  endDay: string;
}

/** A range as whole days of the company's time zone, and as many days just before. */
export interface WholeDays {
  period: AnalyticsPeriod;
  previous: AnalyticsPeriod;
  days: number;
}

/** The cards the daily rollup adds up (Conversaciones Activas is not additive: activeCounts). */
export interface SessionFigures {
  total: number;
  whatsapp: number;
  messenger: number;
  sms: number;
  totalFromAds: number;
  totalAnswered: number;
  responseMinutes: number | null;
  botConversations: number;
  botOnly: number;
  handedOver: number;
}

export interface HourCell {
  weekday: number;
  hour: number;
  messages: number;
}

export interface AnalyticsContext {
  timezone: string;
  analyticsRangeDays: number | null;
  analyticsExtendedRows: boolean;
  /** Midnight today and tomorrow, and the first of this month, in the company's time zone. */
  startOfToday: Date;
  endOfToday: Date;
  startOfMonth: Date;
  usesBots: boolean;
}

export interface AnalyticsChannel {
  id: number;
  name: string;
  platform: ChannelPlatform;
}

export interface AgentFigures {
  agentId: number;
  name: string;
  total: number;
  answered: number;
  responseMinutes: number | null;
  rating: number | null;
  ratingsCount: number;
  messages: number;
  responseAfterAssignmentMinutes: number | null;
  botAnswered: number;
  avgDurationHours: number | null;
}

export interface SessionListRow {
  clientId: number;
  name: string | null;
  nameFromChannel: string | null;
  senderId: string;
  channelId: number;
  agentName: string | null;
  startedAt: Date;
  lastMessageAt: Date;
  firstAgentReplyAt: Date | null;
  firstBotReplyAt: Date | null;
  fromAd: boolean;
  messages: number;
  rating: number | null;
}

export interface PanelFacts {
  plan: string;
  conversationsLimit: number | null;
  usersLimit: number | null;
  usersTotal: number;
  usersAvailable: number;
  unansweredNow: number;
  /** The current billing period's end when the company has a live subscription. */
  currentPeriodEnd: Date | null;
}

/** analytics_daily's response-time bucket columns (the migration's bounds are RESPONSE_TIME_BUCKETS'). */
const BUCKET_COLUMNS: Record<ResponseTimeBucketKey, string> = {
  lt1m: 'responseLt1m',
  '1to5m': 'response1to5m',
  '5to15m': 'response5to15m',
  '15to60m': 'response15to60m',
  '1to4h': 'response1to4h',
  gt4h: 'responseGt4h',
};

/** A sum's average to one decimal; NULL when nothing was counted. */
function average(sum: RawBuilder<unknown>, count: RawBuilder<unknown>) {
  return sql`round((sum(${sum}) / nullif(sum(${count}), 0))::numeric, 1)::float8`;
}

const SESSION_GAP_MS = ANALYTICS_SESSION_GAP_HOURS * 3_600_000;

/** The first day and the day after the last of contiguous periods (YYYY-MM-DD strings sort as the days do). */
function dayBounds(periods: readonly AnalyticsPeriod[]): { startDay: string; endDay: string } {
  const days = periods.flatMap((p) => [p.startDay, p.endDay]).sort();
  return { startDay: days[0], endDay: days[days.length - 1] };
}

/** The rollup rows of the days [startDay, endDay) under the filter (the primary key's range). */
function daysOf(filter: AnalyticsFilter, { startDay, endDay }: { startDay: string; endDay: string }) {
  const parts = [
    sql`d."companyId" = ${filter.companyId}`,
    sql`d.day >= ${startDay}::date`,
    sql`d.day < ${endDay}::date`,
  ];
  if (filter.channelIds !== null) parts.push(sql`d."channelId" = ANY(${filter.channelIds}::int[])`);
  if (filter.agentId !== null) parts.push(sql`d."agentId" = ${filter.agentId}`);
  return sql.join(parts, sql` AND `);
}

function channelCondition(column: RawBuilder<unknown>, channelIds: number[] | null) {
  return channelIds === null ? sql`true` : sql`${column} = ANY(${channelIds}::int[])`;
}

/** The sessions of [start, end) under the filter, over the index ("companyId", "startedAt"). */
function sessionsOf(filter: AnalyticsFilter, start: Date, end: Date) {
  const parts = [
    sql`s."companyId" = ${filter.companyId}`,
    sql`s."startedAt" >= ${start}`,
    sql`s."startedAt" < ${end}`,
  ];
  if (filter.channelIds !== null) parts.push(sql`s."channelId" = ANY(${filter.channelIds}::int[])`);
  if (filter.agentId !== null) parts.push(sql`s."agentId" = ${filter.agentId}`);
  return sql.join(parts, sql` AND `);
}

const earliest = (dates: readonly Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));
const latest = (dates: readonly Date[]) => new Date(Math.max(...dates.map((date) => date.getTime())));

/**
 * Issue 20, statistics: every aggregate of the dashboard, the export, the bot report and the panel, computed in SQL
 * over analytics_daily (the cards, series, channels, buckets and agent table: sums over days × channels × agents),
 * analytics_hourly (messages) and conversation_sessions (the list and the open sessions), all kept by the triggers
 * of the analytics migration. Only the capped session list and small grouped rows come back to Node.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The company's settings and calendar facts the range rules and the panel need, in one round trip. */
  async context(companyId: number): Promise<AnalyticsContext | undefined> {
    return (await this.contextAndDays(companyId, null))?.context;
  }

  /**
   * The whole days of the company's time zone [start, end) touches: from start's day through the day of the last
   * instant before end; and the period of as many days just before.
   */
  async wholeDays(companyId: number, start: Date, end: Date): Promise<WholeDays | undefined> {
    return (await this.contextAndDays(companyId, { start, end }))?.whole ?? undefined;
  }

  /** context() and, for a range, wholeDays() in one statement (a dashboard request's first round trip). */
  async contextAndDays(
    companyId: number,
    range: { start: Date; end: Date } | null,
  ): Promise<{ context: AnalyticsContext; whole: WholeDays | null } | undefined> {
    const bounds =
      range === null
        ? sql`SELECT NULL::date AS first, NULL::date AS after`
        : sql`SELECT (${range.start}::timestamptz AT TIME ZONE co.timezone)::date AS first,
                     ((${range.end}::timestamptz - interval '1 millisecond') AT TIME ZONE co.timezone)::date + 1 AS after`;
    const { rows } = await sql<
      AnalyticsContext & {
        first: string | null;
        after: string;
        before: string;
        start: Date;
        end: Date;
        previousStart: Date;
        days: number;
      }
    >`
      SELECT co.timezone, co."analyticsRangeDays", co."analyticsExtendedRows",
             date_trunc('day', now() AT TIME ZONE co.timezone) AT TIME ZONE co.timezone AS "startOfToday",
             (date_trunc('day', now() AT TIME ZONE co.timezone) + interval '1 day') AT TIME ZONE co.timezone AS "endOfToday",
             date_trunc('month', now() AT TIME ZONE co.timezone) AT TIME ZONE co.timezone AS "startOfMonth",
             (EXISTS (SELECT 1 FROM chatbot_menus m WHERE m."companyId" = co.id)
               OR EXISTS (SELECT 1 FROM message_bot_configs b WHERE b."companyId" = co.id)
               OR EXISTS (SELECT 1 FROM analytics_daily d
                           WHERE d."companyId" = co.id AND d."botConversations" > 0)) AS "usesBots",
             to_char(x.first, 'YYYY-MM-DD') AS first, to_char(x.after, 'YYYY-MM-DD') AS after,
             to_char(x.first - (x.after - x.first), 'YYYY-MM-DD') AS before,
             x.first::timestamp AT TIME ZONE co.timezone AS start, x.after::timestamp AT TIME ZONE co.timezone AS "end",
             (x.first - (x.after - x.first))::timestamp AT TIME ZONE co.timezone AS "previousStart",
             x.after - x.first AS days
        FROM companies co CROSS JOIN LATERAL (${bounds}) x
       WHERE co.id = ${companyId}`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    const { first, after, before, start, end, previousStart, days, ...context } = row;
    return {
      context,
      whole:
        first === null
          ? null
          : {
              period: { start, end, startDay: first, endDay: after },
              previous: { start: previousStart, end: start, startDay: before, endDay: first },
              days,
            },
    };
  }

  /**
   * The channels a user may see statistics of: the channels of the user's spaces, or (userId null: admins and
   * superadmins, the company-wide figures) every channel of the company.
   */
  async visibleChannels(companyId: number, userId: number | null): Promise<AnalyticsChannel[]> {
    const { rows } = await sql<AnalyticsChannel>`
      SELECT ch.id, ch.name, ch.platform FROM channels ch
       WHERE ch."companyId" = ${companyId}
         AND (${userId}::int IS NULL OR EXISTS (
               SELECT 1 FROM user_spaces us JOIN space_channels sc ON sc."spaceId" = us."spaceId"
                WHERE us."userId" = ${userId} AND sc."channelId" = ch.id))
       ORDER BY ch.id`.execute(this.db);
    return rows;
  }

  /**
   * The session cards of each period (contiguous periods, e.g. the previous one and the current one) in one
   * statement over the daily rollup.
   */
  async sessionFigures(
    filter: AnalyticsFilter,
    periods: readonly AnalyticsPeriod[],
    families: FamilyChannels,
  ): Promise<Array<SessionFigures>> {
    const which = sql`CASE ${sql.join(
      periods.map(
        (p, index) => sql`WHEN d.day >= ${p.startDay}::date AND d.day < ${p.endDay}::date THEN ${index}::int`,
      ),
      sql` `,
    )} END`;
    const family = (ids: number[]) =>
      sql`coalesce(sum(d.sessions) FILTER (WHERE d."channelId" = ANY(${ids}::int[])), 0)::int`;
    const { rows } = await sql<SessionFigures & { period: number | null }>`
      SELECT ${which} AS period, sum(d.sessions)::int AS total,
             ${family(families.whatsapp)} AS whatsapp, ${family(families.messenger)} AS messenger,
             ${family(families.sms)} AS sms, sum(d."fromAd")::int AS "totalFromAds",
             sum(d.answered)::int AS "totalAnswered",
             ${average(sql`d."responseMinutesSum"`, sql`d."agentAnswered"`)} AS "responseMinutes",
             sum(d."botConversations")::int AS "botConversations", sum(d."botOnly")::int AS "botOnly",
             sum(d."handedOver")::int AS "handedOver"
        FROM analytics_daily d
       WHERE ${daysOf(filter, dayBounds(periods))}
       GROUP BY 1`.execute(this.db);
    return periods.map((_, index) => {
      const row = rows.find((r) => r.period === index);
      if (!row) {
        return {
          total: 0,
          whatsapp: 0,
          messenger: 0,
          sms: 0,
          totalFromAds: 0,
          totalAnswered: 0,
          responseMinutes: null,
          botConversations: 0,
          botOnly: 0,
          handedOver: 0,
        };
      }
      const { period: _period, ...figures } = row;
      return figures;
    });
  }

  /**
   * Conversaciones Activas of each period: its sessions still open at its end, or now when it ends later (the
   * customer wrote less than 24 h before). Not additive, so not in analytics_daily: a period that ended reads
   * analytics_open_days (sessions by opening day and the last day at whose start they are open); a period running
   * now reads the sessions a customer wrote in during the last 24 h, over ("companyId", "lastCustomerAt").
   */
  async activeCounts(
    filter: AnalyticsFilter,
    periods: readonly AnalyticsPeriod[],
    now: Date,
  ): Promise<number[]> {
    const ended = periods.flatMap((p, index) => (p.end.getTime() <= now.getTime() ? [{ p, index }] : []));
    const running = periods.flatMap((p, index) => (p.end.getTime() > now.getTime() ? [{ p, index }] : []));
    const counts = new Array<number>(periods.length).fill(0);
    const [endedRow, runningRow] = await Promise.all([
      ended.length === 0
        ? undefined
        : sql<Record<string, number>>`
            SELECT ${sql.join(
              ended.map(
                ({ p, index }) => sql`coalesce(sum(d.sessions) FILTER (WHERE d.day >= ${p.startDay}::date
                  AND d.day < ${p.endDay}::date AND d."openUntil" >= ${p.endDay}::date), 0)::int
                  AS ${sql.ref(`p${index}`)}`,
              ),
            )}
              FROM analytics_open_days d
             WHERE ${daysOf(filter, dayBounds(ended.map(({ p }) => p)))}`
            .execute(this.db)
            .then((r) => r.rows[0]),
      running.length === 0
        ? undefined
        : sql<Record<string, number>>`
            SELECT ${sql.join(
              running.map(
                ({ p, index }) => sql`(count(*) FILTER (WHERE s."startedAt" >= ${p.start}
                  AND s."startedAt" < ${p.end}))::int AS ${sql.ref(`p${index}`)}`,
              ),
            )}
              FROM conversation_sessions s
             WHERE ${sessionsOf(filter, earliest(running.map(({ p }) => p.start)), latest(running.map(({ p }) => p.end)))}
               AND s."lastCustomerAt" > ${new Date(now.getTime() - SESSION_GAP_MS)}`
            .execute(this.db)
            .then((r) => r.rows[0]),
    ]);
    for (const { index } of ended) counts[index] = endedRow?.[`p${index}`] ?? 0;
    for (const { index } of running) counts[index] = runningRow?.[`p${index}`] ?? 0;
    return counts;
  }

  /**
   * Customer messages of [start, end) per weekday (0 = Monday) and hour in the time zone. Company scope reads
   * analytics_hourly (exact for whole-hour zones); the agent scope counts the customer messages of the agent's
   * sessions, which the hourly table cannot tell apart.
   */
  async messageCells(filter: AnalyticsFilter, start: Date, end: Date, timezone: string): Promise<HourCell[]> {
    if (filter.agentId === null) {
      const { rows } = await sql<HourCell>`
        SELECT (extract(isodow FROM h.hour AT TIME ZONE ${timezone})::int - 1) AS weekday,
               extract(hour FROM h.hour AT TIME ZONE ${timezone})::int AS hour, sum(h.inbound)::int AS messages
          FROM analytics_hourly h
         WHERE h."companyId" = ${filter.companyId} AND h.hour >= ${start} AND h.hour < ${end}
           AND h.inbound > 0 AND ${channelCondition(sql`h."channelId"`, filter.channelIds)}
         GROUP BY 1, 2`.execute(this.db);
      return rows;
    }
    const { rows } = await sql<HourCell>`
      SELECT (extract(isodow FROM m.time AT TIME ZONE ${timezone})::int - 1) AS weekday,
             extract(hour FROM m.time AT TIME ZONE ${timezone})::int AS hour, count(*)::int AS messages
        FROM conversation_sessions s
        JOIN messages m ON m."clientId" = s."clientId" AND m.sender = 'CLIENT'
                       AND m.time >= s."startedAt" AND m.time <= s."lastCustomerAt"
       WHERE s."companyId" = ${filter.companyId} AND s."agentId" = ${filter.agentId}
         AND s."startedAt" < ${end} AND s."lastCustomerAt" >= ${start}
         AND ${channelCondition(sql`s."channelId"`, filter.channelIds)}
         AND m.time >= ${start} AND m.time < ${end}
       GROUP BY 1, 2`.execute(this.db);
    return rows;
  }

  /** Sessions opened and answered per day of the time zone, every day of the period (zero days included). */
  async perDay(
    filter: AnalyticsFilter,
    period: AnalyticsPeriod,
  ): Promise<Array<{ date: string; conversations: number; answered: number }>> {
    const { rows } = await sql<{ date: string; conversations: number; answered: number }>`
      SELECT to_char(g.day, 'YYYY-MM-DD') AS date, coalesce(x.conversations, 0)::int AS conversations,
             coalesce(x.answered, 0)::int AS answered
        FROM generate_series(${period.startDay}::date, ${period.endDay}::date - 1, interval '1 day') g(day)
        LEFT JOIN (SELECT d.day, sum(d.sessions) AS conversations, sum(d.answered) AS answered
                     FROM analytics_daily d
                    WHERE ${daysOf(filter, period)}
                    GROUP BY 1) x ON x.day = g.day::date
       ORDER BY g.day`.execute(this.db);
    return rows;
  }

  async byChannel(filter: AnalyticsFilter, period: AnalyticsPeriod): Promise<Map<number, number>> {
    const { rows } = await sql<{ channelId: number; count: number }>`
      SELECT d."channelId", sum(d.sessions)::int AS count FROM analytics_daily d
       WHERE ${daysOf(filter, period)} GROUP BY 1`.execute(this.db);
    return new Map(rows.map((row) => [row.channelId, row.count]));
  }

  async responseTimes(
    filter: AnalyticsFilter,
    period: AnalyticsPeriod,
  ): Promise<Map<ResponseTimeBucketKey, number>> {
    const { rows } = await sql<Record<ResponseTimeBucketKey, number>>`
      SELECT ${sql.join(
        RESPONSE_TIME_BUCKETS.map(
          (bucket) =>
            sql`coalesce(sum(${sql.ref(`d.${BUCKET_COLUMNS[bucket.key]}`)}), 0)::int AS ${sql.ref(bucket.key)}`,
        ),
      )}
        FROM analytics_daily d
       WHERE ${daysOf(filter, period)}`.execute(this.db);
    return new Map(RESPONSE_TIME_BUCKETS.map((bucket) => [bucket.key, rows[0][bucket.key]]));
  }

  /** One row per agent with sessions or sent messages in the period, most sessions first. */
  async agents(filter: AnalyticsFilter, period: AnalyticsPeriod): Promise<AgentFigures[]> {
    const { rows } = await sql<AgentFigures>`
      WITH a AS (
        SELECT d."agentId", sum(d.sessions)::int AS total, sum(d."agentAnswered")::int AS answered,
               ${average(sql`d."responseMinutesSum"`, sql`d."agentAnswered"`)} AS "responseMinutes",
               ${average(sql`d."ratingSum"`, sql`d."ratingCount"`)} AS rating,
               sum(d."ratingCount")::int AS "ratingsCount",
               ${average(sql`d."afterAssignMinutesSum"`, sql`d."afterAssignCount"`)} AS "responseAfterAssignmentMinutes",
               sum(d."botConversations")::int AS "botAnswered",
               ${average(sql`d."durationHoursSum"`, sql`d.sessions`)} AS "avgDurationHours"
          FROM analytics_daily d
         WHERE ${daysOf(filter, period)} AND d."agentId" <> 0
         GROUP BY d."agentId"
      ), m AS (
        SELECT h."userId" AS "agentId", sum(h.messages)::int AS messages FROM analytics_agent_hourly h
         WHERE h."companyId" = ${filter.companyId} AND h.hour >= ${period.start} AND h.hour < ${period.end}
           AND ${channelCondition(sql`h."channelId"`, filter.channelIds)}
           AND ${filter.agentId === null ? sql`true` : sql`h."userId" = ${filter.agentId}`}
         GROUP BY 1
      )
      SELECT u.id AS "agentId", u.name, coalesce(a.total, 0) AS total, coalesce(a.answered, 0) AS answered,
             a."responseMinutes", a.rating, coalesce(a."ratingsCount", 0) AS "ratingsCount",
             coalesce(m.messages, 0) AS messages, a."responseAfterAssignmentMinutes",
             coalesce(a."botAnswered", 0) AS "botAnswered", a."avgDurationHours"
        FROM a FULL JOIN m USING ("agentId")
        JOIN users u ON u.id = "agentId" AND u."companyId" = ${filter.companyId}
       ORDER BY coalesce(a.total, 0) DESC, u.name, u.id`.execute(this.db);
    return rows;
  }

  /** The period's sessions newest first, at most `cap` of them (null: all), with what names their contact. */
  async sessions(
    filter: AnalyticsFilter,
    start: Date,
    end: Date,
    cap: number | null,
  ): Promise<SessionListRow[]> {
    const { rows } = await sql<SessionListRow>`
      SELECT s."clientId", c.name, c."nameFromChannel", c."senderId", s."channelId", u.name AS "agentName",
             s."startedAt", s."lastMessageAt", s."firstAgentReplyAt", s."firstBotReplyAt", s."fromAd",
             s."inboundCount" + s."outboundCount" AS messages, s.rating
        FROM conversation_sessions s
        JOIN clients c ON c.id = s."clientId"
        LEFT JOIN users u ON u.id = s."agentId"
       WHERE ${sessionsOf(filter, start, end)}
       ORDER BY s."startedAt" DESC, s.id DESC
       ${cap === null ? sql`` : sql`LIMIT ${cap}`}`.execute(this.db);
    return rows;
  }

  /** Sessions opened since `since` (the plan's use this billing period). */
  async sessionsSince(companyId: number, since: Date): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM conversation_sessions s
       WHERE s."companyId" = ${companyId} AND s."startedAt" >= ${since}`.execute(this.db);
    return rows[0].count;
  }

  async panelFacts(companyId: number): Promise<PanelFacts | undefined> {
    const { rows } = await sql<PanelFacts>`
      SELECT co.plan, co."conversationsLimit", co."usersLimit",
             (SELECT count(*)::int FROM users u WHERE u."companyId" = co.id) AS "usersTotal",
             (SELECT count(*)::int FROM users u WHERE u."companyId" = co.id AND u."isAvailable") AS "usersAvailable",
             (SELECT count(*)::int FROM conversation_sessions s
               WHERE s."companyId" = co.id AND s."lastCustomerAt" > now() - interval '24 hours'
                 AND s."firstAgentReplyAt" IS NULL AND s."firstBotReplyAt" IS NULL) AS "unansweredNow",
             (SELECT b."currentPeriodEnd" FROM billing_subscriptions b
               WHERE b."companyId" = co.id AND b."currentPeriodEnd" > now()
               ORDER BY b."currentPeriodEnd" DESC LIMIT 1) AS "currentPeriodEnd"
        FROM companies co WHERE co.id = ${companyId}`.execute(this.db);
    return rows[0];
  }
}

import {
  type AnalyticsAgentRow,
  type AnalyticsClientRow,
  type AnalyticsFigures,
  type AnalyticsHeatCell,
  type AnalyticsResponse,
  analyticsRowCap,
  type PanelOverview,
  PLATFORMS,
  RESPONSE_TIME_BUCKETS,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { contactNameFor, seesPhoneNumbers } from '../../common/privacy/phone-privacy';
import {
  type AnalyticsChannel,
  type AnalyticsContext,
  type AnalyticsFilter,
  type AnalyticsPeriod,
  AnalyticsRepository,
  type HourCell,
  type SessionListRow,
} from './analytics.repository';
import {
  type AnalyticsQuery,
  type AnalyticsRawRange,
  AnalyticsScopeService,
  familyChannels,
  sameQuery,
} from './analytics-scope.service';

const round1 = (value: number): number => Math.round(value * 10) / 10;

/** The hour of day with the most messages (the earliest on a tie), and the total, from weekday × hour cells. */
function hourFigures(cells: readonly HourCell[]): {
  totalMessages: number;
  timeWithMoreMessages: number | null;
} {
  const perHour = new Array<number>(24).fill(0);
  for (const cell of cells) perHour[cell.hour] += cell.messages;
  const totalMessages = perHour.reduce((sum, n) => sum + n, 0);
  if (totalMessages === 0) return { totalMessages, timeWithMoreMessages: null };
  return { totalMessages, timeWithMoreMessages: perHour.indexOf(Math.max(...perHour)) };
}

/** Every weekday × hour cell (7 × 24, Monday first), zero where nothing was received. */
function heatmap(cells: readonly HourCell[]): AnalyticsHeatCell[] {
  const counts = new Map(cells.map((cell) => [cell.weekday * 24 + cell.hour, cell.messages]));
  const grid: AnalyticsHeatCell[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    for (let hour = 0; hour < 24; hour++)
      grid.push({ weekday, hour, messages: counts.get(weekday * 24 + hour) ?? 0 });
  }
  return grid;
}

/**
 * Issue 20, statistics (01 §2.8, §3, §9): the dashboard's answer, the report e-mails' figures and the panel, all
 * from the aggregates of AnalyticsRepository (definitions: packages/shared/src/analytics.ts). Independent queries
 * run in parallel on the pool.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly scopes: AnalyticsScopeService,
  ) {}

  /**
   * The cards of a company over the whole days (company time zone) [start, end) touches, every channel, company
   * scope (the report e-mails use it).
   */
  async companyFigures(companyId: number, start: Date, end: Date): Promise<AnalyticsFigures> {
    const [facts, channels] = await Promise.all([
      this.repository.contextAndDays(companyId, { start, end }),
      this.repository.visibleChannels(companyId, null),
    ]);
    if (!facts?.whole) throw new AppException('FORBIDDEN', { message: 'Company not found' });
    const { context, whole } = facts;
    const { period } = whole;
    const filter: AnalyticsFilter = { companyId, channelIds: null, agentId: null };
    const [figures] = await this.figures(filter, channels, context, [period]);
    return figures.figures;
  }

  /**
   * POST /api/analytics (and the GraphQL query). The figures start at once on the scope this viewer's last request
   * resolved to, beside the scope's own round trip (settings, whole days, visible channels); they are kept only
   * when the scope answers the same query, else read again on it. A request the scope refuses answers its error.
   */
  async dashboard(user: AuthUser, raw: AnalyticsRawRange): Promise<AnalyticsResponse> {
    const guess = this.scopes.guess(user, raw);
    const resolving = this.scopes.resolve(user, raw);
    if (guess) {
      const reading = this.dashboardFigures(guess);
      // Not awaited when the scope refuses the request: its failure must not go unhandled.
      reading.catch(() => undefined);
      const query = await resolving;
      if (sameQuery(guess, query)) return this.dashboardAnswer(user, query, await reading);
      return this.dashboardAnswer(user, query, await this.dashboardFigures(query));
    }
    const query = await resolving;
    return this.dashboardAnswer(user, query, await this.dashboardFigures(query));
  }

  private dashboardFigures(query: AnalyticsQuery) {
    const { period, context, channels, filter } = query;
    const cap = analyticsRowCap(context.analyticsExtendedRows);
    return Promise.all([
      this.figures(filter, channels, context, [period, query.previous]),
      this.agentRows(query),
      this.repository.sessions(filter, period.start, period.end, cap),
      this.repository.perDay(filter, period),
      this.repository.byChannel(filter, period),
      this.repository.responseTimes(filter, period),
    ]);
  }

  private dashboardAnswer(
    user: AuthUser,
    query: AnalyticsQuery,
    [[current, previous], agents, sessions, perDay, byChannel, responseTimes]: Awaited<
      ReturnType<AnalyticsService['dashboardFigures']>
    >,
  ): AnalyticsResponse {
    const { period, context, channels } = query;
    const cap = analyticsRowCap(context.analyticsExtendedRows);
    const total = current.figures.total;
    return {
      ...current.figures,
      range: {
        startDate: period.start.toISOString(),
        endDate: period.end.toISOString(),
        timezone: context.timezone,
        days: query.days,
      },
      previous: previous.figures,
      scope: query.scope,
      usesBots: context.usesBots,
      agents,
      clients: this.clientRows(user, sessions, channels),
      clientsTotal: total,
      rowCap: cap ?? total,
      rowCapExceeded: cap !== null && total > cap,
      perDay,
      heatmap: heatmap(current.cells),
      byChannel: channels.map((channel) => ({
        channelId: channel.id,
        name: channel.name,
        platform: channel.platform,
        conversations: byChannel.get(channel.id) ?? 0,
      })),
      responseTimes: RESPONSE_TIME_BUCKETS.map((bucket) => ({
        key: bucket.key,
        count: responseTimes.get(bucket.key) ?? 0,
      })),
    };
  }

  /** The agent table (the agent scope's filter leaves only the user's own row). */
  async agentRows(query: AnalyticsQuery): Promise<AnalyticsAgentRow[]> {
    const rows = await this.repository.agents(query.filter, query.period);
    return rows.map((row) => ({ ...row, unanswered: row.total - row.answered }));
  }

  /** The list's rows; the phone only for users with canSeePhoneNumber, on phone-based channels. */
  clientRows(
    user: AuthUser,
    sessions: readonly SessionListRow[],
    channels: readonly AnalyticsChannel[],
  ): AnalyticsClientRow[] {
    const byId = new Map(channels.map((channel) => [channel.id, channel]));
    const seesPhones = seesPhoneNumbers(user);
    return sessions.map((row) => {
      const channel = byId.get(row.channelId);
      const agentAt = row.firstAgentReplyAt?.getTime() ?? null;
      const botAt = row.firstBotReplyAt?.getTime() ?? null;
      const answeredBy =
        agentAt !== null && (botAt === null || agentAt <= botAt) ? 'AGENT' : botAt !== null ? 'BOT' : null;
      return {
        clientId: row.clientId,
        name: contactNameFor(user, row),
        phone: seesPhones && channel && PLATFORMS[channel.platform].phoneBased ? row.senderId : null,
        channelId: row.channelId,
        channelName: channel?.name ?? '',
        platform: channel?.platform ?? '',
        agentName: row.agentName,
        startedAt: row.startedAt.toISOString(),
        lastMessageAt: row.lastMessageAt.toISOString(),
        answered: answeredBy !== null,
        answeredBy,
        responseMinutes: agentAt === null ? null : round1((agentAt - row.startedAt.getTime()) / 60_000),
        fromAd: row.fromAd,
        messages: row.messages,
        rating: row.rating,
      };
    });
  }

  /** GET /api/panel: today's figures, what waits now, the team and the plan's use this billing period. */
  async panel(user: AuthUser): Promise<PanelOverview> {
    const companyId = user.companyId;
    const [context, channels, facts] = await Promise.all([
      this.scopes.context(companyId),
      this.repository.visibleChannels(companyId, null),
      this.repository.panelFacts(companyId),
    ]);
    if (!facts) throw new AppException('FORBIDDEN', { message: 'Company not found' });
    // A live subscription's period runs a month up to its end; without one the plan counts the calendar month.
    const periodStart = facts.currentPeriodEnd ? new Date(facts.currentPeriodEnd) : context.startOfMonth;
    if (facts.currentPeriodEnd) periodStart.setUTCMonth(periodStart.getUTCMonth() - 1);
    const filter: AnalyticsFilter = { companyId, channelIds: null, agentId: null };
    const { period: today } = await this.scopes.wholeDays(
      companyId,
      context.startOfToday,
      context.endOfToday,
    );
    const [[figures], conversationsUsed] = await Promise.all([
      this.figures(filter, channels, context, [today]),
      this.repository.sessionsSince(companyId, periodStart),
    ]);
    return {
      today: figures.figures,
      unansweredNow: facts.unansweredNow,
      agentsAvailable: facts.usersAvailable,
      agentsTotal: facts.usersTotal,
      plan: {
        name: facts.plan,
        conversationsUsed,
        conversationsLimit: facts.conversationsLimit,
        seatsUsed: facts.usersTotal,
        seatsLimit: facts.usersLimit,
        periodStart: periodStart.toISOString(),
      },
    };
  }

  /**
   * The cards of each period (the dashboard asks for the previous and the current one together, so the rollup and
   * the sessions are read once for both), with the message cells the heatmap is drawn from.
   */
  private async figures(
    filter: AnalyticsFilter,
    channels: readonly AnalyticsChannel[],
    context: AnalyticsContext,
    periods: readonly AnalyticsPeriod[],
  ): Promise<Array<{ figures: AnalyticsFigures; cells: HourCell[] }>> {
    const [sessions, active, ...cells] = await Promise.all([
      this.repository.sessionFigures(filter, periods, familyChannels(channels)),
      this.repository.activeCounts(filter, periods, new Date()),
      ...periods.map((period) =>
        this.repository.messageCells(filter, period.start, period.end, context.timezone),
      ),
    ]);
    return periods.map((_, index) => {
      const { botConversations, botOnly, handedOver, ...cards } = sessions[index];
      return {
        cells: cells[index],
        figures: {
          ...cards,
          totalActive: active[index],
          totalUnanswered: cards.total - cards.totalAnswered,
          ...hourFigures(cells[index]),
          botStats: context.usesBots ? { botConversations, botOnly, handedOver } : null,
        },
      };
    });
  }
}

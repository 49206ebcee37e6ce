import {
  ANALYTICS_MESSAGES,
  addDays,
  analyticsRangeLimit,
  analyticsRangeTooLongMessage,
  analyticsScope,
  daysBetween,
  INPUT_MESSAGES,
  PLATFORMS,
  startOfDayIn,
  wallTimeIn,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { parseId } from '../../common/id-list';
import { seesEverySpace } from '../../common/space-scope';
import {
  type AnalyticsChannel,
  type AnalyticsContext,
  type AnalyticsFilter,
  type AnalyticsPeriod,
  AnalyticsRepository,
  type FamilyChannels,
  type WholeDays,
} from './analytics.repository';

/** What a request asks for, once checked: the period, the company's facts, the channels and the scope. */
export interface AnalyticsQuery {
  /** Whole days of the company's time zone (01 §5: the days the request's instants fall on). */
  period: AnalyticsPeriod;
  /** As many days just before, for the cards' comparison. */
  previous: AnalyticsPeriod;
  days: number;
  context: AnalyticsContext;
  /** The channels counted (the requested ones, or every channel the user may see). */
  channels: AnalyticsChannel[];
  filter: AnalyticsFilter;
  scope: 'company' | 'agent';
}

/** Raw request values: the JSON body's, or the export's query string ('1,2' for channel ids). */
export interface AnalyticsRawRange {
  startDate?: unknown;
  endDate?: unknown;
  channelsIds?: unknown;
}

function refuse(field: 'startDate' | 'endDate', userMessage: string): AppException {
  return new AppException('ANALYTICS_INVALID_RANGE', {
    field,
    fields: { [field]: userMessage },
    userMessage,
  });
}

function parseDate(raw: unknown, field: 'startDate' | 'endDate'): Date {
  const ms = typeof raw === 'string' && raw.trim() !== '' ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) throw refuse(field, ANALYTICS_MESSAGES.invalidDate);
  return new Date(ms);
}

/** Channel ids from a JSON array or a query string ('1,2' or '[1,2]'); absent or empty is every channel. */
export function parseChannelIds(raw: unknown): number[] {
  if (raw === undefined || raw === null || raw === '') return [];
  let list: unknown = raw;
  if (typeof raw === 'string') list = raw.replace(/^\[|\]$/g, '').split(',');
  if (!Array.isArray(list)) throw AppException.validation('channelsIds', INPUT_MESSAGES.invalidList);
  const ids = list.map((item) => {
    const id = parseId(
      typeof item === 'string' ? item.trim() : item,
      'channelsIds',
      INPUT_MESSAGES.invalidList,
    );
    if (id === undefined) throw AppException.validation('channelsIds', INPUT_MESSAGES.invalidList);
    return id;
  });
  return [...new Set(ids)];
}

/** The ids of the channels of each platform family: the cards count per family through these. */
export function familyChannels(channels: readonly AnalyticsChannel[]): FamilyChannels {
  const ids = (family: string) =>
    channels.filter((c) => PLATFORMS[c.platform].family === family).map((c) => c.id);
  return { whatsapp: ids('whatsapp'), messenger: ids('messenger'), sms: ids('sms') };
}

function factsKey(user: AuthUser): string {
  return `${user.companyId}:${seesEverySpace(user.roleName) ? 'all' : user.id}`;
}

function queryOf(
  user: AuthUser,
  whole: WholeDays,
  context: AnalyticsContext,
  visible: AnalyticsChannel[],
  requested: readonly number[],
): AnalyticsQuery {
  const channels = requested.length === 0 ? visible : visible.filter((c) => requested.includes(c.id));
  const scope = analyticsScope(user.roleName);
  return {
    period: whole.period,
    previous: whole.previous,
    days: whole.days,
    context,
    channels,
    scope,
    filter: {
      companyId: user.companyId,
      channelIds: channels.map((channel) => channel.id),
      agentId: scope === 'agent' ? user.id : null,
    },
  };
}

const dayKey = (day: Date): string =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

/** contextAndDays()'s whole days, computed here (Node's time zone data; sameQuery catches any disagreement). */
export function wholeDaysIn(timezone: string, start: Date, end: Date): WholeDays {
  const dayOf = (instant: Date) => {
    const wall = wallTimeIn(instant, timezone);
    return new Date(wall.getFullYear(), wall.getMonth(), wall.getDate());
  };
  const first = dayOf(start);
  const after = addDays(dayOf(new Date(end.getTime() - 1)), 1);
  const days = daysBetween(first, after);
  const before = addDays(first, -days);
  const periodStart = startOfDayIn(first, timezone);
  return {
    period: {
      start: periodStart,
      end: startOfDayIn(after, timezone),
      startDay: dayKey(first),
      endDay: dayKey(after),
    },
    previous: {
      start: startOfDayIn(before, timezone),
      end: periodStart,
      startDay: dayKey(before),
      endDay: dayKey(first),
    },
    days,
  };
}

const samePeriod = (a: AnalyticsPeriod, b: AnalyticsPeriod): boolean =>
  a.start.getTime() === b.start.getTime() &&
  a.end.getTime() === b.end.getTime() &&
  a.startDay === b.startDay &&
  a.endDay === b.endDay;

/** Whether figures read for `a` are the figures of `b`: every value the statements and the answer take from it. */
export function sameQuery(a: AnalyticsQuery, b: AnalyticsQuery): boolean {
  const ids = (q: AnalyticsQuery) => q.channels.map((c) => `${c.id}/${c.platform}/${c.name}`).join(',');
  return (
    samePeriod(a.period, b.period) &&
    samePeriod(a.previous, b.previous) &&
    a.days === b.days &&
    a.scope === b.scope &&
    a.filter.companyId === b.filter.companyId &&
    a.filter.agentId === b.filter.agentId &&
    (a.filter.channelIds ?? []).join(',') === (b.filter.channelIds ?? []).join(',') &&
    ids(a) === ids(b) &&
    a.context.timezone === b.context.timezone &&
    a.context.usesBots === b.context.usesBots &&
    a.context.analyticsExtendedRows === b.context.analyticsExtendedRows
  );
}

/**
 * Issue 20, 01 §5: the range rules and who sees what. A bad request is refused before anything is read: dates
 * that do not parse, an end not after the start, an end after today (company time zone), more whole days of the
 * company's time zone than its limit; a channel that is not the company's or not one of the user's spaces' answers 403.
 */
@Injectable()
export class AnalyticsScopeService {
  /**
   * The facts each company and viewer last resolved to (a few hundred bytes each, bounded): enough to start a
   * request's figures before the scope's round trip answers. Only a guess: resolve() still runs and decides.
   */
  private readonly lastFacts = new Map<string, { context: AnalyticsContext; visible: AnalyticsChannel[] }>();

  constructor(private readonly repository: AnalyticsRepository) {}

  async resolve(user: AuthUser, raw: AnalyticsRawRange): Promise<AnalyticsQuery> {
    const start = parseDate(raw.startDate, 'startDate');
    const end = parseDate(raw.endDate, 'endDate');
    const requested = parseChannelIds(raw.channelsIds);
    if (end.getTime() <= start.getTime()) throw refuse('endDate', ANALYTICS_MESSAGES.endBeforeStart);
    // Every figure counts whole days of the company's time zone: the start's day through the day of the end's
    // last instant (the web sends local midnights; the daily rollup is read by day).
    const [facts, visible] = await Promise.all([
      this.repository.contextAndDays(user.companyId, { start, end }),
      this.repository.visibleChannels(user.companyId, seesEverySpace(user.roleName) ? null : user.id),
    ]);
    if (!facts?.whole) throw new AppException('FORBIDDEN', { message: 'Company not found' });
    const { context, whole } = facts;
    this.remember(user, context, visible);
    if (end.getTime() > context.endOfToday.getTime())
      throw refuse('endDate', ANALYTICS_MESSAGES.endAfterToday);
    const limit = analyticsRangeLimit(context.analyticsRangeDays);
    if (whole.days > limit) {
      const userMessage = analyticsRangeTooLongMessage(limit);
      throw new AppException('ANALYTICS_RANGE_TOO_LONG', {
        field: 'endDate',
        fields: { endDate: userMessage },
        userMessage,
        details: { maxDays: limit },
      });
    }
    const visibleIds = new Set(visible.map((channel) => channel.id));
    if (requested.some((id) => !visibleIds.has(id))) {
      throw new AppException('FORBIDDEN', { message: 'Channel not visible to the user' });
    }
    return queryOf(user, whole, context, visible, requested);
  }

  /**
   * What resolve() will most likely answer, from the facts this viewer's last request resolved to and the whole
   * days computed here — null when there are none or the request would be refused by them (a refused request
   * must not start the figures). The dashboard reads the figures of the guess while resolve() runs, and keeps them
   * only when resolve() answers the same query (sameQuery).
   */
  guess(user: AuthUser, raw: AnalyticsRawRange): AnalyticsQuery | null {
    const facts = this.lastFacts.get(factsKey(user));
    if (!facts) return null;
    let start: Date;
    let end: Date;
    let requested: number[];
    try {
      start = parseDate(raw.startDate, 'startDate');
      end = parseDate(raw.endDate, 'endDate');
      requested = parseChannelIds(raw.channelsIds);
    } catch {
      return null;
    }
    const { context, visible } = facts;
    if (end.getTime() <= start.getTime() || end.getTime() > Date.now() + 86_400_000) return null;
    const whole = wholeDaysIn(context.timezone, start, end);
    if (whole.days > analyticsRangeLimit(context.analyticsRangeDays)) return null;
    const visibleIds = new Set(visible.map((channel) => channel.id));
    if (requested.some((id) => !visibleIds.has(id))) return null;
    return queryOf(user, whole, context, visible, requested);
  }

  private remember(user: AuthUser, context: AnalyticsContext, visible: AnalyticsChannel[]): void {
    const key = factsKey(user);
    this.lastFacts.delete(key);
    this.lastFacts.set(key, { context, visible });
    // Oldest first: a Map iterates in insertion order.
    if (this.lastFacts.size > 1000) this.lastFacts.delete(this.lastFacts.keys().next().value as string);
  }

  /** The whole days of the company's time zone [start, end) touches, and as many just before. */
  async wholeDays(companyId: number, start: Date, end: Date) {
    const whole = await this.repository.wholeDays(companyId, start, end);
    if (!whole) throw new AppException('FORBIDDEN', { message: 'Company not found' });
    return whole;
  }

  async context(companyId: number): Promise<AnalyticsContext> {
    const context = await this.repository.context(companyId);
    if (!context) throw new AppException('FORBIDDEN', { message: 'Company not found' });
    return context;
  }
}

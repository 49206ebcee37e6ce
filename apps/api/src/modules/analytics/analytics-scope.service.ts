import {
  ANALYTICS_MESSAGES,
  analyticsRangeLimit,
  analyticsRangeTooLongMessage,
  analyticsScope,
  INPUT_MESSAGES,
  PLATFORMS,
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

/**
 * Issue 20, 01 §5: the range rules and who sees what. A bad request is refused before anything is read: dates
 * that do not parse, an end not after the start, an end after today (company time zone), more whole days of the
 * company's time zone than its limit; a channel that is not the company's or not one of the user's spaces' answers 403.
 */
@Injectable()
export class AnalyticsScopeService {
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
    if (end.getTime() > context.endOfToday.getTime())
      throw refuse('endDate', ANALYTICS_MESSAGES.endAfterToday);
    const { period, previous, days } = whole;
    const limit = analyticsRangeLimit(context.analyticsRangeDays);
    if (days > limit) {
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
    const channels = requested.length === 0 ? visible : visible.filter((c) => requested.includes(c.id));
    const scope = analyticsScope(user.roleName);
    return {
      period,
      previous,
      days,
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

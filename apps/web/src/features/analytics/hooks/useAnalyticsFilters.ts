import {
  type AnalyticsRequest,
  clampDateRange,
  DASHBOARD_DEFAULT_RANGE_DAYS,
  type DateRange,
  daysBetween,
  defaultRange,
  rangeInstants,
  todayIn,
} from '@crm/shared';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { useSession } from '../../session/hooks/useSession';
import { companyRangeLimit } from '../access';

export interface AnalyticsFilters {
  /** Calendar days of the company's time zone, as local-midnight Dates (what the picker shows). */
  range: DateRange;
  /** The company's today: the last day that can be picked. */
  today: Date;
  /** The company's limit in days (01 §5): how many calendar days one range may cover. */
  maxDays: number;
  channelsIds: number[];
  changeRange: (next: DateRange) => void;
  setChannelsIds: (ids: number[]) => void;
}

/**
 * A range of N days covers N calendar days, both ends included: clampDateRange counts the days between the bounds,
 * so it is given N − 1. (The API measures the range from the first instant of the first day to the last instant of
 * the last one, rounded up: N days.)
 */
function boundsGap(days: number): number {
  return Math.max(days - 1, 0);
}

/** What /analytics and /analytics/agents hand each other in the router state: the same days and channels. */
export interface CarriedFilters {
  range: DateRange;
  channelsIds: number[];
}

function carriedFilters(state: unknown): CarriedFilters | null {
  if (typeof state !== 'object' || state === null || !('analyticsFilters' in state)) return null;
  const value = (state as { analyticsFilters: Partial<CarriedFilters> | null }).analyticsFilters;
  const range = value?.range;
  if (!(range?.start instanceof Date) || !(range.end instanceof Date)) return null;
  const ids = Array.isArray(value?.channelsIds) ? value.channelsIds.filter(Number.isInteger) : [];
  return { range: { start: range.start, end: range.end }, channelsIds: ids };
}

/** The router state that opens the other statistics page on the same filters. */
export function carryFilters(filters: AnalyticsFilters): { analyticsFilters: CarriedFilters } {
  return { analyticsFilters: { range: filters.range, channelsIds: filters.channelsIds } };
}

/** The range picker's and channel filter's state (01 §5): shared by /analytics and /analytics/agents. */
export function useAnalyticsFilters(): AnalyticsFilters {
  const { me } = useSession();
  const timeZone = useCompanyTimeZone();
  const maxDays = companyRangeLimit(me.company);
  const carried = carriedFilters(useLocation().state);
  const [range, setRange] = useState<DateRange>(
    () =>
      carried?.range ??
      // 01 §9: the dashboard opens on the last 7 days, today included.
      defaultRange(boundsGap(DASHBOARD_DEFAULT_RANGE_DAYS), todayIn(timeZone)),
  );
  const [channelsIds, setChannelsIds] = useState<number[]>(() => carried?.channelsIds ?? []);

  // 01 §5: the end cannot pass today; moving one bound past the limit moves the other one.
  const changeRange = useCallback(
    (next: DateRange) => {
      setRange((current) => {
        // The bound the user moved stays; picking both keeps the end, the one picked last.
        const startMoved = daysBetween(current.start, next.start) !== 0;
        const endMoved = daysBetween(current.end, next.end) !== 0;
        const changed = startMoved && !endMoved ? 'start' : 'end';
        return clampDateRange({ ...next, changed, maxDays: boundsGap(maxDays), today: todayIn(timeZone) });
      });
    },
    [maxDays, timeZone],
  );

  return { range, today: todayIn(timeZone), maxDays, channelsIds, changeRange, setChannelsIds };
}

/**
 * POST /analytics body for the picked days: from the first instant of the first day to the last instant of the last
 * one in the company's time zone, as UTC ISO. Kept the same object while its values stay the same (the fetch effect
 * keys on it).
 */
export function useAnalyticsRequest(range: DateRange, channelsIds: number[]): AnalyticsRequest {
  const timeZone = useCompanyTimeZone();
  const { createdAtFrom: startDate, createdAtTo: endDate } = rangeInstants(range, timeZone);
  const channelsKey = channelsIds.join(',');
  return useMemo(
    () => ({
      startDate,
      endDate,
      channelsIds: channelsKey === '' ? [] : channelsKey.split(',').map(Number),
    }),
    [startDate, endDate, channelsKey],
  );
}

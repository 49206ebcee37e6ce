import {
  ANALYTICS_FETCH_ERROR_MESSAGE,
  type AnalyticsRequest,
  type AnalyticsResponse,
  type DateRange,
} from '@crm/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { fetchAnalytics } from '../api/analytics.rest';
import { useAnalyticsRequest } from './useAnalyticsFilters';

export interface AnalyticsState {
  request: AnalyticsRequest;
  data: AnalyticsResponse | null;
  loading: boolean;
  /** The Spanish text shown instead of the figures. */
  error: string | null;
}

/**
 * 01 §8: a refused range (400) says why in the answer's own text; any other failure shows the analytics error.
 * A session error has already ended the session in the REST client.
 */
function errorText(error: unknown): string {
  if (ApiError.is(error) && error.status === 400) return error.userMessage;
  return ANALYTICS_FETCH_ERROR_MESSAGE;
}

/** The statistics of the picked days and channels, asked again whenever either changes. */
export function useAnalytics(range: DateRange, channelsIds: number[]): AnalyticsState {
  const request = useAnalyticsRequest(range, channelsIds);
  const [state, setState] = useState<Omit<AnalyticsState, 'request'>>({
    data: null,
    loading: true,
    error: null,
  });

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true, error: null }));
    fetchAnalytics(request, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, loading: false, error: null });
      },
      (error: unknown) => {
        // A newer request replaced this one: its answer no longer matters.
        if (controller.signal.aborted) return;
        setState({ data: null, loading: false, error: errorText(error) });
      },
    );
    return () => controller.abort();
  }, [request]);

  return { request, ...state };
}

import {
  ANALYTICS_EXPORT_FILE_NAME,
  type AnalyticsRequest,
  type AnalyticsResponse,
  BOT_REPORT_FILE_NAME,
  type PanelOverview,
} from '@crm/shared';
import { downloadFile } from '../../../lib/download';
import { apiGet, apiPost } from '../../../lib/http';

/** 01 §7 Statistics: POST /analytics {startDate, endDate, channelsIds} with UTC ISO instants. */
export function fetchAnalytics(request: AnalyticsRequest, signal?: AbortSignal): Promise<AnalyticsResponse> {
  return apiPost<AnalyticsResponse>('/analytics', request, { signal });
}

/** /panel: the company at a glance (readCompany). */
export function fetchPanel(signal?: AbortSignal): Promise<PanelOverview> {
  return apiGet<PanelOverview>('/panel', { signal });
}

/** The query string of the export calls: the same range and channels the page shows (ids comma-separated). */
function rangeQuery(request: AnalyticsRequest, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    startDate: request.startDate,
    endDate: request.endDate,
    ...extra,
    channelsIds: request.channelsIds.join(','),
  });
  return params.toString();
}

export function analyticsExportUrl(request: AnalyticsRequest): string {
  return `/api/analytics/export?${rangeQuery(request)}`;
}

export function botReportUrl(request: AnalyticsRequest, companyId: number): string {
  // reporteBot.xlsx: the rows of GET /botFlow/clienInfo (02 §7), with the same parameters in the spec's order.
  const params = new URLSearchParams({
    startDate: request.startDate,
    endDate: request.endDate,
    companyId: String(companyId),
    channelsIds: request.channelsIds.join(','),
  });
  return `/api/analytics/bot-report?${params.toString()}`;
}

/** 'Exportar Excel': {product}.xlsx with the sheets Clientes and Agentes (01 §7). */
export function exportAnalytics(request: AnalyticsRequest): Promise<void> {
  return downloadFile(analyticsExportUrl(request), ANALYTICS_EXPORT_FILE_NAME, { serverName: true });
}

/** 'Reporte del bot': reporteBot.xlsx, always under that name (01 §7). */
export function exportBotReport(request: AnalyticsRequest, companyId: number): Promise<void> {
  return downloadFile(botReportUrl(request, companyId), BOT_REPORT_FILE_NAME);
}

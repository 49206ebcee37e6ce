import {
  ANALYTICS_EXPORT_FILE_NAME,
  type AnalyticsRequest,
  type AnalyticsResponse,
  type ApiErrorBody,
  BOT_REPORT_FILE_NAME,
  OFFLINE_WARNING_MESSAGE,
  type PanelOverview,
} from '@crm/shared';
import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-error';
import { isSessionErrorCode } from '../../../lib/errors';
import { apiGet, apiPost } from '../../../lib/http';
import { endSession } from '../../../lib/session';
import { getToken } from '../../../lib/storage';

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

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first), else `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: the plain name or the fallback below.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || fallback;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Fetches a workbook with the session's token and saves it: under the server's file name (Content-Disposition)
 * when `serverName`, else always under `fileName`.
 */
async function downloadFile(url: string, fileName: string, serverName: boolean): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, { code: NETWORK_ERROR_CODE, userMessage: OFFLINE_WARNING_MESSAGE });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => ({}));
    const error = new ApiError(
      response.status,
      typeof body === 'object' && body !== null ? (body as Partial<ApiErrorBody>) : {},
    );
    if (token && isSessionErrorCode(error.code)) endSession();
    throw error;
  }
  const name = serverName ? fileNameFrom(response.headers.get('Content-Disposition'), fileName) : fileName;
  saveBlob(await response.blob(), name);
}

/** 'Exportar Excel': {product}.xlsx with the sheets Clientes and Agentes (01 §7). */
export function exportAnalytics(request: AnalyticsRequest): Promise<void> {
  return downloadFile(analyticsExportUrl(request), ANALYTICS_EXPORT_FILE_NAME, true);
}

/** 'Reporte del bot': reporteBot.xlsx, always under that name (01 §7). */
export function exportBotReport(request: AnalyticsRequest, companyId: number): Promise<void> {
  return downloadFile(botReportUrl(request, companyId), BOT_REPORT_FILE_NAME, false);
}

import type {
  AccountStatusView,
  BroadcastTag,
  CampaignCreation,
  CampaignView,
  TagConjunction,
} from '@crm/shared';
import { downloadFile } from '../../../lib/download';
import { apiGet, apiPost } from '../../../lib/http';
import { sendRequest } from '../../../lib/multipart';

export type { AccountStatusView as AccountStatus, BroadcastTag, CampaignCreation, CampaignView };

export interface AudienceQuery {
  channelId: number;
  tagsIds: number[];
  conjunction: TagConjunction | null;
}

export interface CampaignTotals {
  total: number;
  pending: number;
  sent: number;
  delivered: number;
  viewed: number;
  failed: number;
  check: number;
}

export interface CampaignAnalytics {
  campaign: CampaignView;
  totals: CampaignTotals;
  failedReasons: Array<{ code: string; title: string; count: number }>;
}

export interface UploadedCampaignMedia {
  url: string;
}

export function listCampaigns(channelId: number | null, signal?: AbortSignal): Promise<CampaignView[]> {
  const query = channelId === null ? '' : `?channelId=${channelId}`;
  return apiGet<CampaignView[]>(`/campaigns${query}`, { signal });
}

export function createCampaign(creation: CampaignCreation): Promise<CampaignView> {
  return apiPost<CampaignView>('/campaign', creation);
}

/** A running campaign stops first; what was sent stays sent. */
export function deleteCampaign(id: number): Promise<{ id: number; deleted: true }> {
  return sendRequest<{ id: number; deleted: true }>({ method: 'DELETE', path: `/campaign/${id}`, body: {} });
}

export function pauseCampaign(id: number): Promise<CampaignView> {
  return apiPost<CampaignView>(`/campaign/${id}/pause`);
}

export function resumeCampaign(id: number): Promise<CampaignView> {
  return apiPost<CampaignView>(`/campaign/${id}/resume`);
}

export function getTotalPricing(
  query: AudienceQuery & { templateId: number },
): Promise<{ totalCost: number; recipients: number }> {
  return apiPost<{ totalCost: number; recipients: number }>('/broadcast/getTotalPricing', query);
}

/** The contacts the campaign would reach now (the daily-limit dialog compares them with the tier). */
export function getAudience(query: AudienceQuery): Promise<{ recipients: number }> {
  return apiPost<{ recipients: number }>('/broadcast/audience', query);
}

export function listBroadcastTags(channelId: number, signal?: AbortSignal): Promise<BroadcastTag[]> {
  return apiGet<BroadcastTag[]>(`/broadcast/tags?channelId=${channelId}`, { signal });
}

/** The channel's number named by the channel's id (the API also takes the spec's providerId). */
export function getAccountStatus(channelId: number, signal?: AbortSignal): Promise<AccountStatusView> {
  return apiGet<AccountStatusView>(`/broadcast/get360Status?channelId=${channelId}`, { signal });
}

/** POST /broadcast/media, multipart {file, name, weight, fileType}, with upload progress. */
export function uploadCampaignMedia(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedCampaignMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('name', file.name);
  form.append('weight', String(file.size));
  form.append('fileType', file.type);
  return sendRequest<UploadedCampaignMedia>({
    method: 'POST',
    path: '/broadcast/media',
    body: form,
    onProgress,
    signal,
  });
}

export function getCampaignAnalytics(campaignId: number, signal?: AbortSignal): Promise<CampaignAnalytics> {
  return apiPost<CampaignAnalytics>('/campaign/analitycs', { campaignId }, { signal });
}

export const campaignExportFileName = (id: number): string => `campana-${id}.xlsx`;

/** GET /campaign/:id/export: the workbook, fetched with the session's token and saved by the browser. */
export function exportCampaign(id: number): Promise<void> {
  return downloadFile(`/api/campaign/${id}/export`, campaignExportFileName(id));
}

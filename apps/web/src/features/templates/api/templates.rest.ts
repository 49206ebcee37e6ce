import type {
  ProposedTemplateVariable,
  TemplateCategory,
  TemplateComponent,
  TemplateType,
  TemplateView,
} from '@crm/shared';
import { apiGet, apiPost } from '../../../lib/http';
import { sendRequest } from '../../../lib/multipart';

export type { TemplateView };

export interface IdentifiedVariables {
  category: TemplateCategory;
  /** JSON of the proposed variables when they were asked for (02 §7), else null. */
  variables: string | null;
  proposal: { text: string; originalText: string; variables: ProposedTemplateVariable[] };
}

/** 02 §7 POST /identify-variables {text, isIdentifyVariables}: the proposed variables and category. */
export function identifyVariables(text: string, isIdentifyVariables: boolean): Promise<IdentifiedVariables> {
  return apiPost<IdentifiedVariables>('/identify-variables', { text, isIdentifyVariables });
}

export interface UploadedTemplateMedia {
  /** The provider's handle (the API maps our URL back to it when the template is created). */
  handle: string;
  /** Our stored copy: what the HEADER example and the previews use. */
  url: string;
  mimeType: string;
  fileName: string;
  size: number;
}

/** POST /whatsappTemplate/media (multipart file + channelId + headerType), with upload progress. */
export function uploadTemplateMedia(
  channelId: number,
  headerType: 'imagen' | 'doc',
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedTemplateMedia> {
  const form = new FormData();
  form.append('channelId', String(channelId));
  form.append('headerType', headerType);
  form.append('file', file, file.name);
  return sendRequest<UploadedTemplateMedia>({
    method: 'POST',
    path: '/whatsappTemplate/media',
    body: form,
    onProgress,
    signal,
  });
}

export interface TemplateSubmission {
  name: string;
  category: TemplateCategory;
  components: TemplateComponent[];
  channelId: number;
  type: TemplateType;
}

/** 02 §7 POST /whatsappTemplate {name, category, components, channelId, type}. */
export async function createTemplate(submission: TemplateSubmission): Promise<TemplateView> {
  const reply = await apiPost<{ createWhatsappTemplate: TemplateView }>('/whatsappTemplate', submission);
  return reply.createWhatsappTemplate;
}

/** 02 §7 GET /whatsappTemplate/{companyId}: the company's templates, newest first. */
export function listTemplates(companyId: number, signal?: AbortSignal): Promise<TemplateView[]> {
  return apiGet<TemplateView[]>(`/whatsappTemplate/${companyId}`, { signal });
}

/** 02 §7 DELETE /whatsappTemplate {templateName, channelId}; refused with TEMPLATE_IN_USE while something uses it. */
export function deleteTemplate(templateName: string, channelId: number): Promise<{ deleted: true }> {
  return sendRequest<{ deleted: true }>({
    method: 'DELETE',
    path: '/whatsappTemplate',
    body: { templateName, channelId },
  });
}

export interface SyncResult {
  imported: number;
  updated: number;
  total: number;
}

/** POST /whatsappTemplate/sync {channelId}: brings in what the provider has (templates made elsewhere, statuses). */
export function syncTemplates(channelId: number): Promise<SyncResult> {
  return apiPost<SyncResult>('/whatsappTemplate/sync', { channelId });
}

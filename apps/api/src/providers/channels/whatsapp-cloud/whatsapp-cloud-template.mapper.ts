import { providerTemplateCategory } from '@crm/shared';
import {
  ProviderError,
  type ProviderTemplate,
  type SubmittedTemplate,
  type TemplateStatusEvent,
  type TemplateSubmission,
} from '../channel-provider';
import { isRecord } from '../http-client';
import type { WaTemplateCreateRequest, WaTemplateStatusUpdate } from './whatsapp-cloud.types';

/**
 * WhatsApp templates between our terms and Meta's (shared by the Cloud API and 360dialog, which forwards the same
 * bodies): https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates
 */

export const TEMPLATE_STATUS_FIELD = 'message_template_status_update';

/** The body of POST /{waba-id}/message_templates: components as the shared builder made them. */
export function toTemplateCreateRequest(template: TemplateSubmission): WaTemplateCreateRequest {
  return {
    name: template.name,
    language: template.language,
    category: providerTemplateCategory(template.category),
    components: template.components,
  };
}

/** {id, status, category}: a 2xx without an id is a template we could never follow, so it is an error. */
export function readSubmittedTemplate(json: unknown): SubmittedTemplate {
  const id = isRecord(json) ? idOf(json.id) : null;
  if (!isRecord(json) || id === null) {
    throw new ProviderError('PROVIDER_UNAVAILABLE', false, 'The template was accepted without an id');
  }
  return { providerTemplateId: id, rawStatus: typeof json.status === 'string' ? json.status : 'PENDING' };
}

/**
 * One listed template, or null for an item without name, language or status (nothing we could store). `idKeys`
 * are where the provider puts Meta's id, first found wins.
 */
export function readProviderTemplate(
  item: unknown,
  idKeys: readonly string[] = ['id'],
): ProviderTemplate | null {
  if (!isRecord(item)) return null;
  const { name, language, status } = item;
  if (!isText(name) || !isText(language) || !isText(status)) return null;
  let providerTemplateId: string | null = null;
  for (const key of idKeys) {
    providerTemplateId = idOf(item[key]);
    if (providerTemplateId !== null) break;
  }
  return {
    providerTemplateId,
    name,
    language,
    category: typeof item.category === 'string' ? item.category : '',
    rawStatus: status,
    reason: isText(item.rejected_reason) ? item.rejected_reason : null,
    components: Array.isArray(item.components) ? item.components : [],
  };
}

/** One page of GET /{waba-id}/message_templates: its items and the cursor of the next page, null on the last. */
export function readTemplatePage(json: unknown): { items: unknown[]; after: string | null } {
  if (!isRecord(json) || !Array.isArray(json.data)) {
    throw new ProviderError('PROVIDER_UNAVAILABLE', false, 'The template list answered no data array');
  }
  const paging = isRecord(json.paging) ? json.paging : {};
  const after = isRecord(paging.cursors) ? paging.cursors.after : undefined;
  // Graph keeps cursors on the last page too: only `next` says another page exists.
  return { items: json.data, after: isText(paging.next) && isText(after) ? after : null };
}

/**
 * A `message_template_status_update` change as our event; null for a change missing what identifies the template
 * or its status (acknowledged and dropped, as an unknown shape must be).
 */
export function toTemplateStatusEvent(
  entry: Record<string, unknown>,
  value: Record<string, unknown>,
  channelHint?: string,
): TemplateStatusEvent | null {
  const update = value as Partial<WaTemplateStatusUpdate>;
  const { event, message_template_name: name, message_template_language: language } = update;
  if (!isText(event) || !isText(name) || !isText(language)) return null;
  const result: TemplateStatusEvent = {
    kind: 'templateStatus',
    accountId: typeof entry.id === 'string' ? entry.id : (idOf(entry.id) ?? ''),
    providerTemplateId: idOf(update.message_template_id),
    name,
    language,
    rawStatus: event,
    reason: isText(update.reason) ? update.reason : null,
  };
  if (channelHint) result.channelProviderId = channelHint;
  const detail = textOf(update.rejection_info, 'reason') ?? textOf(update.other_info, 'description');
  if (detail) result.detail = detail;
  if (isText(update.message_template_category)) result.category = update.message_template_category;
  // entry.time is Unix seconds; a missing or odd one leaves the order to arrival.
  if (typeof entry.time === 'number' && Number.isFinite(entry.time) && entry.time > 0) {
    result.at = new Date(entry.time * 1000);
  }
  return result;
}

/** The session id of POST /{app-id}/uploads: "upload:<id>", possibly with a ?sig=… of its own. */
export function readUploadSession(json: unknown): string {
  const id = isRecord(json) ? json.id : undefined;
  // It becomes the next request's path: anything that could leave it (a slash, a fragment, spaces) is refused.
  if (typeof id !== 'string' || !/^upload:[^/#\s]+$/.test(id)) {
    throw new ProviderError('TEMPLATE_MEDIA_UPLOAD_ERROR', false, 'The upload session answered no usable id');
  }
  return id;
}

/** The handle of a finished upload ({"h": "…"}), what a HEADER's example.header_handle takes. */
export function readUploadHandle(json: unknown): string {
  const handle = isRecord(json) ? json.h : undefined;
  if (!isText(handle)) {
    throw new ProviderError('TEMPLATE_MEDIA_UPLOAD_ERROR', false, 'The upload answered no file handle');
  }
  return handle;
}

/**
 * Meta's ids as strings. They come as JSON numbers in webhooks: one beyond 2^53 has already lost digits when
 * parsed, so it is no id at all (name and language still identify the template).
 */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  return null;
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function textOf(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const text = value[key];
  return isText(text) ? text : undefined;
}

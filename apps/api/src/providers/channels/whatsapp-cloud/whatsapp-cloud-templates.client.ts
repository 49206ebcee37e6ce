import { createHash } from 'node:crypto';
import {
  type ChannelCredentials,
  ProviderError,
  type ProviderTemplate,
  type SubmittedTemplate,
  type TemplateMediaFile,
  type TemplateProviderPort,
  type TemplateSubmission,
} from '../channel-provider';
import { deleteJson, getJson, type HttpResult, isRecord, postBytes, postJson } from '../http-client';
import type { GraphDebugToken } from './whatsapp-cloud.types';
import { parseWhatsappError } from './whatsapp-cloud-error.parser';
import {
  readProviderTemplate,
  readSubmittedTemplate,
  readTemplatePage,
  readUploadHandle,
  readUploadSession,
  toTemplateCreateRequest,
} from './whatsapp-cloud-template.mapper';
import { parseTemplateError } from './whatsapp-cloud-template-error.parser';

// A header file may be a 100 MB pdf: its upload gets far longer than a JSON call.
const UPLOAD_TIMEOUT_MS = 120_000;
// Graph's largest page of templates; a WhatsApp Business Account holds up to 6000.
const PAGE_SIZE = 100;
const MAX_PAGES = 100;
const LIST_FIELDS = 'id,name,language,category,status,rejected_reason,components';
const MANAGEMENT_SCOPE = 'whatsapp_business_management';

/** How one provider's resumable upload is reached: Graph's own, or 360dialog's proxy of it. */
export interface ResumableUploadAccess {
  /** POST here, with file_name, file_length and file_type in the query, opens a session. */
  sessionUrl: string;
  sessionHeaders: Record<string, string>;
  /** Where the bytes of a session go. */
  uploadUrl(sessionId: string): string;
  uploadHeaders: Record<string, string>;
  parseError(result: HttpResult): ProviderError;
}

/**
 * The Resumable Upload API in one piece: open a session for the file, then send all its bytes from offset 0; the
 * answer's `h` is the handle a template HEADER's example takes.
 * https://developers.facebook.com/docs/graph-api/guides/upload
 */
export async function resumableUpload(
  access: ResumableUploadAccess,
  file: TemplateMediaFile,
): Promise<string> {
  const query = new URLSearchParams({
    file_name: file.fileName,
    file_length: String(file.bytes.byteLength),
    file_type: file.mimeType,
  });
  const session = await postJson(
    `${access.sessionUrl}?${query.toString()}`,
    {},
    { headers: access.sessionHeaders },
  );
  if (!isSuccess(session)) throw access.parseError(session);
  const sessionId = readUploadSession(session.json);
  const upload = await postBytes(access.uploadUrl(sessionId), file.bytes, 'application/octet-stream', {
    headers: { ...access.uploadHeaders, file_offset: '0' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  if (!isSuccess(upload)) throw access.parseError(upload);
  return readUploadHandle(upload.json);
}

/** The account a channel's templates live in, and the app its token belongs to (uploads are per app). */
interface AccountRef {
  wabaId: string;
  appId: string;
}

/**
 * Templates of a Cloud API channel. Templates live in the WhatsApp Business Account, which the channel row does not
 * keep (the connect form's wabaId only subscribes our app): the system user's token tells it. GET /debug_token
 * answers the token's app (for uploads) and the accounts its whatsapp_business_management permission reaches; when
 * it reaches several, the one whose GET /{waba-id}/phone_numbers holds the channel's number is the channel's.
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/solution-providers/manage-accounts
 * The answer is kept per number and token for the life of the process.
 */
export class WhatsappCloudTemplatesClient implements TemplateProviderPort {
  private readonly graphUrl: string;
  private readonly accounts = new Map<string, Promise<AccountRef>>();

  constructor(graphUrl: string) {
    this.graphUrl = graphUrl.replace(/\/+$/, '');
  }

  /** POST /{waba-id}/message_templates. */
  async createTemplate(
    channel: ChannelCredentials,
    template: TemplateSubmission,
  ): Promise<SubmittedTemplate> {
    const { wabaId } = await this.account(channel);
    const result = await postJson(this.templatesUrl(wabaId), toTemplateCreateRequest(template), {
      headers: bearer(channel),
    });
    if (!isSuccess(result)) throw parseTemplateError(result);
    return { ...readSubmittedTemplate(result.json), accountId: wabaId };
  }

  /** POST /{app-id}/uploads, then POST /{upload-session-id} with `Authorization: OAuth <token>` and the bytes. */
  async uploadTemplateMedia(channel: ChannelCredentials, file: TemplateMediaFile): Promise<string> {
    const { appId } = await this.account(channel);
    return resumableUpload(
      {
        sessionUrl: `${this.graphUrl}/${encodeURIComponent(appId)}/uploads`,
        sessionHeaders: bearer(channel),
        // The id is "upload:<id>?sig=…": it is the path and query as given, checked by readUploadSession.
        uploadUrl: (sessionId) => `${this.graphUrl}/${sessionId}`,
        uploadHeaders: { authorization: `OAuth ${channel.accessToken}` },
        parseError: parseTemplateError,
      },
      file,
    );
  }

  /** GET /{waba-id}/message_templates, page after page while Graph gives a `next`. */
  async listTemplates(channel: ChannelCredentials): Promise<ProviderTemplate[]> {
    const { wabaId } = await this.account(channel);
    const templates: ProviderTemplate[] = [];
    const seen = new Set<string>();
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = new URLSearchParams({ fields: LIST_FIELDS, limit: String(PAGE_SIZE) });
      if (after) query.set('after', after);
      const result = await getJson(`${this.templatesUrl(wabaId)}?${query.toString()}`, {
        headers: bearer(channel),
      });
      if (!isSuccess(result)) throw parseTemplateError(result);
      const { items, after: next } = readTemplatePage(result.json);
      for (const item of items) {
        const template = readProviderTemplate(item);
        if (template) templates.push({ ...template, accountId: wabaId });
      }
      // A cursor given twice would loop forever.
      if (next === null || seen.has(next)) break;
      seen.add(next);
      after = next;
    }
    return templates;
  }

  /**
   * DELETE /{waba-id}/message_templates?name=…: every language of that name; with hsm_id (and the name), only that
   * template.
   */
  async deleteTemplate(
    channel: ChannelCredentials,
    name: string,
    providerTemplateId?: string,
  ): Promise<void> {
    const { wabaId } = await this.account(channel);
    const query = new URLSearchParams(providerTemplateId ? { hsm_id: providerTemplateId, name } : { name });
    const result = await deleteJson(`${this.templatesUrl(wabaId)}?${query.toString()}`, {
      headers: bearer(channel),
    });
    if (!isSuccess(result)) throw parseTemplateError(result);
    if (!isRecord(result.json) || result.json.success !== true) {
      throw new ProviderError('PROVIDER_UNAVAILABLE', false, 'The template delete did not answer success');
    }
  }

  private templatesUrl(wabaId: string): string {
    return `${this.graphUrl}/${encodeURIComponent(wabaId)}/message_templates`;
  }

  private account(channel: ChannelCredentials): Promise<AccountRef> {
    const key = `${channel.providerId}:${createHash('sha256').update(channel.accessToken).digest('hex')}`;
    let found = this.accounts.get(key);
    if (!found) {
      found = this.resolveAccount(channel);
      this.accounts.set(key, found);
      // A failure is not kept: the next call asks again.
      found.catch(() => this.accounts.delete(key));
    }
    return found;
  }

  private async resolveAccount(channel: ChannelCredentials): Promise<AccountRef> {
    const query = new URLSearchParams({ input_token: channel.accessToken });
    const result = await getJson(`${this.graphUrl}/debug_token?${query.toString()}`, {
      headers: bearer(channel),
    });
    if (!isSuccess(result)) throw parseWhatsappError(result);
    const data = isRecord(result.json) ? (result.json as Partial<GraphDebugToken>).data : undefined;
    if (!isRecord(data) || data.is_valid === false) {
      throw new ProviderError('PROVIDER_AUTH_ERROR', false, 'debug_token: the channel token is not valid');
    }
    const appId = typeof data.app_id === 'string' ? data.app_id : '';
    const scope = (data.granular_scopes ?? []).find((s) => isRecord(s) && s.scope === MANAGEMENT_SCOPE);
    const candidates = (scope?.target_ids ?? []).filter(
      (id): id is string => typeof id === 'string' && id !== '',
    );
    if (!appId || candidates.length === 0) {
      throw new ProviderError(
        'PROVIDER_AUTH_ERROR',
        false,
        `debug_token: the token has no ${MANAGEMENT_SCOPE} permission on any WhatsApp Business Account`,
      );
    }
    if (candidates.length === 1) return { wabaId: candidates[0] as string, appId };
    for (const wabaId of candidates) {
      if (await this.holdsNumber(channel, wabaId)) return { wabaId, appId };
    }
    throw new ProviderError(
      'PROVIDER_AUTH_ERROR',
      false,
      `None of the token's WhatsApp Business Accounts holds the number ${channel.providerId}`,
    );
  }

  /** GET /{waba-id}/phone_numbers?fields=id: whether the channel's number is one of the account's. */
  private async holdsNumber(channel: ChannelCredentials, wabaId: string): Promise<boolean> {
    const query = new URLSearchParams({ fields: 'id', limit: String(PAGE_SIZE) });
    const result = await getJson(
      `${this.graphUrl}/${encodeURIComponent(wabaId)}/phone_numbers?${query.toString()}`,
      {
        headers: bearer(channel),
      },
    );
    if (!isSuccess(result)) throw parseWhatsappError(result);
    const data = isRecord(result.json) && Array.isArray(result.json.data) ? result.json.data : [];
    return data.some((number) => isRecord(number) && number.id === channel.providerId);
  }
}

function bearer(channel: ChannelCredentials): Record<string, string> {
  return { authorization: `Bearer ${channel.accessToken}` };
}

function isSuccess(result: HttpResult): boolean {
  return result.status >= 200 && result.status < 300;
}

import {
  type ChannelCredentials,
  ProviderError,
  type ProviderTemplate,
  type SubmittedTemplate,
  type TemplateMediaFile,
  type TemplateProviderPort,
  type TemplateSubmission,
} from '../channel-provider';
import { deleteJson, getJson, type HttpResult, isRecord, postJson } from '../http-client';
import {
  readProviderTemplate,
  readSubmittedTemplate,
  toTemplateCreateRequest,
} from '../whatsapp-cloud/whatsapp-cloud-template.mapper';
import { parseTemplateError } from '../whatsapp-cloud/whatsapp-cloud-template-error.parser';
import { resumableUpload } from '../whatsapp-cloud/whatsapp-cloud-templates.client';
import { parseDialog360Error } from './dialog360-error.parser';

// 360dialog pages its list by offset; 1000 per page keeps a full account (250 names × languages) to a few calls.
const PAGE_SIZE = 1000;
const MAX_PAGES = 100;

/**
 * Templates through 360dialog's Messaging API, with the channel's D360-API-KEY (the key names the account, so no
 * account id is needed). Bodies, statuses and errors are Meta's, forwarded:
 * https://docs.360dialog.com/partner/messaging-and-calling/template-messages/create-and-manage-template-messages
 * - POST /v1/configs/templates {name, language, category, components} → Meta's {id, status, category}
 * - GET /v1/configs/templates?limit=&offset= → {waba_templates, count, total, offset, limit}, statuses in lower case
 * - DELETE /v1/configs/templates/{name}
 * - header files: POST /uploads?file_name=&file_length=&file_type= → {id: "upload:…"}, then POST /{id} with
 *   file_offset: 0 and the bytes → {h} (360dialog's proxy of Meta's Resumable Upload API, on its own app)
 *   https://docs.360dialog.com/docs/messaging-api/api-reference/media-uploads
 */
export class Dialog360TemplatesClient implements TemplateProviderPort {
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async createTemplate(
    channel: ChannelCredentials,
    template: TemplateSubmission,
  ): Promise<SubmittedTemplate> {
    const result = await postJson(`${this.baseUrl}/v1/configs/templates`, toTemplateCreateRequest(template), {
      headers: apiKey(channel),
    });
    if (!isSuccess(result)) throw parseError(result);
    return readSubmittedTemplate(result.json);
  }

  uploadTemplateMedia(channel: ChannelCredentials, file: TemplateMediaFile): Promise<string> {
    return resumableUpload(
      {
        sessionUrl: `${this.baseUrl}/uploads`,
        sessionHeaders: apiKey(channel),
        uploadUrl: (sessionId) => `${this.baseUrl}/${sessionId}`,
        uploadHeaders: apiKey(channel),
        parseError,
      },
      file,
    );
  }

  async listTemplates(channel: ChannelCredentials): Promise<ProviderTemplate[]> {
    const templates: ProviderTemplate[] = [];
    let offset = 0;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
      const result = await getJson(`${this.baseUrl}/v1/configs/templates?${query.toString()}`, {
        headers: apiKey(channel),
      });
      if (!isSuccess(result)) throw parseError(result);
      const json = result.json;
      if (!isRecord(json) || !Array.isArray(json.waba_templates)) {
        throw new ProviderError(
          'PROVIDER_UNAVAILABLE',
          false,
          'The template list answered no waba_templates',
        );
      }
      for (const item of json.waba_templates) {
        // Meta's template id is external_id in 360dialog's listing; older answers carry it as id.
        const template = readProviderTemplate(item, ['external_id', 'id']);
        if (template) templates.push(template);
      }
      offset += json.waba_templates.length;
      const total = typeof json.total === 'number' ? json.total : offset;
      if (json.waba_templates.length === 0 || offset >= total) break;
    }
    return templates;
  }

  async deleteTemplate(channel: ChannelCredentials, name: string): Promise<void> {
    const result = await deleteJson(`${this.baseUrl}/v1/configs/templates/${encodeURIComponent(name)}`, {
      headers: apiKey(channel),
    });
    if (!isSuccess(result)) throw parseError(result);
  }
}

/** Meta's template refusals as for the Cloud API; 360dialog's own gateway errors as for its sends. */
function parseError(result: HttpResult): ProviderError {
  return parseTemplateError(result, parseDialog360Error);
}

function apiKey(channel: ChannelCredentials): Record<string, string> {
  return { 'D360-API-KEY': channel.accessToken };
}

function isSuccess(result: HttpResult): boolean {
  return result.status >= 200 && result.status < 300;
}

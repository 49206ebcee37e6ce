import type { AccountStatus } from '../channel-provider';
import { getJson, postJson } from '../http-client';
import { readSendResponse } from '../whatsapp-cloud/whatsapp-cloud.mapper';
import type { WaOutboundMessage } from '../whatsapp-cloud/whatsapp-cloud.types';
import {
  accountStatusFields,
  isUnknownLimitField,
  readAccountStatus,
} from '../whatsapp-cloud/whatsapp-cloud-account-status';
import { parseDialog360Error } from './dialog360-error.parser';

/** HTTP calls to 360dialog's Cloud API gateway; the base URL (https://waba-v2.360dialog.io) comes from config. */
export class Dialog360Client {
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  /** POST /messages: the API key names the number, so the path carries no phone number id. */
  async sendMessage(apiKey: string, body: WaOutboundMessage): Promise<string> {
    const result = await postJson(`${this.baseUrl}/messages`, body, { headers: { 'D360-API-KEY': apiKey } });
    if (result.status < 200 || result.status >= 300) throw parseDialog360Error(result);
    return readSendResponse(result.json);
  }

  /**
   * GET /health_status?fields=whatsapp_business_manager_messaging_limit,quality_rating,throughput: 360dialog's
   * Messaging API always asks Meta for the number's `health_status` and adds the `fields` we name, answering with
   * the phone number node's own fields ("Get Meta Stack Health Status",
   * https://docs.360dialog.com/docs/messaging-api/api-reference/health). The API key names the number. Meta's
   * refusal of the limit field on an older Graph version is answered by asking for messaging_limit_tier.
   */
  async getAccountStatus(apiKey: string): Promise<AccountStatus> {
    try {
      return await this.readAccountStatus(apiKey, false);
    } catch (error) {
      if (!isUnknownLimitField(error)) throw error;
      return this.readAccountStatus(apiKey, true);
    }
  }

  private async readAccountStatus(apiKey: string, legacy: boolean): Promise<AccountStatus> {
    const query = new URLSearchParams({ fields: accountStatusFields(legacy) });
    const result = await getJson(`${this.baseUrl}/health_status?${query.toString()}`, {
      headers: { 'D360-API-KEY': apiKey },
    });
    if (result.status < 200 || result.status >= 300) throw parseDialog360Error(result);
    return readAccountStatus(result.json);
  }

  /**
   * POST /v1/configs/webhook {url, headers}: the number's webhook calls go to `url`, carrying `headers` (our
   * secret). The API key names the number; a wrong one is 360dialog's 401, thrown as ProviderError.
   * https://docs.360dialog.com/api/whatsapp-api/webhook ("Set webhook URL")
   */
  async setWebhook(apiKey: string, url: string, headers: Record<string, string>): Promise<void> {
    const result = await postJson(
      `${this.baseUrl}/v1/configs/webhook`,
      { url, headers },
      { headers: { 'D360-API-KEY': apiKey } },
    );
    if (result.status < 200 || result.status >= 300) throw parseDialog360Error(result);
  }
}

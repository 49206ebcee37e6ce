import { type AccountStatus, ProviderError } from '../channel-provider';
import { getJson, isRecord, postJson } from '../http-client';
import { readSendResponse } from './whatsapp-cloud.mapper';
import type { WaOutboundMessage } from './whatsapp-cloud.types';
import { accountStatusFields, isUnknownLimitField, readAccountStatus } from './whatsapp-cloud-account-status';
import { parseWhatsappError } from './whatsapp-cloud-error.parser';

/**
 * A business phone number as GET /{phone-number-id}?fields=display_phone_number,verified_name,quality_rating
 * returns it: https://developers.facebook.com/documentation/business-messaging/whatsapp/solution-providers/manage-phone-numbers
 */
export interface WaBusinessPhoneNumber {
  id: string;
  /** As WhatsApp shows it, e.g. "+1 555-078-3881". */
  displayPhoneNumber: string;
  verifiedName: string | null;
  /** GREEN, YELLOW, RED or UNKNOWN. */
  qualityRating: string | null;
}

/** HTTP calls to the Cloud API. The versioned Graph base URL comes from config (e.g. https://graph.facebook.com/v25.0). */
export class WhatsappCloudClient {
  private readonly graphUrl: string;

  constructor(graphUrl: string) {
    this.graphUrl = graphUrl.replace(/\/+$/, '');
  }

  /** POST /{phone-number-id}/messages with the system user's token; resolves to the wamid. */
  async sendMessage(phoneNumberId: string, accessToken: string, body: WaOutboundMessage): Promise<string> {
    const result = await postJson(`${this.graphUrl}/${encodeURIComponent(phoneNumberId)}/messages`, body, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (result.status < 200 || result.status >= 300) throw parseWhatsappError(result);
    return readSendResponse(result.json);
  }

  /** GET /{phone-number-id} with the token: the number's display number, verified name and quality rating. */
  async getPhoneNumber(phoneNumberId: string, accessToken: string): Promise<WaBusinessPhoneNumber> {
    const query = new URLSearchParams({ fields: 'display_phone_number,verified_name,quality_rating' });
    const result = await getJson(
      `${this.graphUrl}/${encodeURIComponent(phoneNumberId)}?${query.toString()}`,
      {
        headers: { authorization: `Bearer ${accessToken}` },
      },
    );
    if (result.status < 200 || result.status >= 300) throw parseWhatsappError(result);
    const json = result.json;
    if (
      !isRecord(json) ||
      typeof json.display_phone_number !== 'string' ||
      json.display_phone_number === ''
    ) {
      throw new ProviderError('PROVIDER_UNAVAILABLE', false, 'The phone number has no display_phone_number');
    }
    return {
      id: typeof json.id === 'string' ? json.id : phoneNumberId,
      displayPhoneNumber: json.display_phone_number,
      verifiedName:
        typeof json.verified_name === 'string' && json.verified_name.trim() !== ''
          ? json.verified_name.trim()
          : null,
      qualityRating: typeof json.quality_rating === 'string' ? json.quality_rating : null,
    };
  }

  /**
   * GET /{phone-number-id}?fields=whatsapp_business_manager_messaging_limit,quality_rating,throughput with the
   * token: the number's messaging limit, quality rating and throughput level. A Graph version older than v24.0
   * refuses the limit field (code 100), so it is asked once more with messaging_limit_tier.
   * https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits ("Via API")
   */
  async getAccountStatus(phoneNumberId: string, accessToken: string): Promise<AccountStatus> {
    try {
      return await this.readAccountStatus(phoneNumberId, accessToken, false);
    } catch (error) {
      if (!isUnknownLimitField(error)) throw error;
      return this.readAccountStatus(phoneNumberId, accessToken, true);
    }
  }

  private async readAccountStatus(
    phoneNumberId: string,
    accessToken: string,
    legacy: boolean,
  ): Promise<AccountStatus> {
    const query = new URLSearchParams({ fields: accountStatusFields(legacy) });
    const result = await getJson(
      `${this.graphUrl}/${encodeURIComponent(phoneNumberId)}?${query.toString()}`,
      {
        headers: { authorization: `Bearer ${accessToken}` },
      },
    );
    if (result.status < 200 || result.status >= 300) throw parseWhatsappError(result);
    return readAccountStatus(result.json);
  }

  /**
   * POST /{waba-id}/subscribed_apps with the token: the app that owns the token receives the account's webhooks
   * (messages and statuses of its numbers). Answers {"success": true}.
   * https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/subscribed_apps/
   */
  async subscribeApp(wabaId: string, accessToken: string): Promise<void> {
    const result = await postJson(
      `${this.graphUrl}/${encodeURIComponent(wabaId)}/subscribed_apps`,
      {},
      {
        headers: { authorization: `Bearer ${accessToken}` },
      },
    );
    if (result.status < 200 || result.status >= 300) throw parseWhatsappError(result);
    if (!isRecord(result.json) || result.json.success !== true) {
      throw new ProviderError('PROVIDER_UNAVAILABLE', false, 'subscribed_apps did not answer success');
    }
  }
}

import type { QualityRating } from '@crm/shared';
import { ProviderError } from '../channel-provider';
import { getJson, isRecord, postJson } from '../http-client';
import { WhatsappCloudClient } from './whatsapp-cloud.client';
import { toQualityRating } from './whatsapp-cloud-account-status';
import { parseWhatsappError } from './whatsapp-cloud-error.parser';

export interface EmbeddedSignupOptions {
  /** The versioned Graph base URL (WHATSAPP_GRAPH_URL). */
  graphUrl: string;
  appId: string;
  appSecret: string;
}

/** The business number the embedded signup shared, as its WABA lists it. */
export interface SignupNumber {
  phoneNumberId: string;
  /** Digits of display_phone_number. */
  phone: string;
  verifiedName: string | null;
  qualityRating: QualityRating;
}

/**
 * Meta's embedded signup, after the popup: the code it returned becomes a business token
 * (GET /oauth/access_token with our app's id and secret), the number is checked to belong to the WABA the popup
 * named (GET /{waba-id}/phone_numbers), registered for the Cloud API with a two-step PIN
 * (POST /{phone-number-id}/register) and our app subscribed to the WABA's webhooks (the adapter's client).
 * https://developers.facebook.com/docs/whatsapp/embedded-signup/onboarding-business-customers
 */
export class WhatsappCloudOnboardingClient {
  private readonly graphUrl: string;
  private readonly client: WhatsappCloudClient;

  constructor(private readonly options: EmbeddedSignupOptions) {
    this.graphUrl = options.graphUrl.replace(/\/+$/, '');
    this.client = new WhatsappCloudClient(options.graphUrl);
  }

  /** POST /{waba-id}/subscribed_apps: the WABA's messages and statuses reach our app's webhook. */
  subscribeApp(wabaId: string, token: string): Promise<void> {
    return this.client.subscribeApp(wabaId, token);
  }

  /** The business integration system user token the code stands for. */
  async exchangeCode(code: string): Promise<string> {
    const query = new URLSearchParams({
      client_id: this.options.appId,
      client_secret: this.options.appSecret,
      code,
    });
    const result = await getJson(`${this.graphUrl}/oauth/access_token?${query.toString()}`);
    if (result.status < 200 || result.status >= 300) throw parseWhatsappError(result);
    if (isRecord(result.json) && typeof result.json.access_token === 'string' && result.json.access_token) {
      return result.json.access_token;
    }
    throw new ProviderError('PROVIDER_UNAVAILABLE', false, 'oauth/access_token answered no access_token');
  }

  /** The number among the WABA's, or null when the WABA does not hold it. */
  async findNumber(wabaId: string, phoneNumberId: string, token: string): Promise<SignupNumber | null> {
    const query = new URLSearchParams({ fields: 'id,display_phone_number,verified_name,quality_rating' });
    const result = await getJson(
      `${this.graphUrl}/${encodeURIComponent(wabaId)}/phone_numbers?${query.toString()}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (result.status < 200 || result.status >= 300) throw parseWhatsappError(result);
    const data = isRecord(result.json) ? result.json.data : null;
    if (!Array.isArray(data)) return null;
    for (const raw of data) {
      if (!isRecord(raw) || raw.id !== phoneNumberId || typeof raw.display_phone_number !== 'string')
        continue;
      return {
        phoneNumberId,
        phone: raw.display_phone_number.replace(/\D/g, ''),
        verifiedName: typeof raw.verified_name === 'string' && raw.verified_name ? raw.verified_name : null,
        qualityRating: toQualityRating(raw.quality_rating),
      };
    }
    return null;
  }

  /** POST /{phone-number-id}/register {messaging_product, pin}: the number starts on the Cloud API. */
  async register(phoneNumberId: string, token: string, pin: string): Promise<void> {
    const result = await postJson(
      `${this.graphUrl}/${encodeURIComponent(phoneNumberId)}/register`,
      { messaging_product: 'whatsapp', pin },
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (result.status < 200 || result.status >= 300) throw parseWhatsappError(result);
    if (!isRecord(result.json) || result.json.success !== true) {
      throw new ProviderError('PROVIDER_UNAVAILABLE', false, 'register did not answer success');
    }
  }
}

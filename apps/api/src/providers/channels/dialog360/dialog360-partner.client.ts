import { ProviderError } from '../channel-provider';
import { getJson, isRecord, postJson } from '../http-client';
import { parseDialog360Error } from './dialog360-error.parser';

/** A number a client connected to our partner account through 360dialog's Connect flow. */
export interface PartnerChannel {
  /** 360dialog's channel id (what Connect returns in `channels`). */
  id: string;
  clientId: string;
  /** The number's digits, from the channel's setup_info. */
  phone: string;
  /** The name the business gave the number, when 360dialog tells it. */
  name: string | null;
}

export interface Dialog360PartnerOptions {
  /** The Partner API, https://hub.360dialog.io/api/v2 (DIALOG360_PARTNER_URL). */
  baseUrl: string;
  partnerId: string;
  /** The Partner API key, sent as x-api-key (API key authentication, 360dialog's recommended method). */
  apiKey: string;
}

/**
 * 360dialog's Partner API, the calls the Connect flow needs
 * (https://docs.360dialog.com/partner/partner-api, "Using the Partner API to manage Clients and Channels"):
 * - GET /partners/{partner_id}/channels?filters={"client_id":…} lists the client's channels under our partner
 *   account ({partner_channels: [{id, client_id, setup_info: {phone_number, phone_name}}]}); a channel of another
 *   client or partner is simply not in it.
 * - POST /partners/{partner_id}/channels/{channel_id}/api_keys creates the number's D360-API-KEY
 *   ({api_key, address}); a new key revokes the older ones, so it is asked once per linking.
 */
export class Dialog360PartnerClient {
  private readonly baseUrl: string;

  constructor(private readonly options: Dialog360PartnerOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** The client's channel with this id under our partner account, or null when it is not one. */
  async findChannel(clientId: string, channelId: string): Promise<PartnerChannel | null> {
    const query = new URLSearchParams({ filters: JSON.stringify({ client_id: clientId }), limit: '100' });
    const result = await getJson(`${this.partnerUrl()}/channels?${query.toString()}`, {
      headers: this.auth(),
    });
    if (result.status < 200 || result.status >= 300) throw parseDialog360Error(result);
    const list = isRecord(result.json) ? result.json.partner_channels : null;
    if (!Array.isArray(list)) {
      throw new ProviderError(
        'PROVIDER_UNAVAILABLE',
        false,
        '360dialog channels answer has no partner_channels',
      );
    }
    for (const raw of list) {
      const channel = readChannel(raw);
      // The filter is 360dialog's; the check is ours too, so a partner API that ignored it still cannot mix clients.
      if (channel && channel.id === channelId && channel.clientId === clientId) return channel;
    }
    return null;
  }

  /** A new API key for the channel, in clear. */
  async createApiKey(channelId: string): Promise<string> {
    const result = await postJson(
      `${this.partnerUrl()}/channels/${encodeURIComponent(channelId)}/api_keys`,
      {},
      { headers: this.auth() },
    );
    if (result.status < 200 || result.status >= 300) throw parseDialog360Error(result);
    const json = result.json;
    if (isRecord(json) && typeof json.api_key === 'string' && json.api_key !== '') return json.api_key;
    throw new ProviderError('PROVIDER_UNAVAILABLE', false, '360dialog api_keys answer has no api_key');
  }

  private partnerUrl(): string {
    return `${this.baseUrl}/partners/${encodeURIComponent(this.options.partnerId)}`;
  }

  private auth(): Record<string, string> {
    return { 'x-api-key': this.options.apiKey };
  }
}

function readChannel(raw: unknown): PartnerChannel | null {
  if (!isRecord(raw) || typeof raw.id !== 'string') return null;
  const clientId =
    typeof raw.client_id === 'string'
      ? raw.client_id
      : isRecord(raw.client) && typeof raw.client.id === 'string'
        ? raw.client.id
        : null;
  const setup = isRecord(raw.setup_info) ? raw.setup_info : {};
  const phone = typeof setup.phone_number === 'string' ? setup.phone_number.replace(/\D/g, '') : '';
  if (clientId === null || phone === '') return null;
  const name =
    typeof setup.phone_name === 'string' && setup.phone_name.trim() ? setup.phone_name.trim() : null;
  return { id: raw.id, clientId, phone, name };
}

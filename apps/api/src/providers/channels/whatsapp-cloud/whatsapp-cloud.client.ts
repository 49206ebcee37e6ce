import { postJson } from '../http-client';
import { readSendResponse } from './whatsapp-cloud.mapper';
import type { WaOutboundMessage } from './whatsapp-cloud.types';
import { parseWhatsappError } from './whatsapp-cloud-error.parser';

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
}

import type {
  ChannelCredentials,
  ChannelProvider,
  OutboundMessage,
  SendResult,
  WebhookEvent,
  WebhookRequest,
} from '../channel-provider';
import { readHeader } from '../http-client';
import { verifyMetaSignature } from './meta-signature';
import { WhatsappCloudClient } from './whatsapp-cloud.client';
import { parseWhatsappWebhook, toWhatsappMessage } from './whatsapp-cloud.mapper';

export interface WhatsappCloudAdapterOptions {
  /** Versioned Graph API base URL, e.g. https://graph.facebook.com/v25.0 (from config). */
  graphUrl: string;
  /** The Meta app's secret: it keys the X-Hub-Signature-256 of every webhook. */
  appSecret: string;
}

/** Meta WhatsApp Cloud API. */
export class WhatsappCloudAdapter implements ChannelProvider {
  readonly platform = 'whatsapp_cloud' as const;
  private readonly client: WhatsappCloudClient;
  private readonly appSecret: string;

  constructor(options: WhatsappCloudAdapterOptions) {
    this.client = new WhatsappCloudClient(options.graphUrl);
    this.appSecret = options.appSecret;
  }

  async send(channel: ChannelCredentials, message: OutboundMessage): Promise<SendResult> {
    const providerMessageId = await this.client.sendMessage(
      channel.providerId,
      channel.accessToken,
      toWhatsappMessage(message),
    );
    return { providerMessageId };
  }

  verifyWebhook(request: WebhookRequest): boolean {
    return verifyMetaSignature(
      request.rawBody,
      readHeader(request.headers, 'x-hub-signature-256'),
      this.appSecret,
    );
  }

  parseWebhook(request: WebhookRequest): WebhookEvent[] {
    return parseWhatsappWebhook(request.rawBody);
  }
}

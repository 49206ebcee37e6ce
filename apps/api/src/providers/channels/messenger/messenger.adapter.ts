import type {
  ChannelCredentials,
  ChannelProvider,
  FetchedMedia,
  MediaRef,
  OutboundMessage,
  SendResult,
  SubscriptionCheck,
  WebhookEvent,
  WebhookRequest,
} from '../channel-provider';
import { readHeader } from '../http-client';
import { answerMetaSubscription, verifyMetaSignature } from '../whatsapp-cloud/meta-signature';
import { MessengerClient } from './messenger.client';
import { parseMessengerWebhook, toMessengerRequest } from './messenger.mapper';
import { fetchMessengerMedia } from './messenger-media.client';

export interface MessengerAdapterOptions {
  /** Versioned Graph API base URL, e.g. https://graph.facebook.com/v25.0 (from config). */
  graphUrl: string;
  /** The Messenger app's secret: it signs webhooks and proves our Send API calls (appsecret_proof). */
  appSecret: string;
  /** The Messenger app's id: echoes of the messages it sent are skipped (they are stored when sent). */
  appId?: string;
  /** The token Meta's subscription check must carry (MESSENGER_VERIFY_TOKEN). */
  verifyToken?: string;
}

/** Facebook Messenger through the Send API; ChannelCredentials.providerId is the Page id, accessToken its Page token. */
export class MessengerAdapter implements ChannelProvider {
  readonly platform = 'messenger' as const;
  private readonly client: MessengerClient;
  private readonly appSecret: string;
  private readonly appId: string | undefined;
  private readonly verifyToken: string;

  constructor(options: MessengerAdapterOptions) {
    this.verifyToken = options.verifyToken ?? '';
    this.client = new MessengerClient(options.graphUrl, options.appSecret);
    this.appSecret = options.appSecret;
    this.appId = options.appId;
  }

  async send(channel: ChannelCredentials, message: OutboundMessage): Promise<SendResult> {
    // Mapping first: unsupported content fails before any HTTP call.
    const body = toMessengerRequest(message);
    const providerMessageId = await this.client.sendMessage(channel.providerId, channel.accessToken, body);
    return { providerMessageId };
  }

  verifyWebhook(request: WebhookRequest): boolean {
    return verifyMetaSignature(
      request.rawBody,
      readHeader(request.headers, 'x-hub-signature-256'),
      this.appSecret,
    );
  }

  answerSubscription(check: SubscriptionCheck): string | null {
    return answerMetaSubscription(check, this.verifyToken);
  }

  parseWebhook(request: WebhookRequest): WebhookEvent[] {
    return parseMessengerWebhook(request.rawBody, { appId: this.appId, now: new Date() });
  }

  /** Attachments come as signed CDN URLs: downloaded as they are, without the Page token. */
  fetchMedia(_channel: ChannelCredentials, ref: MediaRef): Promise<FetchedMedia> {
    return fetchMessengerMedia(ref.url);
  }
}

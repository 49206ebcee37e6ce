import { CHANNEL_CONNECT_MESSAGES } from '@crm/shared';
import {
  type ChannelConnector,
  type ConnectedNumber,
  ConnectRefusedError,
  type WhatsappCloudConnectInput,
} from '../channel-connector';
import {
  type AccountStatus,
  type ChannelCredentials,
  type ChannelProvider,
  type FetchedMedia,
  type MediaRef,
  type OutboundMessage,
  ProviderError,
  type SendResult,
  type SubscriptionCheck,
  type WebhookEvent,
  type WebhookRequest,
} from '../channel-provider';
import { readHeader } from '../http-client';
import { answerMetaSubscription, verifyMetaSignature } from './meta-signature';
import { type WaBusinessPhoneNumber, WhatsappCloudClient } from './whatsapp-cloud.client';
import { parseWhatsappWebhook, toWhatsappMessage } from './whatsapp-cloud.mapper';
import { toQualityRating } from './whatsapp-cloud-account-status';
import {
  requiredMediaId,
  WHATSAPP_MEDIA_MAX_BYTES,
  WhatsappCloudMediaClient,
} from './whatsapp-cloud-media.client';
import { WhatsappCloudTemplatesClient } from './whatsapp-cloud-templates.client';

export interface WhatsappCloudAdapterOptions {
  /** Versioned Graph API base URL, e.g. https://graph.facebook.com/v25.0 (from config). */
  graphUrl: string;
  /** The Meta app's secret: it keys the X-Hub-Signature-256 of every webhook. */
  appSecret: string;
  /** The token Meta's subscription check must carry (WHATSAPP_VERIFY_TOKEN). */
  verifyToken?: string;
}

/** Meta WhatsApp Cloud API. */
export class WhatsappCloudAdapter implements ChannelProvider, ChannelConnector<'whatsapp_cloud'> {
  readonly platform = 'whatsapp_cloud' as const;
  readonly providerIdField = 'phoneNumberId' as const;
  readonly mediaMaxBytes = WHATSAPP_MEDIA_MAX_BYTES;
  // Statuses carry biz_opaque_callback_data.
  readonly tracksSends = true;
  readonly templates: WhatsappCloudTemplatesClient;
  private readonly client: WhatsappCloudClient;
  private readonly media: WhatsappCloudMediaClient;
  private readonly appSecret: string;
  private readonly verifyToken: string;

  constructor(options: WhatsappCloudAdapterOptions) {
    this.verifyToken = options.verifyToken ?? '';
    this.client = new WhatsappCloudClient(options.graphUrl);
    this.media = new WhatsappCloudMediaClient(options.graphUrl);
    this.templates = new WhatsappCloudTemplatesClient(options.graphUrl);
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

  answerSubscription(check: SubscriptionCheck): string | null {
    return answerMetaSubscription(check, this.verifyToken);
  }

  parseWebhook(request: WebhookRequest): WebhookEvent[] {
    return parseWhatsappWebhook(request.rawBody, { channelHint: request.channelHint });
  }

  /** GET /{media-id} for a short-lived URL, then its bytes, both with the channel's token. */
  fetchMedia(channel: ChannelCredentials, ref: MediaRef): Promise<FetchedMedia> {
    return this.media.fetch(channel.accessToken, requiredMediaId(ref.providerMediaId));
  }

  /** The number's messaging limit, quality rating and throughput, read from its Graph node with the channel's token. */
  accountStatus(channel: ChannelCredentials): Promise<AccountStatus> {
    return this.client.getAccountStatus(channel.providerId, channel.accessToken);
  }

  /**
   * A number the business already has on the Cloud API: reading it with the token proves both, and subscribing
   * our app to its WhatsApp Business Account makes its webhooks reach us (signed with our app secret).
   */
  async connect(input: WhatsappCloudConnectInput): Promise<ConnectedNumber> {
    const m = CHANNEL_CONNECT_MESSAGES;
    let number: WaBusinessPhoneNumber;
    try {
      number = await this.client.getPhoneNumber(input.phoneNumberId, input.accessToken);
    } catch (error) {
      // 190 and permission codes: the token; anything else (100 subcode 33: no such object) is the id.
      throw refusal(error, (e) =>
        e.code === 'PROVIDER_AUTH_ERROR'
          ? new ConnectRefusedError('accessToken', m.metaTokenRejected, e.info)
          : new ConnectRefusedError('phoneNumberId', m.metaPhoneNumberNotFound, e.info),
      );
    }
    try {
      await this.client.subscribeApp(input.wabaId, input.accessToken);
    } catch (error) {
      // The token already read the number: a refusal here is about the account id or the token's rights on it.
      throw refusal(error, (e) => new ConnectRefusedError('wabaId', m.metaWabaRejected, e.info));
    }
    const phone = number.displayPhoneNumber.replace(/\D/g, '');
    return {
      providerId: input.phoneNumberId,
      phone,
      accessToken: input.accessToken,
      defaultName: number.verifiedName ?? `WhatsApp +${phone}`,
      qualityRating: toQualityRating(number.qualityRating),
    };
  }
}

/** Meta's refusal of what was typed, as `refused` says; outages, rate limits and odd answers stay ProviderErrors. */
function refusal(error: unknown, refused: (error: ProviderError) => ConnectRefusedError): unknown {
  if (!(error instanceof ProviderError) || error.retryable || error.code === 'PROVIDER_UNAVAILABLE')
    return error;
  return refused(error);
}

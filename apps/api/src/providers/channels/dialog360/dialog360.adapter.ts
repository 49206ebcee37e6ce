import { createHash, timingSafeEqual } from 'node:crypto';
import { CHANNEL_CONNECT_MESSAGES } from '@crm/shared';
import {
  type ChannelConnector,
  type ConnectedNumber,
  ConnectRefusedError,
  type Dialog360ConnectInput,
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
  type WebhookEvent,
  type WebhookRequest,
} from '../channel-provider';
import { readHeader } from '../http-client';
import { requiredMediaId, WHATSAPP_MEDIA_MAX_BYTES } from '../whatsapp-cloud/whatsapp-cloud-media.client';
import { Dialog360Client } from './dialog360.client';
import { parseDialog360Webhook, toDialog360Message } from './dialog360.mapper';
import { Dialog360MediaClient } from './dialog360-media.client';
import { Dialog360TemplatesClient } from './dialog360-templates.client';

export interface Dialog360AdapterOptions {
  /** 360dialog API base URL, e.g. https://waba-v2.360dialog.io (from config). */
  baseUrl: string;
  /** The secret we register as the X-Webhook-Token header of the webhook URL. */
  webhookToken: string;
  /** Our public POST /webhooks/360dialog URL, registered for every number connected by hand. */
  webhookUrl?: string;
}

export const DIALOG360_WEBHOOK_TOKEN_HEADER = 'x-webhook-token';

/** 360dialog WhatsApp API (Cloud API numbers hosted through 360dialog). */
export class Dialog360Adapter implements ChannelProvider, ChannelConnector<'dialog360'> {
  readonly platform = 'dialog360' as const;
  readonly providerIdField = 'phoneNumber' as const;
  // Cloud API numbers: WhatsApp's own caps.
  readonly mediaMaxBytes = WHATSAPP_MEDIA_MAX_BYTES;
  // Meta's statuses, forwarded as they are, carry biz_opaque_callback_data.
  readonly tracksSends = true;
  readonly templates: Dialog360TemplatesClient;
  private readonly client: Dialog360Client;
  private readonly media: Dialog360MediaClient;
  private readonly webhookToken: string;
  private readonly webhookUrl: string | undefined;

  constructor(options: Dialog360AdapterOptions) {
    this.client = new Dialog360Client(options.baseUrl);
    this.media = new Dialog360MediaClient(options.baseUrl);
    this.templates = new Dialog360TemplatesClient(options.baseUrl);
    this.webhookToken = options.webhookToken;
    this.webhookUrl = options.webhookUrl;
  }

  async send(channel: ChannelCredentials, message: OutboundMessage): Promise<SendResult> {
    const providerMessageId = await this.client.sendMessage(channel.accessToken, toDialog360Message(message));
    return { providerMessageId };
  }

  /**
   * 360dialog does not sign its webhook calls (no X-Hub-Signature: Meta signs with the partner's app secret,
   * which we never hold), but its webhook configuration (POST /v1/configs/webhook) accepts custom `headers` sent
   * with every call. We register a random secret there as X-Webhook-Token and require it here, compared in
   * constant time (receiving messages: https://docs.360dialog.com/the-basics).
   */
  verifyWebhook(request: WebhookRequest): boolean {
    const received = readHeader(request.headers, DIALOG360_WEBHOOK_TOKEN_HEADER);
    if (!received || !this.webhookToken) return false;
    // Hashing both sides gives equal lengths, so neither the comparison nor a length check leaks the token.
    return timingSafeEqual(sha256(received), sha256(this.webhookToken));
  }

  parseWebhook(request: WebhookRequest): WebhookEvent[] {
    return parseDialog360Webhook(request.rawBody, request.channelHint);
  }

  fetchMedia(channel: ChannelCredentials, ref: MediaRef): Promise<FetchedMedia> {
    return this.media.fetch(channel.accessToken, requiredMediaId(ref.providerMediaId));
  }

  /** The number's messaging limit, quality rating and throughput, through 360dialog's health status endpoint. */
  accountStatus(channel: ChannelCredentials): Promise<AccountStatus> {
    return this.client.getAccountStatus(channel.accessToken);
  }

  /**
   * A number added by hand: registering our webhook (with the X-Webhook-Token secret verifyWebhook requires) both
   * proves the API key and makes the number's messages reach us. 360dialog's API does not tell the number an API
   * key belongs to, so the admin types it; webhooks name the channel by that display number.
   */
  async connect(input: Dialog360ConnectInput): Promise<ConnectedNumber> {
    if (!this.webhookUrl) throw new Error('Dialog360Adapter needs webhookUrl to connect numbers');
    try {
      // The number in the path routes payloads that do not name it (the On-Premise shape).
      await this.client.setWebhook(input.apiKey, `${this.webhookUrl}/${input.phoneNumber}`, {
        [DIALOG360_WEBHOOK_TOKEN_HEADER]: this.webhookToken,
      });
    } catch (error) {
      // A refused key is the admin's to fix; outages and 360dialog's other refusals (our URL) are not.
      if (error instanceof ProviderError && error.code === 'PROVIDER_AUTH_ERROR') {
        throw new ConnectRefusedError('apiKey', CHANNEL_CONNECT_MESSAGES.dialog360Rejected, error.info);
      }
      throw error;
    }
    return {
      providerId: input.phoneNumber,
      phone: input.phoneNumber,
      accessToken: input.apiKey,
      defaultName: `WhatsApp +${input.phoneNumber}`,
      qualityRating: 'NA',
    };
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

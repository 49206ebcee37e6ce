import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  ChannelCredentials,
  ChannelProvider,
  OutboundMessage,
  SendResult,
  WebhookEvent,
  WebhookRequest,
} from '../channel-provider';
import { readHeader } from '../http-client';
import { Dialog360Client } from './dialog360.client';
import { parseDialog360Webhook, toDialog360Message } from './dialog360.mapper';

export interface Dialog360AdapterOptions {
  /** 360dialog API base URL, e.g. https://waba-v2.360dialog.io (from config). */
  baseUrl: string;
  /** The secret we register as the X-Webhook-Token header of the webhook URL. */
  webhookToken: string;
}

export const DIALOG360_WEBHOOK_TOKEN_HEADER = 'x-webhook-token';

/** 360dialog WhatsApp API (Cloud API numbers hosted through 360dialog). */
export class Dialog360Adapter implements ChannelProvider {
  readonly platform = 'dialog360' as const;
  private readonly client: Dialog360Client;
  private readonly webhookToken: string;

  constructor(options: Dialog360AdapterOptions) {
    this.client = new Dialog360Client(options.baseUrl);
    this.webhookToken = options.webhookToken;
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
    return parseDialog360Webhook(request.rawBody);
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * The one interface every messaging provider adapter implements (ARCHITECTURE "Provider adapters"). Domain code
 * speaks only these types; each adapter maps them to and from its provider's documented payloads.
 */

export const CHANNEL_PLATFORMS = ['whatsapp_cloud', 'dialog360', 'messenger', 'sms', 'sandbox'] as const;
export type ChannelPlatform = (typeof CHANNEL_PLATFORMS)[number];

/** What an adapter needs to talk to the provider for one channel. */
export interface ChannelCredentials {
  platform: ChannelPlatform;
  /** WhatsApp phone_number_id, Messenger page id, 360dialog channel phone, SMS sender number. */
  providerId: string;
  /** Bearer token (WhatsApp Cloud), page token (Messenger), D360-API-KEY (360dialog), "accountSid:authToken" (SMS). */
  accessToken: string;
  /** The channel's own phone number, digits only, when it has one. */
  phone?: string | null;
}

export type MediaType = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export interface ContactCard {
  name: { formatted_name: string; first_name?: string; last_name?: string };
  phones: Array<{ phone: string; wa_id?: string; type?: string }>;
}

export interface TemplateComponent {
  type: 'header' | 'body' | 'button';
  sub_type?: string;
  index?: number;
  parameters: Array<
    | { type: 'text'; text: string }
    | { type: 'image' | 'video' | 'document'; link: string; filename?: string }
    | { type: 'payload'; payload: string }
  >;
}

export type OutboundContent =
  | { type: 'text'; text: string }
  | { type: MediaType; url: string; caption?: string; filename?: string }
  | { type: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { type: 'contacts'; contacts: ContactCard[] }
  | { type: 'template'; name: string; language: string; components: TemplateComponent[] }
  | { type: 'reaction'; providerMessageId: string; emoji: string };

export interface OutboundMessage {
  /** Recipient: phone digits (WhatsApp, SMS) or page-scoped id (Messenger). */
  to: string;
  content: OutboundContent;
  /** The provider id of the message being quoted (WhatsApp context.message_id, Messenger reply_to.mid). */
  replyToProviderMessageId?: string;
}

export interface SendResult {
  providerMessageId: string;
}

/** A provider refusal mapped to our terms. `retryable` errors (rate limits, 5xx, network) are retried with backoff. */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    readonly retryable: boolean,
    readonly info: string,
    readonly providerCode?: string | number,
    readonly retryAfterMs?: number,
  ) {
    super(`${code}: ${info}`);
  }
}

export type InboundContent =
  | { type: 'text'; text: string }
  | {
      type: MediaType;
      providerMediaId?: string;
      url?: string;
      mimeType?: string;
      caption?: string;
      filename?: string;
    }
  | { type: 'location'; latitude: number; longitude: number; name?: string; address?: string; url?: string }
  | { type: 'contacts'; contacts: ContactCard[] }
  | { type: 'interactive'; replyId: string; title: string; description?: string }
  | { type: 'button'; payload: string; text: string }
  | { type: 'reaction'; providerMessageId: string; emoji: string }
  | { type: 'unsupported'; rawType: string };

export interface InboundMessageEvent {
  kind: 'message';
  /** Which of our channels: phone_number_id, page id, 360dialog number or SMS "To" number. */
  channelProviderId: string;
  providerMessageId: string;
  /** Sender: phone digits (WhatsApp wa_id, SMS) or page-scoped id (Messenger). */
  from: string;
  profileName?: string;
  timestamp: Date;
  content: InboundContent;
  /** The provider id of the message this one quotes. */
  quotedProviderMessageId?: string;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'viewed' | 'failed' | 'deleted';

export interface InboundStatusEvent {
  kind: 'status';
  channelProviderId: string;
  providerMessageId: string;
  status: DeliveryStatus;
  timestamp: Date;
  recipient?: string;
  error?: { code: string; title: string; details?: string };
  /** WhatsApp `conversation.expiration_timestamp`: the end of the reply window. */
  windowExpiresAt?: Date;
}

/** Messenger delivery/read receipts: every message to `counterpart` sent at or before `watermark`. */
export interface InboundWatermarkEvent {
  kind: 'watermark';
  channelProviderId: string;
  counterpart: string;
  status: 'delivered' | 'viewed';
  watermark: Date;
  providerMessageIds?: string[];
}

export type WebhookEvent = InboundMessageEvent | InboundStatusEvent | InboundWatermarkEvent;

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** The full public URL the provider called (Twilio signs it). */
  url: string;
}

export class WebhookParseError extends Error {}

export interface ChannelProvider {
  readonly platform: ChannelPlatform;
  send(channel: ChannelCredentials, message: OutboundMessage): Promise<SendResult>;
  /** Checks the provider's authentication of a webhook call on the raw bytes, before anything is parsed. */
  verifyWebhook(request: WebhookRequest): boolean;
  /** Every message and status of the payload, in order; WebhookParseError when it is not the provider's format. */
  parseWebhook(request: WebhookRequest): WebhookEvent[];
}

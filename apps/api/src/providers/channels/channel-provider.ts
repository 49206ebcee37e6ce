import type { Readable } from 'node:stream';
import type { InteractiveMessage } from '@crm/shared';

/**
 * The one interface every messaging provider adapter implements (ARCHITECTURE "Provider adapters"). Domain code
 * speaks only these types; each adapter maps them to and from its provider's documented payloads.
 */

// The platform list and what each platform can do live in the shared platform table.
export { CHANNEL_PLATFORMS, type ChannelPlatform } from '@crm/shared';

import type {
  ChannelPlatform,
  TemplateCategory,
  TemplateComponent as TemplateDefinitionComponent,
} from '@crm/shared';

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
    // The Cloud API's media parameter shape (360dialog forwards it as is): the medium's object by its type.
    | { type: 'image'; image: { link: string } }
    | { type: 'video'; video: { link: string } }
    | { type: 'document'; document: { link: string; filename?: string } }
    | { type: 'payload'; payload: string }
  >;
}

export type OutboundContent =
  | { type: 'text'; text: string }
  | { type: MediaType; url: string; caption?: string; filename?: string }
  | { type: 'location'; latitude: number; longitude: number; name?: string; address?: string }
  | { type: 'contacts'; contacts: ContactCard[] }
  | { type: 'template'; name: string; language: string; components: TemplateComponent[] }
  | { type: 'reaction'; providerMessageId: string; emoji: string }
  /** Issue 17: a menu — reply buttons or a list on WhatsApp; each adapter renders it as its channel can. */
  | { type: 'interactive'; interactive: InteractiveMessage };

export interface OutboundMessage {
  /** Recipient: phone digits (WhatsApp, SMS) or page-scoped id (Messenger). */
  to: string;
  content: OutboundContent;
  /** The provider id of the message being quoted (WhatsApp context.message_id, Messenger reply_to.mid). */
  replyToProviderMessageId?: string;
  /**
   * Our reference for the message, which the provider repeats in the message's status webhooks (WhatsApp
   * biz_opaque_callback_data): how a send whose answer was lost (the process died mid-call) is recognised. Only
   * for adapters that declare `tracksSends`.
   */
  trackingId?: string;
}

export interface SendResult {
  providerMessageId: string;
}

/**
 * Which sending limit a rate-limit refusal hit, so a sender can pace itself (issue 18): the number's messages per
 * second (`throughput`), too many messages to the same customer (`pair`), or the provider holding back a number
 * whose messages look unwanted (`spam`).
 */
export type ProviderThrottle = 'throughput' | 'pair' | 'spam';

/** A provider refusal mapped to our terms. `retryable` errors (rate limits, 5xx, network) are retried with backoff. */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    readonly retryable: boolean,
    readonly info: string,
    readonly providerCode?: string | number,
    readonly retryAfterMs?: number,
    /** Set on rate limits whose kind the provider names; undefined for every other refusal. */
    readonly throttle?: ProviderThrottle,
  ) {
    super(`${code}: ${info}`);
  }
}

/**
 * The provider refused one field of what we submitted (a template's name, text, header…): a 400 on `field`, never
 * retried. `field` names the input the way our forms do (TemplateDraftField for templates).
 */
export class ProviderValidationError extends ProviderError {
  constructor(
    readonly field: string,
    info: string,
    providerCode?: string | number,
  ) {
    super('VALIDATION_ERROR', false, info, providerCode);
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
  | { type: 'order'; catalogId?: string; text?: string; items: InboundOrderItem[] }
  /** A completed WhatsApp Flow: its answers, flow_token left out. */
  | { type: 'flow_reply'; name?: string; body?: string; fields: Array<{ key: string; value: string }> }
  /** A shared reel or link (Messenger fallback); `text` is the message's own words sent with it. */
  | { type: 'link'; url: string; title?: string; source: string; text?: string }
  | { type: 'system'; notice: SystemNotice }
  /** A kind this code does not read: `raw` is the provider's item as it came, kept for later. */
  | { type: 'unsupported'; rawType: string; raw?: unknown };

export interface InboundOrderItem {
  productId: string;
  name?: string;
  quantity: number;
  /** Unit price. */
  itemPrice?: number;
  currency?: string;
}

/** What a provider says about the customer rather than from them: a system line, never unread. */
export interface SystemNotice {
  event: 'number_changed' | 'identity_changed' | 'referral' | 'other';
  /** The provider's name for it (user_changed_number, customer_identity_changed...). */
  rawType: string;
  /** number_changed: the customer's new id, where their next messages come from. */
  newSenderId?: string;
  /** The provider's own text. */
  body?: string;
}

/** The ad, post or link a customer came from (click-to-WhatsApp and click-to-Messenger ads, m.me links). */
export interface InboundReferral {
  /** Lower case: 'ad', 'post', 'shortlink'... */
  source: string;
  sourceUrl?: string;
  sourceId?: string;
  headline?: string;
  body?: string;
  mediaType?: string;
  imageUrl?: string;
  videoUrl?: string;
  thumbnailUrl?: string;
  ctwaClid?: string;
  ref?: string;
}

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
  referral?: InboundReferral;
  /** WhatsApp's forwarded / frequently_forwarded marks. */
  forwarded?: 'once' | 'many';
  /** The catalog product the customer asked about from its page (WhatsApp context.referred_product). */
  referredProduct?: { catalogId?: string; productId: string };
  /**
   * Sent by the business itself from elsewhere (WhatsApp Business app, Page inbox) and echoed to us: `from` is then
   * the customer it went to, and the message is the business's, never the customer's.
   */
  echo?: boolean;
}

/** The customer edited or deleted (revoked) a message they had sent: that message changes, nothing is added. */
export interface InboundMessageChangeEvent {
  kind: 'change';
  channelProviderId: string;
  /** The notification's own id. */
  providerMessageId: string;
  /** The message edited or deleted. */
  originalProviderMessageId: string;
  from: string;
  timestamp: Date;
  change: { type: 'edit'; content: InboundContent } | { type: 'revoke' };
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
  /** The `trackingId` we sent the message with, as the provider repeats it (WhatsApp biz_opaque_callback_data). */
  trackingId?: string;
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

/**
 * WhatsApp's `message_template_status_update`: a template of a WhatsApp Business Account changed status. Templates
 * belong to the account, not to a number, so the event names the account; Meta's template id is unique across
 * accounts and identifies the template, name and language identify it when the id is missing.
 */
export interface TemplateStatusEvent {
  kind: 'templateStatus';
  /** The WhatsApp Business Account (the notification entry's id). */
  accountId: string;
  /** The channel the webhook URL names (360dialog's per-number URL), when it names one. */
  channelProviderId?: string;
  /** Meta's template id; null when the payload has none we can read exactly. */
  providerTemplateId: string | null;
  name: string;
  language: string;
  /** The provider's word as sent: APPROVED, REJECTED, PAUSED… (shared normalizeProviderTemplateStatus reads it). */
  rawStatus: string;
  /** The provider's reason code (INVALID_FORMAT, NONE…), null when it sends none. */
  reason: string | null;
  /** The provider's explanation, when it gives one (rejection_info.reason, other_info.description). */
  detail?: string;
  /** MARKETING, UTILITY… as the provider spells it, when sent. */
  category?: string;
  /** When the provider reported it (the entry's `time`), to order late deliveries. */
  at?: Date;
}

export type WebhookEvent =
  | InboundMessageEvent
  | InboundStatusEvent
  | InboundWatermarkEvent
  | InboundMessageChangeEvent
  | TemplateStatusEvent;

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** The full public URL the provider called (Twilio signs it). */
  url: string;
  /**
   * The channel named by the webhook URL (/webhooks/360dialog/<number>), for payloads that name none (360dialog's
   * On-Premise shape); what the payload names wins. It only chooses a channel: authentication is unchanged.
   */
  channelHint?: string;
}

export class WebhookParseError extends Error {}

/** What verification may ask of us: the stored credentials of one of our channels on this platform. */
export interface WebhookContext {
  credentialsFor(providerId: string): Promise<ChannelCredentials | null>;
}

/** Meta's subscription check (GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…). */
export interface SubscriptionCheck {
  mode?: string;
  token?: string;
  challenge?: string;
}

/** Where a received file is kept by the provider: a media id to resolve (WhatsApp) or a URL (Messenger, SMS). */
export interface MediaRef {
  providerMediaId?: string | null;
  url?: string | null;
}

/** A received file's bytes as the provider serves them; the caller checks type and size on the bytes anyway. */
export interface FetchedMedia {
  stream: Readable;
  /** The type the provider declares. */
  mimeType: string | null;
  /** The length the provider declares (Graph's file_size, Content-Length), when it does. */
  size: number | null;
}

/** A template to submit for review, as built by the shared buildTemplateComponents. */
export interface TemplateSubmission {
  /** Lowercase letters, digits and underscores (02 §5). */
  name: string;
  /** The provider's language code, e.g. es_MX. */
  language: string;
  category: TemplateCategory;
  components: TemplateDefinitionComponent[];
}

/** What the provider answered to a submission. */
export interface SubmittedTemplate {
  providerTemplateId: string;
  /** The provider's status as sent (PENDING, APPROVED…). */
  rawStatus: string;
  /** The account the template lives in (the WABA), when the adapter knows it: status webhooks name it. */
  accountId?: string;
}

/** A header file to upload for a template's example (image, video or pdf). */
export interface TemplateMediaFile {
  bytes: Uint8Array;
  mimeType: string;
  fileName: string;
}

/** A template as the provider lists it, whoever created it. */
export interface ProviderTemplate {
  /** Null when the provider's listing carries no id. */
  providerTemplateId: string | null;
  name: string;
  language: string;
  /** MARKETING, UTILITY, AUTHENTICATION… as the provider spells it. */
  category: string;
  /** The provider's status as sent (APPROVED, approved, REJECTED…). */
  rawStatus: string;
  /** The provider's rejection reason (INVALID_FORMAT, NONE…), null when none. */
  reason: string | null;
  /** The provider's components, untouched. */
  components: unknown[];
  /** The account the template lives in (the WABA), when the adapter knows it. */
  accountId?: string;
}

/**
 * WhatsApp template management for a channel's account. Refusals are ProviderErrors: TEMPLATE_ALREADY_EXISTS,
 * TEMPLATE_NAME_NOT_AVAILABLE, a ProviderValidationError naming the refused field, retryable rate limits and
 * outages.
 */
export interface TemplateProviderPort {
  /** Submits a template for review; it starts PENDING. */
  createTemplate(channel: ChannelCredentials, template: TemplateSubmission): Promise<SubmittedTemplate>;
  /** Uploads a header file; resolves to the handle a HEADER's example.header_handle takes. */
  uploadTemplateMedia(channel: ChannelCredentials, file: TemplateMediaFile): Promise<string>;
  /** Every template of the channel's account, all pages read. */
  listTemplates(channel: ChannelCredentials): Promise<ProviderTemplate[]>;
  /**
   * Deletes the template by name, in every language it has; with the provider's id, only that one where the
   * provider can (Cloud API's hsm_id), else still by name.
   */
  deleteTemplate(channel: ChannelCredentials, name: string, providerTemplateId?: string): Promise<void>;
}

/**
 * What a number may send, as its provider reports it (campaigns' limit and quality cards, 01 §2.7). Limits are the
 * provider's: WhatsApp's messaging limit is shared by the business portfolio's numbers.
 */
export interface AccountStatus {
  /** The messaging limit as the provider names it: 'TIER_250', 'TIER_1K', 'TIER_10K', 'TIER_100K', 'TIER_UNLIMITED'… */
  tier: string | null;
  quality: 'HIGH' | 'MEDIUM' | 'LOW' | 'NA';
  /** The number's throughput (messages per second) when the provider says it. */
  messagesPerSecond: number | null;
}

export interface ChannelProvider {
  readonly platform: ChannelPlatform;
  /** WhatsApp template management, for the platforms whose table entry says `templates`. */
  readonly templates?: TemplateProviderPort;
  /** The provider's own size caps per media type, when stricter than ours (WhatsApp's supported media table). */
  readonly mediaMaxBytes?: Partial<Record<MediaType, number>>;
  /**
   * The provider repeats a send's `trackingId` in its status webhooks: a send interrupted before its answer is
   * recognised by them rather than sent again.
   */
  readonly tracksSends?: boolean;
  send(channel: ChannelCredentials, message: OutboundMessage): Promise<SendResult>;
  /**
   * Checks the provider's authentication of a webhook call on the raw bytes, before anything is parsed. An
   * adapter whose key is per channel (Twilio signs with each account's token) looks it up through the context.
   */
  verifyWebhook(request: WebhookRequest, context: WebhookContext): boolean | Promise<boolean>;
  /** The challenge to echo when a subscription check carries our verify token, else null (Meta's platforms). */
  answerSubscription?(check: SubscriptionCheck): string | null;
  /** Every message and status of the payload, in order; WebhookParseError when it is not the provider's format. */
  parseWebhook(request: WebhookRequest): WebhookEvent[];
  /**
   * Opens a received file for download with the channel's credentials. A retryable ProviderError when trying again
   * later may work (5xx, rate limits, network); a permanent one when the provider no longer has it.
   */
  fetchMedia(channel: ChannelCredentials, ref: MediaRef): Promise<FetchedMedia>;
  /**
   * The number's messaging limit, quality rating and throughput, read from the provider each call; absent where
   * the platform has none (Messenger, SMS). Failures are ProviderErrors, as for sends.
   */
  accountStatus?(channel: ChannelCredentials): Promise<AccountStatus>;
}

/**
 * WhatsApp Cloud API payloads as Meta documents them.
 * Send: https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/send-messages
 * Webhooks: https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages
 * Errors: https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
 */

import type { TemplateComponent as TemplateDefinitionComponent } from '@crm/shared';
import type { TemplateComponent } from '../channel-provider';

// ---- Send (POST /{phone-number-id}/messages) ----

export interface WaTextObject {
  body: string;
  preview_url?: boolean;
}

/** Media by public link; `caption` is accepted for image, video and document only, `filename` for document only. */
export interface WaMediaObject {
  link: string;
  caption?: string;
  filename?: string;
}

export interface WaLocationObject {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
}

export interface WaContactObject {
  name: { formatted_name: string; first_name?: string; last_name?: string; middle_name?: string };
  phones?: Array<{ phone?: string; wa_id?: string; type?: string }>;
  emails?: Array<{ email?: string; type?: string }>;
  org?: { company?: string; department?: string; title?: string };
}

export interface WaTemplateObject {
  name: string;
  language: { code: string; policy?: 'deterministic' };
  components?: TemplateComponent[];
}

export interface WaReactionObject {
  message_id: string;
  /** Empty string removes a reaction. */
  emoji: string;
}

/**
 * A session message with reply buttons or a list (messages/interactive-reply-buttons-messages,
 * messages/interactive-list-messages). One list section needs no title (a title is required from two sections).
 */
export type WaInteractiveObject =
  | {
      type: 'button';
      body: { text: string };
      action: { buttons: Array<{ type: 'reply'; reply: { id: string; title: string } }> };
    }
  | {
      type: 'list';
      body: { text: string };
      action: {
        button: string;
        sections: Array<{ title?: string; rows: Array<{ id: string; title: string; description?: string }> }>;
      };
    };

interface WaOutboundBase {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  context?: { message_id: string };
  /** Repeated in the message's status webhooks (our tracking id). */
  biz_opaque_callback_data?: string;
}

export type WaOutboundMessage = WaOutboundBase &
  (
    | { type: 'text'; text: WaTextObject }
    | { type: 'image'; image: WaMediaObject }
    | { type: 'video'; video: WaMediaObject }
    | { type: 'audio'; audio: WaMediaObject }
    | { type: 'document'; document: WaMediaObject }
    | { type: 'sticker'; sticker: WaMediaObject }
    | { type: 'location'; location: WaLocationObject }
    | { type: 'contacts'; contacts: WaContactObject[] }
    | { type: 'template'; template: WaTemplateObject }
    | { type: 'reaction'; reaction: WaReactionObject }
    | { type: 'interactive'; interactive: WaInteractiveObject }
  );

export interface WaSendResponse {
  messaging_product: 'whatsapp';
  contacts?: Array<{ input: string; wa_id: string }>;
  messages: Array<{ id: string; message_status?: 'accepted' | 'held_for_quality_assessment' | 'paused' }>;
}

/** Graph API error envelope, shared by every Graph product (Cloud API, Messenger). */
export interface GraphErrorResponse {
  error: GraphError;
}

export interface GraphError {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  error_data?: { messaging_product?: string; details?: string };
  fbtrace_id?: string;
}

// ---- Webhooks (field "messages") ----

export interface WaWebhookPayload {
  object: 'whatsapp_business_account';
  entry: WaWebhookEntry[];
}

export interface WaWebhookEntry {
  /** WhatsApp Business Account id. */
  id: string;
  changes: WaWebhookChange[];
}

export interface WaWebhookChange {
  field: string;
  value: WaChangeValue;
}

export interface WaChangeValue {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts?: WaWebhookContact[];
  messages?: WaInboundMessage[];
  statuses?: WaStatus[];
  errors?: WaWebhookError[];
  /** Field smb_message_echoes: what the business sent from the WhatsApp Business app (coexistence). */
  message_echoes?: WaMessageEcho[];
}

export interface WaWebhookContact {
  profile?: { name?: string; username?: string };
  wa_id?: string;
  /** Business-scoped user id (BSUID), sent since 2026 alongside or instead of wa_id. */
  user_id?: string;
}

export interface WaInboundMedia {
  id: string;
  mime_type?: string;
  sha256?: string;
  caption?: string;
  filename?: string;
  animated?: boolean;
  voice?: boolean;
}

export interface WaInboundContact {
  name: { formatted_name: string; first_name?: string; last_name?: string; middle_name?: string };
  phones?: Array<{ phone?: string; wa_id?: string; type?: string }>;
  emails?: Array<{ email?: string; type?: string }>;
  org?: { company?: string; department?: string; title?: string };
}

export interface WaInboundMessage {
  /** The user's phone number; absent for a user who hides it behind a username (then `from_user_id`). */
  from?: string;
  from_user_id?: string;
  id: string;
  /** Unix seconds, as a string (a number in some of Meta's examples). */
  timestamp: string | number;
  /** One of the documented types, or a type introduced after this code was written. */
  type: string;
  context?: {
    from?: string;
    id?: string;
    forwarded?: boolean;
    frequently_forwarded?: boolean;
    /** The customer wrote from a product's page ("Message business" on a catalog item). */
    referred_product?: { catalog_id?: string; product_retailer_id?: string };
  };
  /** Click-to-WhatsApp ads and posts: where the customer came from. */
  referral?: WaReferral;
  text?: { body: string };
  image?: WaInboundMedia;
  video?: WaInboundMedia;
  audio?: WaInboundMedia;
  document?: WaInboundMedia;
  sticker?: WaInboundMedia;
  location?: { latitude: number; longitude: number; name?: string; address?: string; url?: string };
  contacts?: WaInboundContact[];
  interactive?: {
    type: string;
    button_reply?: { id: string; title: string };
    list_reply?: { id: string; title: string; description?: string };
    /** A completed Flow: https://developers.facebook.com/docs/whatsapp/flows/reference/responsejson */
    nfm_reply?: { response_json?: string; body?: string; name?: string };
  };
  /** A cart sent from the business's catalog. */
  order?: WaOrder;
  /** Notices about the customer: user_changed_number (wa_id is the new number), customer_identity_changed. */
  system?: { body?: string; type?: string; wa_id?: string; new_wa_id?: string; customer?: string };
  identity?: { acknowledged?: boolean; created_timestamp?: string; hash?: string };
  /** The customer edited one of their messages: the message as it is now. */
  edit?: { original_message_id?: string; message?: Omit<WaInboundMessage, 'id' | 'timestamp' | 'from'> };
  /** The customer deleted one of their messages for everyone. */
  revoke?: { original_message_id?: string };
  /** Type 'unsupported' may name what WhatsApp could not forward (e.g. a poll). */
  unsupported?: { type?: string };
  /** A tap on a quick-reply button of a template. */
  button?: { payload: string; text: string };
  /** `emoji` is absent when the user removes a reaction. */
  reaction?: { message_id: string; emoji?: string };
  errors?: WaWebhookError[];
}

export interface WaReferral {
  source_url?: string;
  source_id?: string;
  /** 'ad' or 'post'. */
  source_type?: string;
  headline?: string;
  body?: string;
  media_type?: string;
  image_url?: string;
  video_url?: string;
  thumbnail_url?: string;
  ctwa_clid?: string;
  welcome_message?: { text?: string };
}

export interface WaOrder {
  catalog_id?: string;
  text?: string;
  product_items?: Array<{
    product_retailer_id?: string;
    quantity?: number | string;
    item_price?: number | string;
    currency?: string;
  }>;
}

/** A message the business sent from the WhatsApp Business app, echoed to the Cloud API webhook. */
export interface WaMessageEcho extends WaInboundMessage {
  to?: string;
  to_user_id?: string;
}

export interface WaWebhookError {
  code: number;
  title: string;
  message?: string;
  error_data?: { details?: string };
  href?: string;
}

export type WaStatusValue = 'sent' | 'delivered' | 'read' | 'failed' | 'deleted' | 'played';

export interface WaStatus {
  /** The wamid returned when we sent the message. */
  id: string;
  status: WaStatusValue | string;
  timestamp: string;
  recipient_id?: string;
  recipient_user_id?: string;
  conversation?: { id: string; expiration_timestamp?: string | number; origin?: { type: string } };
  pricing?: { billable?: boolean; pricing_model?: string; category?: string; type?: string };
  errors?: WaWebhookError[];
  biz_opaque_callback_data?: string;
}

// ---- Templates (WhatsApp Business Management API) ----
// https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/message_templates/

/** POST /{waba-id}/message_templates. */
export interface WaTemplateCreateRequest {
  name: string;
  language: string;
  category: 'UTILITY' | 'MARKETING';
  components: TemplateDefinitionComponent[];
}

/** Its answer: the new template's id, status (PENDING, or APPROVED at once for some) and category. */
export interface WaTemplateCreateResponse {
  id: string;
  status: string;
  category?: string;
}

/** One item of GET /{waba-id}/message_templates. */
export interface WaTemplate {
  id?: string;
  name?: string;
  language?: string;
  category?: string;
  status?: string;
  rejected_reason?: string;
  components?: unknown[];
}

/** Graph's cursor paging: `next` is present only while another page exists. */
export interface WaTemplateListResponse {
  data: WaTemplate[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

/**
 * Field message_template_status_update:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update/
 */
export interface WaTemplateStatusUpdate {
  event: string;
  /** A JSON number in Meta's payloads. */
  message_template_id?: number | string;
  message_template_name: string;
  message_template_language: string;
  /** Null when the template is scheduled for deletion. */
  reason?: string | null;
  message_template_category?: string;
  disable_info?: { disable_date?: string | number };
  other_info?: { title?: string; description?: string };
  rejection_info?: { reason?: string; recommendation?: string };
}

/** GET /debug_token?input_token=…: the token's app and the accounts each permission reaches. */
export interface GraphDebugToken {
  data: {
    app_id?: string;
    is_valid?: boolean;
    granular_scopes?: Array<{ scope?: string; target_ids?: string[] }>;
  };
}

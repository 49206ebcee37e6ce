/**
 * WhatsApp Cloud API payloads as Meta documents them.
 * Send: https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/send-messages
 * Webhooks: https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages
 * Errors: https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
 */

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

interface WaOutboundBase {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  context?: { message_id: string };
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
  /** Unix seconds, as a string. */
  timestamp: string;
  /** One of the documented types, or a type introduced after this code was written. */
  type: string;
  context?: { from?: string; id?: string; forwarded?: boolean; frequently_forwarded?: boolean };
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
  };
  /** A tap on a quick-reply button of a template. */
  button?: { payload: string; text: string };
  /** `emoji` is absent when the user removes a reaction. */
  reaction?: { message_id: string; emoji?: string };
  errors?: WaWebhookError[];
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

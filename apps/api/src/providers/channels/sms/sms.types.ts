/**
 * Twilio Programmable Messaging payloads (and those of Twilio-compatible APIs).
 * Send: https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource
 * Inbound webhook: https://www.twilio.com/docs/messaging/guides/webhook-request
 * Status callbacks: https://www.twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks
 * Signatures: https://www.twilio.com/docs/usage/security#validating-requests
 */

/** Form fields of POST /Accounts/{AccountSid}/Messages.json. */
export interface TwilioCreateMessageForm {
  To: string;
  From: string;
  Body?: string;
  /** Repeated once per attachment (MMS). */
  MediaUrl?: string[];
  StatusCallback?: string;
}

export type TwilioMessageStatus =
  | 'queued'
  | 'accepted'
  | 'scheduled'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'read'
  | 'canceled'
  | 'receiving'
  | 'received'
  | 'partially_delivered';

/** The Message resource returned by a successful create (HTTP 201). */
export interface TwilioMessageResource {
  sid: string;
  account_sid: string;
  from: string;
  to: string;
  body: string;
  status: TwilioMessageStatus;
  num_media: string;
  num_segments: string;
  error_code: number | null;
  error_message: string | null;
  date_created: string;
  uri: string;
}

/** Twilio's REST error body. */
export interface TwilioErrorResponse {
  code: number;
  message: string;
  more_info?: string;
  status: number;
}

/**
 * The form fields Twilio posts to our webhook, for an incoming message (Body, NumMedia, MediaUrl{N}...) or a status
 * callback (MessageStatus, ErrorCode). Every value is a string; absent fields are simply missing.
 */
export interface TwilioWebhookParams {
  MessageSid: string;
  AccountSid: string;
  From: string;
  To: string;
  Body?: string;
  NumMedia?: string;
  MessageStatus?: TwilioMessageStatus;
  SmsStatus?: TwilioMessageStatus;
  ErrorCode?: string;
  ErrorMessage?: string;
  /** MediaUrl0, MediaContentType0, MediaUrl1... */
  [media: `MediaUrl${number}` | `MediaContentType${number}`]: string | undefined;
}

/**
 * Messenger Platform payloads as Meta documents them.
 * Send API: https://developers.facebook.com/docs/messenger-platform/reference/send-api
 * Webhook events: https://developers.facebook.com/documentation/business-messaging/messenger-platform/webhooks/webhook-events
 */

export type { GraphError, GraphErrorResponse } from '../whatsapp-cloud/whatsapp-cloud.types';

// ---- Send API (POST /{page-id}/messages) ----

export type MessengerAttachmentType = 'image' | 'video' | 'audio' | 'file';

export interface MessengerSendRequest {
  recipient: { id: string };
  /** RESPONSE: a reply inside the standard messaging window (02 §4: 7 days for Facebook). */
  messaging_type: 'RESPONSE' | 'UPDATE' | 'MESSAGE_TAG';
  message:
    | { text: string }
    /** Up to 13 text buttons over the composer; a tap posts the title and sends us the payload. */
    | { text: string; quick_replies: MessengerQuickReply[] }
    | { attachment: { type: MessengerAttachmentType; payload: { url: string; is_reusable: boolean } } };
  reply_to?: { mid: string };
}

/** send-messages/quick-replies: a text quick reply's title is cut at 20 characters, its payload up to 1000. */
export interface MessengerQuickReply {
  content_type: 'text';
  title: string;
  payload: string;
}

export interface MessengerSendResponse {
  recipient_id: string;
  message_id: string;
}

// ---- Webhooks (object "page") ----

export interface MessengerWebhookPayload {
  object: 'page';
  entry: MessengerEntry[];
}

export interface MessengerEntry {
  /** The Page id (absent from some hand-made payloads: then the recipient names the Page). */
  id?: string;
  /** Milliseconds. */
  time?: number;
  messaging?: MessengerMessagingEvent[];
}

export interface MessengerMessagingEvent {
  /** The person's page-scoped id (PSID), or the Page for echoes. */
  sender: { id: string };
  recipient: { id: string };
  /** Milliseconds. */
  timestamp?: number;
  message?: MessengerInboundMessage;
  delivery?: { mids?: string[]; watermark: number };
  read?: { watermark: number };
  reaction?: { reaction?: string; emoji?: string; action: 'react' | 'unreact'; mid: string };
  /** `title` is absent from some postbacks (Get Started set up without one, older Pages). */
  postback?: { mid?: string; title?: string; payload?: string; referral?: MessengerReferral };
  /** messaging_referrals: a person already in the thread came again from an ad or an m.me link. */
  referral?: MessengerReferral;
}

/** https://developers.facebook.com/documentation/business-messaging/messenger-platform/webhooks/webhook-events/messaging_referrals */
export interface MessengerReferral {
  ref?: string;
  /** ADS, SHORTLINK, CUSTOMER_CHAT_PLUGIN... */
  source?: string;
  type?: string;
  ad_id?: string;
  referer_uri?: string;
  ads_context_data?: { ad_title?: string; photo_url?: string; video_url?: string; post_id?: string };
}

export interface MessengerInboundMessage {
  mid: string;
  text?: string;
  /** Our own sends, echoed back when the Page subscribes to message_echoes. */
  is_echo?: boolean;
  app_id?: number;
  quick_reply?: { payload: string };
  reply_to?: { mid: string; is_self_reply?: boolean };
  attachments?: MessengerInboundAttachment[];
  /** A message sent from a click-to-Messenger ad. */
  referral?: MessengerReferral;
  /** The thumbs-up ("like") sticker. */
  sticker_id?: number;
}

export interface MessengerInboundAttachment {
  /** image, video, audio, file, sticker, location, fallback, template, reel, ig_reel, post... */
  type: string;
  title?: string;
  url?: string;
  /** Older fallback attachments spell it in capitals. */
  URL?: string;
  payload?: {
    url?: string;
    title?: string;
    sticker_id?: number;
    coordinates?: { lat: number; long: number };
  } | null;
}

// ---- Page management (Graph API) ----

/**
 * GET /oauth/access_token?grant_type=fb_exchange_token: a long-lived user token (about 60 days).
 * https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
 */
export interface GraphLongLivedTokenResponse {
  access_token: string;
  token_type?: string;
  /** Seconds; absent for tokens that do not expire. */
  expires_in?: number;
}

/**
 * GET /me/accounts: the Pages the user manages, each with its Page token (which does not expire when it comes
 * from a long-lived user token). https://developers.facebook.com/docs/pages-api/getting-started
 */
export interface GraphPageAccountsResponse {
  data: GraphPageAccount[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
}

export interface GraphPageAccount {
  id: string;
  name: string;
  access_token: string;
  category?: string;
  tasks?: string[];
  /** With fields=picture{url}. */
  picture?: { data?: { url?: string; is_silhouette?: boolean } };
}

/** POST /{page-id}/subscribed_apps. https://developers.facebook.com/docs/messenger-platform/webhooks#connect-your-app */
export interface GraphSuccessResponse {
  success: boolean;
}

/** GET /debug_token. https://developers.facebook.com/docs/graph-api/reference/debug_token */
export interface GraphDebugTokenResponse {
  data: {
    app_id?: string;
    type?: string;
    is_valid: boolean;
    /** Unix seconds; 0 for a token that never expires. */
    expires_at?: number;
    /** Unix seconds: when the app loses access to the user's data (90 days after the last use). */
    data_access_expires_at?: number;
    scopes?: string[];
  };
}

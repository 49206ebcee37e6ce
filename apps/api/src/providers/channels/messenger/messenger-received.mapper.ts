import type { InboundContent, InboundReferral } from '../channel-provider';
import { isRecord } from '../http-client';
import type {
  MessengerInboundAttachment,
  MessengerInboundMessage,
  MessengerMessagingEvent,
  MessengerReferral,
} from './messenger.types';

/**
 * The parts of Messenger events beyond text and files: shared links and reels, ad and m.me referrals, and the
 * events this code does not read (kept whole as unsupported). Every field is checked: a part missing must not
 * lose the event.
 */

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

// Attachments that are a link to something on Facebook or Instagram, or a shared URL (fallback):
// https://developers.facebook.com/documentation/business-messaging/messenger-platform/webhooks/webhook-events/messages
const LINK_ATTACHMENTS = new Set(['reel', 'ig_reel', 'post', 'ig_post', 'fallback']);

export function isLinkAttachment(type: string): boolean {
  return LINK_ATTACHMENTS.has(type);
}

/**
 * A reel, a post or a shared URL as a link. Older fallbacks put url and title beside the payload (null), some
 * spelling it URL; a fallback without any URL is an unsupported share, kept whole.
 */
export function linkContent(
  attachment: MessengerInboundAttachment,
  message: MessengerInboundMessage,
): InboundContent {
  const payload = isRecord(attachment.payload) ? attachment.payload : null;
  const url = text(payload?.url) ?? text(attachment.url) ?? text(attachment.URL);
  if (!url) {
    const words = text(message.text);
    return words
      ? { type: 'text', text: words }
      : { type: 'unsupported', rawType: attachment.type, raw: attachment };
  }
  return defined({
    type: 'link' as const,
    url,
    title: text(payload?.title) ?? text(attachment.title),
    source: attachment.type,
    text: text(message.text),
  });
}

/** ADS → 'ad', SHORTLINK → 'shortlink'; an ad's title and picture come in ads_context_data. */
export function toMessengerReferral(referral: MessengerReferral | undefined): InboundReferral | undefined {
  if (!isRecord(referral)) return undefined;
  const source = (text(referral.source) ?? '').toLowerCase();
  const context = isRecord(referral.ads_context_data) ? referral.ads_context_data : undefined;
  return defined({
    source: source === 'ads' || text(referral.ad_id) ? 'ad' : source || 'link',
    sourceUrl: text(referral.referer_uri),
    sourceId: text(referral.ad_id) ?? text(context?.post_id),
    headline: text(context?.ad_title),
    imageUrl: text(context?.photo_url),
    videoUrl: text(context?.video_url),
    ref: text(referral.ref),
  });
}

// Events about the conversation's plumbing (messaging_handovers, messaging_policy_enforcement), not from the
// person: nothing for the inbox.
const PLUMBING_EVENTS = new Set([
  'pass_thread_control',
  'take_thread_control',
  'request_thread_control',
  'app_roles',
  'policy_enforcement',
]);

const ENVELOPE_KEYS = new Set(['sender', 'recipient', 'timestamp', 'messaging_type']);

/** The name of an event this code does not read (optin, account_linking, ...); null for the plumbing ones. */
export function unknownEventType(item: MessengerMessagingEvent): string | null {
  const type = Object.keys(item).find((key) => !ENVELOPE_KEYS.has(key)) ?? 'unknown';
  return PLUMBING_EVENTS.has(type) ? null : type;
}

import { type InteractiveMessage, interactiveText, truncateText } from '@crm/shared';
import {
  type InboundContent,
  type InboundMessageEvent,
  type InboundReferral,
  type InboundWatermarkEvent,
  type OutboundMessage,
  ProviderError,
  type WebhookEvent,
  WebhookParseError,
} from '../channel-provider';
import { isRecord } from '../http-client';
import { withoutUndefined } from '../whatsapp-cloud/whatsapp-cloud.mapper';
import type {
  MessengerAttachmentType,
  MessengerEntry,
  MessengerInboundAttachment,
  MessengerInboundMessage,
  MessengerMessagingEvent,
  MessengerSendRequest,
  MessengerSendResponse,
  MessengerWebhookPayload,
} from './messenger.types';
import {
  isLinkAttachment,
  linkContent,
  toMessengerReferral,
  unknownEventType,
} from './messenger-received.mapper';

// ---- Outbound ----

const ATTACHMENT_TYPE: Record<'image' | 'video' | 'audio' | 'document' | 'sticker', MessengerAttachmentType> =
  {
    image: 'image',
    // A sticker we send is just an image to Messenger.
    sticker: 'image',
    video: 'video',
    audio: 'audio',
    document: 'file',
  };

/**
 * Our message as a Send API body. Messenger has no location, contact-card or WhatsApp-template message, and its
 * attachments carry no caption: a caption must be sent by the caller as a text message of its own.
 */
export function toMessengerRequest(message: OutboundMessage): MessengerSendRequest {
  const { content } = message;
  let body: MessengerSendRequest['message'];
  switch (content.type) {
    case 'text':
      body = { text: content.text };
      break;
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      // is_reusable lets Meta cache the file and skip downloading it again for the next recipient.
      body = {
        attachment: { type: ATTACHMENT_TYPE[content.type], payload: { url: content.url, is_reusable: true } },
      };
      break;
    case 'interactive':
      body = toQuickReplies(content.interactive);
      break;
    default:
      throw new ProviderError('UNSUPPORTED_CONTENT', false, `Messenger cannot send ${content.type} messages`);
  }
  const request: MessengerSendRequest = {
    recipient: { id: message.to },
    messaging_type: 'RESPONSE',
    message: body,
  };
  if (message.replyToProviderMessageId) request.reply_to = { mid: message.replyToProviderMessageId };
  return request;
}

/** Messenger's limits (send-messages/quick-replies, send-api reference): text under 2000 characters. */
const MESSENGER_TEXT_MAX = 2000;
const QUICK_REPLIES_MAX = 13;
const QUICK_REPLY_TITLE_MAX = 20;

/**
 * A bot's menu as text with quick replies: the numbered text stays in the thread (quick replies vanish once one is
 * tapped, and a typed number works too), each option a quick reply whose payload is the option's id.
 */
function toQuickReplies(message: InteractiveMessage): MessengerSendRequest['message'] {
  const options = message.kind === 'buttons' ? message.buttons : message.rows;
  return {
    text: truncateText(interactiveText(message), MESSENGER_TEXT_MAX),
    quick_replies: options.slice(0, QUICK_REPLIES_MAX).map((option, index) => ({
      content_type: 'text' as const,
      title: truncateText(option.title, QUICK_REPLY_TITLE_MAX) || String(index + 1),
      payload: option.id,
    })),
  };
}

export function readMessengerSendResponse(json: unknown): string {
  const id = isRecord(json) ? (json as Partial<MessengerSendResponse>).message_id : undefined;
  if (typeof id !== 'string' || id === '') {
    throw new ProviderError(
      'SEND_MESSAGE_ERROR',
      false,
      'The provider accepted the request but returned no message_id',
    );
  }
  return id;
}

// ---- Inbound ----

export interface MessengerWebhookOptions {
  /** Our Messenger app's id: echoes of what it sent are ours already and are skipped. */
  appId?: string;
  /** When the webhook arrived: the time of events that carry none. */
  now?: Date;
}

/** Every message, reaction and receipt of a `page` notification, in order, across every entry. */
export function parseMessengerWebhook(
  rawBody: Buffer,
  options: MessengerWebhookOptions = {},
): WebhookEvent[] {
  const payload = parsePayload(rawBody);
  const events: WebhookEvent[] = [];
  for (const entry of payload.entry) {
    if (!isRecord(entry) || (entry.id !== undefined && typeof entry.id !== 'string')) {
      throw new WebhookParseError('Messenger entry without a page id');
    }
    // Entries of other subscriptions (feed changes, standby of the handover protocol) carry no `messaging`.
    const messaging = (entry as MessengerEntry).messaging ?? [];
    if (!Array.isArray(messaging)) throw new WebhookParseError('Messenger entry with a non-array messaging');
    for (const item of messaging) {
      events.push(...messagingEvents(entry as MessengerEntry, item, options));
    }
  }
  return events;
}

function parsePayload(rawBody: Buffer): MessengerWebhookPayload {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookParseError('Messenger webhook body is not JSON');
  }
  if (!isRecord(json) || json.object !== 'page' || !Array.isArray(json.entry)) {
    throw new WebhookParseError('Not a Messenger page notification');
  }
  return json as unknown as MessengerWebhookPayload;
}

function messagingEvents(
  entry: MessengerEntry,
  item: MessengerMessagingEvent,
  options: MessengerWebhookOptions,
): WebhookEvent[] {
  if (!isRecord(item) || !isRecord(item.sender) || typeof item.sender.id !== 'string') {
    throw new WebhookParseError('Messenger event without a sender');
  }
  const recipient =
    isRecord(item.recipient) && typeof item.recipient.id === 'string' ? item.recipient.id : '';
  const echo = item.message?.is_echo === true;
  // The Page sends echoes; some receipts name the Page as sender too. Hand-made payloads leave entry.id out.
  const channelProviderId = entry.id ?? (echo ? item.sender.id : recipient);
  const counterpart = item.sender.id === channelProviderId ? recipient : item.sender.id;
  const when = () => toDate(item.timestamp ?? entry.time ?? options.now?.getTime());

  if (item.message) {
    // Echoes of what our own app sent are stored already; others were written in the Page inbox or another app:
    // the Page's messages to the person, never the person's.
    if (echo && options.appId && String(item.message.app_id ?? '') === options.appId) return [];
    const referral = toMessengerReferral(item.message.referral ?? item.referral);
    return messageEvents(item.message, channelProviderId, counterpart, when()).map((event) => ({
      ...event,
      ...(echo ? { echo: true } : {}),
      ...(referral ? { referral } : {}),
    }));
  }
  if (item.delivery) {
    return [
      watermark(channelProviderId, counterpart, 'delivered', item.delivery.watermark, item.delivery.mids),
    ];
  }
  if (item.read) return [watermark(channelProviderId, counterpart, 'viewed', item.read.watermark)];
  if (item.reaction) {
    const { reaction } = item;
    const timestamp = toDate(item.timestamp ?? entry.time);
    return [
      {
        kind: 'message',
        channelProviderId,
        // A reaction has no mid of its own: this id is stable across redeliveries of the same event, for dedupe. A
        // removal stamped with the same instant as the reaction is another event, so it has its own prefix.
        providerMessageId: `${reaction.action === 'unreact' ? 'unreaction' : 'reaction'}:${reaction.mid}:${counterpart}:${timestamp.getTime()}`,
        from: counterpart,
        timestamp,
        content: {
          type: 'reaction',
          providerMessageId: reaction.mid,
          emoji: reaction.action === 'unreact' ? '' : (reaction.emoji ?? ''),
        },
      },
    ];
  }
  if (item.postback) {
    // A tap on a button of a template we sent: https://developers.facebook.com/docs/messenger-platform/reference/webhook-events/messaging_postbacks
    // The Get Started button may have no title: its payload is then all there is to show.
    const timestamp = when();
    const payload = typeof item.postback.payload === 'string' ? item.postback.payload : '';
    const referral = toMessengerReferral(item.postback.referral);
    return [
      withReferral(
        {
          kind: 'message',
          channelProviderId,
          providerMessageId: item.postback.mid ?? `postback:${counterpart}:${timestamp.getTime()}`,
          from: counterpart,
          timestamp,
          content: { type: 'button', payload, text: item.postback.title || payload },
        },
        referral,
      ),
    ];
  }
  const timestamp = when();
  if (item.referral) {
    // A person already in the thread came back from an ad or an m.me link: a notice, and the conversation's
    // referral when it has none yet.
    return [
      withReferral(
        {
          kind: 'message',
          channelProviderId,
          providerMessageId: `referral:${counterpart}:${timestamp.getTime()}`,
          from: counterpart,
          timestamp,
          content: { type: 'system', notice: { event: 'referral', rawType: 'messaging_referrals' } },
        },
        toMessengerReferral(item.referral),
      ),
    ];
  }
  // optins, account linking, game plays... and events newer than this code: kept whole for later.
  const rawType = unknownEventType(item);
  if (!rawType) return [];
  return [
    {
      kind: 'message',
      channelProviderId,
      providerMessageId: `${rawType}:${counterpart}:${timestamp.getTime()}`,
      from: counterpart,
      timestamp,
      content: { type: 'unsupported', rawType, raw: item },
    },
  ];
}

function withReferral(
  event: InboundMessageEvent,
  referral: InboundReferral | undefined,
): InboundMessageEvent {
  return referral ? { ...event, referral } : event;
}

function messageEvents(
  message: MessengerInboundMessage,
  channelProviderId: string,
  from: string,
  timestamp: Date,
): InboundMessageEvent[] {
  if (typeof message.mid !== 'string') throw new WebhookParseError('Messenger message without a mid');
  const base = withoutUndefined({
    kind: 'message' as const,
    channelProviderId,
    from,
    timestamp,
    quotedProviderMessageId: message.reply_to?.mid,
  });
  const contents = attachmentContents(message);
  if (contents.length === 0) contents.push(textContent(message));
  // Several attachments (an album) share one mid; the contract has one content per event, so each extra attachment
  // gets a derived id: the unique index on provider ids must not drop them as duplicates.
  return contents.map((content, index) => ({
    ...base,
    providerMessageId: index === 0 ? message.mid : `${message.mid}#${index}`,
    content,
  }));
}

function textContent(message: MessengerInboundMessage): InboundContent {
  // A quick-reply tap is the option's title plus the payload we attached to it (a menu option's id): the same
  // content as a WhatsApp button or list reply, so the bot reads both alike.
  if (message.quick_reply)
    return { type: 'interactive', replyId: message.quick_reply.payload, title: message.text ?? '' };
  return { type: 'text', text: message.text ?? '' };
}

function attachmentContents(message: MessengerInboundMessage): InboundContent[] {
  const attachments = message.attachments ?? [];
  // Until Aug 2026 a sticker arrives twice, as a `sticker` and as an `image` with sticker_id: keep the sticker.
  const hasSticker = attachments.some((attachment) => attachment.type === 'sticker');
  return attachments
    .filter((attachment) => !(hasSticker && attachment.type === 'image' && attachment.payload?.sticker_id))
    .map((attachment) => attachmentContent(attachment, message));
}

function attachmentContent(
  attachment: MessengerInboundAttachment,
  message: MessengerInboundMessage,
): InboundContent {
  const url = attachment.payload?.url;
  switch (attachment.type) {
    case 'image':
      // Before the sticker type existed, stickers were images with a sticker_id.
      return media(attachment.payload?.sticker_id ? 'sticker' : 'image', url, message.text);
    case 'video':
    case 'audio':
    case 'sticker':
      return media(attachment.type, url, message.text);
    case 'file':
      return media('document', url, message.text);
    case 'location': {
      const coordinates = attachment.payload?.coordinates;
      if (!coordinates) return { type: 'unsupported', rawType: 'location', raw: attachment };
      return withoutUndefined({
        type: 'location' as const,
        latitude: coordinates.lat,
        longitude: coordinates.long,
        name: attachment.title,
        url: attachment.url,
      });
    }
    default:
      // Shared links, reels and posts; anything else (templates, products, types newer than this code) is kept whole.
      if (isLinkAttachment(attachment.type)) return linkContent(attachment, message);
      return { type: 'unsupported', rawType: attachment.type, raw: attachment };
  }
}

function media(
  type: 'image' | 'video' | 'audio' | 'document' | 'sticker',
  url: string | undefined,
  caption?: string,
) {
  return withoutUndefined({ type, url, caption });
}

function watermark(
  channelProviderId: string,
  counterpart: string,
  status: 'delivered' | 'viewed',
  value: number,
  mids?: string[],
): InboundWatermarkEvent {
  const event: InboundWatermarkEvent = {
    kind: 'watermark',
    channelProviderId,
    counterpart,
    status,
    watermark: toDate(value),
  };
  if (mids && mids.length > 0) event.providerMessageIds = mids;
  return event;
}

/** Messenger timestamps and watermarks are Unix milliseconds. */
function toDate(value: number | undefined): Date {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new WebhookParseError(`Invalid Messenger timestamp: ${String(value)}`);
  }
  return new Date(value);
}

import {
  type FlowReplyView,
  flowFieldLabel,
  type LinkView,
  type OrderView,
  orderTotal,
  type ReferralView,
  type SystemNoticeView,
  systemNoticeText,
} from '@crm/shared';
import type { Logger } from '@nestjs/common';
import type {
  InboundContent,
  InboundMessageEvent,
  InboundReferral,
} from '../../providers/channels/channel-provider';
import { initialMediaStatus } from './inbound-media.service';

/** A message's columns as inbound.service stores them: its type, its text (search, quotes, previews) and parts. */
export interface StoredContent {
  type: string;
  text: string;
  payload: Record<string, unknown> | null;
}

/** A received content as it is stored: its type, its text and its structured parts. */
export function contentOf(content: InboundContent, from = ''): StoredContent {
  switch (content.type) {
    case 'text':
      return { type: 'text', text: content.text, payload: null };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      return {
        type: content.type,
        text: content.caption ?? '',
        payload: {
          file: {
            name: content.filename ?? null,
            fileType: content.type,
            url: content.url ?? null,
            mimeType: content.mimeType ?? null,
            providerMediaId: content.providerMediaId ?? null,
            weight: null,
            // Downloaded into our storage by InboundMediaService: provider URLs expire.
            status: initialMediaStatus(content),
          },
        },
      };
    case 'location':
      return {
        type: 'location',
        text: content.name ?? content.address ?? '',
        payload: {
          location: {
            latitude: content.latitude,
            longitude: content.longitude,
            name: content.name ?? null,
            address: content.address ?? null,
            url: content.url ?? `https://maps.google.com/?q=${content.latitude},${content.longitude}`,
          },
        },
      };
    case 'contacts':
      return {
        type: 'contacts',
        text: content.contacts[0]?.name.formatted_name ?? '',
        payload: { contacts: content.contacts },
      };
    case 'interactive':
      return { type: 'interactive', text: content.title, payload: { interactive: content } };
    case 'button':
      return { type: 'button', text: content.text, payload: { button: content } };
    case 'reaction':
      return { type: 'reaction', text: content.emoji, payload: { reaction: content } };
    default:
      // Orders, Flow replies, links, system notices and what this code cannot read.
      return receivedContentOf(content, from);
  }
}

type ReceivedContent = Extract<
  InboundContent,
  { type: 'order' | 'flow_reply' | 'link' | 'system' | 'unsupported' }
>;

/**
 * The kinds contentOf hands over: orders, Flow replies, links, system notices and what this code
 * cannot read. Payload shapes are the views of packages/shared rules/received-content, which the web client reads.
 */
export function receivedContentOf(content: ReceivedContent, from: string): StoredContent {
  switch (content.type) {
    case 'order': {
      const items = content.items.map((item) => ({
        productId: item.productId,
        name: item.name ?? null,
        quantity: item.quantity,
        itemPrice: item.itemPrice ?? null,
        currency: item.currency ?? null,
      }));
      const total = orderTotal(items);
      const order: OrderView = {
        catalogId: content.catalogId ?? null,
        note: content.text ?? null,
        items,
        total: total?.total ?? null,
        currency: total?.currency ?? items.find((item) => item.currency)?.currency ?? null,
      };
      return { type: 'order', text: content.text ?? '', payload: { order } };
    }
    case 'flow_reply': {
      const flowReply: FlowReplyView = {
        name: content.name ?? null,
        body: content.body ?? null,
        fields: content.fields,
      };
      // The answers as text too: what a search, a quote or a forward of the message finds.
      const text = content.fields.map((field) => `${flowFieldLabel(field.key)}: ${field.value}`).join('\n');
      return { type: 'flow_reply', text, payload: { flowReply } };
    }
    case 'link': {
      const link: LinkView = { url: content.url, title: content.title ?? null, source: content.source };
      return { type: 'link', text: content.text ?? content.title ?? content.url, payload: { link } };
    }
    case 'system': {
      const { notice } = content;
      const system: SystemNoticeView = {
        event: notice.event,
        oldNumber: notice.event === 'number_changed' ? from : null,
        newNumber: notice.newSenderId ?? null,
        body: notice.body ?? null,
        rawType: notice.rawType,
      };
      return { type: 'system', text: systemNoticeText(system), payload: { system } };
    }
    default:
      // Kept whole for the day this code learns to read it.
      return {
        type: 'unsupported',
        text: '',
        payload: { unsupported: content.rawType, raw: content.raw ?? null },
      };
  }
}

export function referralView(referral: InboundReferral): ReferralView {
  return {
    source: referral.source,
    sourceUrl: referral.sourceUrl ?? null,
    sourceId: referral.sourceId ?? null,
    headline: referral.headline ?? null,
    body: referral.body ?? null,
    mediaType: referral.mediaType ?? null,
    imageUrl: referral.imageUrl ?? null,
    videoUrl: referral.videoUrl ?? null,
    thumbnailUrl: referral.thumbnailUrl ?? null,
    ctwaClid: referral.ctwaClid ?? null,
    ref: referral.ref ?? null,
  };
}

/** What a message carries besides its content: the ad it came from, forwarding marks, the product asked about. */
export function withEventParts(
  payload: Record<string, unknown> | null,
  event: Pick<InboundMessageEvent, 'referral' | 'forwarded' | 'referredProduct'>,
): Record<string, unknown> | null {
  const parts: Record<string, unknown> = {};
  if (event.referral) parts.referral = referralView(event.referral);
  if (event.forwarded) parts.forwarded = event.forwarded;
  if (event.referredProduct) {
    parts.referredProduct = {
      catalogId: event.referredProduct.catalogId ?? null,
      productId: event.referredProduct.productId,
    };
  }
  return Object.keys(parts).length === 0 ? payload : { ...(payload ?? {}), ...parts };
}

const reportedKinds = new Set<string>();

/**
 * Logs a kind of message this code cannot read once per platform and kind for the life of the process: it is
 * stored either way, and a customer sending polls all day must not flood the log.
 */
export function reportUnsupportedOnce(logger: Logger, platform: string, rawType: string): void {
  const key = `${platform}:${rawType}`;
  if (reportedKinds.has(key)) return;
  reportedKinds.add(key);
  logger.warn(
    `${platform} sent a message of kind '${rawType}' this version cannot read; stored as unsupported`,
  );
}

/** PostgreSQL's data exceptions (class 22: too long, malformed) and check violations: no retry will store them. */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code === '23514');
}

import type { InboundContent, InboundOrderItem, InboundReferral, SystemNotice } from '../channel-provider';
import { isRecord } from '../http-client';
import type { WaInboundMessage, WaOrder, WaReferral } from './whatsapp-cloud.types';

/**
 * The parts of Cloud API messages beyond text and files: orders, Flow replies, system notices, ad referrals and
 * forwarding marks (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages).
 * Every field is checked: these come from a webhook, and a part missing must not lose the message.
 */

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A cart from the catalog: what, how many, at what price. Items carry no name, only the retailer's id. */
export function toOrder(order: WaOrder | undefined): InboundContent | null {
  if (!isRecord(order) || !Array.isArray(order.product_items)) return null;
  const items: InboundOrderItem[] = order.product_items.filter(isRecord).map((item) =>
    defined({
      productId: text(item.product_retailer_id) ?? '',
      quantity: numberOf(item.quantity) ?? 1,
      itemPrice: numberOf(item.item_price),
      currency: text(item.currency),
    }),
  );
  return defined({
    type: 'order' as const,
    catalogId: text(order.catalog_id),
    text: text(order.text),
    items,
  });
}

/**
 * A Flow's answers (response_json, a JSON string), without the flow_token that only identifies the Flow session:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/flows/guides/receiveflowresponse
 */
export function toFlowReply(
  reply: NonNullable<WaInboundMessage['interactive']>['nfm_reply'],
): InboundContent {
  const fields: Array<{ key: string; value: string }> = [];
  const raw = reply?.response_json;
  let answers: unknown = raw;
  if (typeof raw === 'string') {
    try {
      answers = JSON.parse(raw);
    } catch {
      // Not JSON after all: the text is still what the customer answered.
      answers = { response_json: raw };
    }
  }
  if (isRecord(answers)) {
    for (const [key, value] of Object.entries(answers)) {
      if (key === 'flow_token') continue;
      fields.push({ key, value: answerText(value) });
    }
  }
  return defined({ type: 'flow_reply' as const, name: text(reply?.name), body: text(reply?.body), fields });
}

function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  return JSON.stringify(value);
}

/** user_changed_number names the new number in wa_id (new_wa_id in older payloads). */
export function toSystemNotice(system: WaInboundMessage['system']): InboundContent {
  const rawType = text(system?.type) ?? 'system';
  const body = text(system?.body);
  let notice: SystemNotice;
  if (rawType === 'user_changed_number' || rawType === 'customer_changed_number') {
    notice = defined({
      event: 'number_changed' as const,
      rawType,
      newSenderId: text(system?.wa_id) ?? text(system?.new_wa_id),
      body,
    });
  } else if (rawType === 'customer_identity_changed' || rawType === 'user_identity_changed') {
    notice = defined({ event: 'identity_changed' as const, rawType, body });
  } else {
    notice = defined({ event: 'other' as const, rawType, body });
  }
  return { type: 'system', notice };
}

/** Cloud API referrals come from click-to-WhatsApp ads or posts: source_type 'ad' or 'post'. */
export function toReferral(referral: WaReferral | undefined): InboundReferral | undefined {
  if (!isRecord(referral)) return undefined;
  const type = (text(referral.source_type) ?? '').toLowerCase();
  return defined({
    source: type === 'post' ? 'post' : 'ad',
    sourceUrl: text(referral.source_url),
    sourceId: text(referral.source_id),
    headline: text(referral.headline),
    body: text(referral.body),
    mediaType: text(referral.media_type),
    imageUrl: text(referral.image_url),
    videoUrl: text(referral.video_url),
    thumbnailUrl: text(referral.thumbnail_url),
    ctwaClid: text(referral.ctwa_clid),
  });
}

export function forwardedOf(context: WaInboundMessage['context']): 'once' | 'many' | undefined {
  if (!isRecord(context)) return undefined;
  if (context.frequently_forwarded === true) return 'many';
  return context.forwarded === true ? 'once' : undefined;
}

export function referredProductOf(
  context: WaInboundMessage['context'],
): { catalogId?: string; productId: string } | undefined {
  const product = isRecord(context) ? context.referred_product : undefined;
  const productId = isRecord(product) ? text(product.product_retailer_id) : undefined;
  if (!product || !productId) return undefined;
  return defined({ catalogId: text(product.catalog_id), productId });
}

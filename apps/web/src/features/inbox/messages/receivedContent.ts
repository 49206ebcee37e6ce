import {
  flowFieldLabel,
  formatMoney,
  type MessageView,
  orderTotal,
  referralLabel,
  type SystemNoticeEvent,
  systemNoticeText,
} from '@crm/shared';
import { safeHttpUrl } from './messageDisplay';

/**
 * Pure readers of what customers send beyond text and files (orders, Flow replies, links, ad referrals, system
 * notices, edits and deletions), as the API stores them (rules/received-content of packages/shared). Every field is
 * checked: the payload is JSON from a provider.
 */

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function part(message: Pick<MessageView, 'payload'>, key: string): Json | null {
  const value = message.payload?.[key];
  return isRecord(value) ? value : null;
}

export interface OrderItemDisplay {
  /** The product's name when the catalog gave one, else its id. */
  product: string;
  quantity: number;
  /** Unit price, es-MX with its currency; null when the item has none. */
  price: string | null;
}

export interface OrderDisplay {
  items: OrderItemDisplay[];
  /** es-MX with the currency; null when the items cannot be added up. */
  total: string | null;
  note: string | null;
}

export function orderOf(message: Pick<MessageView, 'payload'>): OrderDisplay | null {
  const order = part(message, 'order');
  if (!order || !Array.isArray(order.items)) return null;
  const items = order.items.filter(isRecord).map((item) => ({
    productId: text(item.productId) ?? '',
    name: text(item.name),
    quantity: finite(item.quantity) ?? 1,
    itemPrice: finite(item.itemPrice),
    currency: text(item.currency),
  }));
  // The same rule as the API's, so a total is shown even for an order stored before it was kept.
  const sum = orderTotal(items);
  return {
    items: items.map((item) => ({
      product: item.name ?? item.productId,
      quantity: item.quantity,
      price: item.itemPrice === null ? null : formatMoney(item.itemPrice, item.currency),
    })),
    total: sum ? formatMoney(sum.total, sum.currency) : null,
    note: text(order.note),
  };
}

export interface FlowReplyDisplay {
  fields: Array<{ label: string; value: string }>;
}

export function flowReplyOf(message: Pick<MessageView, 'payload'>): FlowReplyDisplay | null {
  const reply = part(message, 'flowReply');
  if (!reply || !Array.isArray(reply.fields)) return null;
  return {
    fields: reply.fields
      .filter(isRecord)
      .map((field) => ({ label: flowFieldLabel(text(field.key) ?? ''), value: text(field.value) ?? '' })),
  };
}

export interface LinkDisplay {
  /** Null when the URL is not a web link (it is then shown as text, never as a link). */
  url: string | null;
  /** The page's title, 'Ver reel' for a reel without one, else the URL itself. */
  label: string;
  /** The address as sent, shown under a title. */
  address: string;
}

export function linkOf(message: Pick<MessageView, 'payload'>): LinkDisplay | null {
  const link = part(message, 'link');
  const raw = text(link?.url);
  if (!link || !raw) return null;
  const source = text(link.source);
  const reel = source === 'reel' || source === 'ig_reel';
  return { url: safeHttpUrl(raw), label: text(link.title) ?? (reel ? 'Ver reel' : raw), address: raw };
}

export interface ReferralDisplay {
  /** 'Desde anuncio: {headline}' and the like. */
  label: string;
  url: string | null;
}

/** The ad, post or link a message came from. */
export function referralOf(message: Pick<MessageView, 'payload'>): ReferralDisplay | null {
  const referral = part(message, 'referral');
  if (!referral) return null;
  return {
    label: referralLabel({
      source: text(referral.source) ?? 'ad',
      headline: text(referral.headline),
      ref: text(referral.ref),
    }),
    url: safeHttpUrl(text(referral.sourceUrl)),
  };
}

export const isSystemMessage = (message: Pick<MessageView, 'sender' | 'type'>): boolean =>
  message.sender === 'SYSTEM' || message.type === 'system';

/** The centred line of a system notice: the stored Spanish text, or one made from its parts. */
export function systemNoticeOf(message: Pick<MessageView, 'payload' | 'content'>): string {
  const stored = text(message.content);
  if (stored) return stored;
  const system = part(message, 'system');
  const event = text(system?.event) ?? 'other';
  return systemNoticeText({
    event: event as SystemNoticeEvent,
    oldNumber: text(system?.oldNumber),
    newNumber: text(system?.newNumber),
  });
}

export const isEdited = (message: Pick<MessageView, 'editedAt'>): boolean => Boolean(message.editedAt);

/** The customer deleted it for everyone (WhatsApp revoke), rather than the team deleting it here. */
export const deletedByCustomer = (message: Pick<MessageView, 'payload'>): boolean =>
  message.payload?.deletedBy === 'CLIENT';

export function forwardedLabel(message: Pick<MessageView, 'payload'>): string | null {
  const forwarded = message.payload?.forwarded;
  if (forwarded === 'many') return 'Reenviado muchas veces';
  return forwarded === 'once' ? 'Reenviado' : null;
}

/** Written by the business outside the CRM (WhatsApp Business app, the Page inbox) and echoed to us. */
export const isEcho = (message: Pick<MessageView, 'payload'>): boolean => message.payload?.echo === true;

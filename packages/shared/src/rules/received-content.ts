import { displayPhone } from './phone';

/**
 * What customers send beyond text and files, as the API keeps it in a message's payload (inbound contentOf) and the
 * web client shows it: orders, WhatsApp Flow replies, links, ad referrals and system notices. One place for the
 * shapes and the computations both sides need (the order total, the notice texts).
 */

export interface OrderItemView {
  /** The catalog's product id (WhatsApp product_retailer_id). */
  productId: string;
  name: string | null;
  quantity: number;
  /** Unit price in `currency`. */
  itemPrice: number | null;
  currency: string | null;
}

/** payload.order of a message of type 'order'. */
export interface OrderView {
  catalogId: string | null;
  /** The customer's note with the order. */
  note: string | null;
  items: OrderItemView[];
  /** orderTotal of the items; null when it cannot be computed. */
  total: number | null;
  currency: string | null;
}

/**
 * Σ quantity × price, counted in cents so that 0.1 + 0.2 stays 0.3. Null when an item has no price or the items
 * are priced in different currencies: a made-up total would be worse than none.
 */
export function orderTotal(
  items: ReadonlyArray<Pick<OrderItemView, 'quantity' | 'itemPrice' | 'currency'>>,
): { total: number; currency: string | null } | null {
  if (items.length === 0) return null;
  const currencies = new Set(items.map((item) => item.currency?.toUpperCase() ?? null));
  if (currencies.size > 1) return null;
  let cents = 0;
  for (const item of items) {
    if (item.itemPrice === null || !Number.isFinite(item.itemPrice) || !Number.isFinite(item.quantity))
      return null;
    cents += Math.round(item.itemPrice * 100) * item.quantity;
  }
  return { total: cents / 100, currency: [...currencies][0] ?? null };
}

/** An amount as Mexican Spanish writes it, with its ISO currency ('ILS 180.00', '$1,234.50'); plain without one. */
export function formatMoney(amount: number, currency: string | null): string {
  const code = currency?.trim().toUpperCase() ?? '';
  if (/^[A-Z]{3}$/.test(code)) {
    try {
      return new Intl.NumberFormat('es-MX', { style: 'currency', currency: code }).format(amount);
    } catch {
      // An ISO-looking code the runtime does not know: shown next to the number below.
    }
  }
  const number = new Intl.NumberFormat('es-MX', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return code ? `${number} ${code}` : number;
}

export interface FlowReplyFieldView {
  /** The field's name in the Flow (e.g. screen_0_orderNumber_1). */
  key: string;
  value: string;
}

/** payload.flowReply of a message of type 'flow_reply' (a completed WhatsApp Flow). */
export interface FlowReplyView {
  /** The Flow's name ('flow' for Flows without one). */
  name: string | null;
  /** The text of the reply bubble on the customer's phone ('Sent'). */
  body: string | null;
  fields: FlowReplyFieldView[];
}

/**
 * A field's label from its name. Meta's Flow Builder names answers screen_<n>_<label>_<index>:
 * 'screen_0_orderNumber_1' is 'Order number'. Names without that pattern keep their words.
 */
export function flowFieldLabel(key: string): string {
  const core = key.replace(/^screen_\d+_/, '').replace(/_\d+$/, '') || key;
  const words = core
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** payload.link of a message of type 'link': a shared reel or a link Messenger could not describe otherwise. */
export interface LinkView {
  url: string;
  title: string | null;
  /** The provider's attachment type: reel, ig_reel, fallback, share... */
  source: string;
}

/**
 * Where a customer came from when they wrote (click-to-WhatsApp / click-to-Messenger ads, posts, m.me links):
 * payload.referral of the message, and the conversation's first one (clients.referral) for statistics.
 */
export interface ReferralView {
  /** Lower case: 'ad', 'post', 'shortlink', ... Statistics count conversations whose source is 'ad'. */
  source: string;
  sourceUrl: string | null;
  /** The ad or post id. */
  sourceId: string | null;
  headline: string | null;
  body: string | null;
  mediaType: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  /** Click-to-WhatsApp click id, what Meta's conversions API needs to attribute a sale to the ad. */
  ctwaClid: string | null;
  /** The ref parameter of an m.me link. */
  ref: string | null;
}

/** The line above a message that came from an ad, a post or a link. */
export function referralLabel(referral: Pick<ReferralView, 'source' | 'headline' | 'ref'>): string {
  const what =
    referral.source === 'post'
      ? 'Desde publicación'
      : referral.source === 'shortlink' || referral.source === 'link'
        ? 'Desde enlace'
        : 'Desde anuncio';
  const detail = referral.headline?.trim() || (referral.source === 'ad' ? '' : referral.ref?.trim()) || '';
  return detail ? `${what}: ${detail}` : what;
}

/** Notices a provider sends about the customer rather than from them. */
export type SystemNoticeEvent = 'number_changed' | 'identity_changed' | 'referral' | 'other';

/** payload.system of a message of type 'system' (sender SYSTEM). */
export interface SystemNoticeView {
  event: SystemNoticeEvent;
  oldNumber: string | null;
  newNumber: string | null;
  /** The provider's own text (English), kept for the record. */
  body: string | null;
  /** The provider's name of the notice (user_changed_number, ...). */
  rawType: string | null;
}

// A business-scoped user id (US.1349...) is not a phone number: shown as it is.
const showNumber = (value: string): string => (/^\+?\d+$/.test(value) ? displayPhone(value) : value);

/** The Spanish line the conversation shows for a notice. */
export function systemNoticeText(
  notice: Pick<SystemNoticeView, 'event' | 'oldNumber' | 'newNumber'>,
): string {
  switch (notice.event) {
    case 'number_changed':
      if (notice.oldNumber && notice.newNumber)
        return `El cliente cambió su número de ${showNumber(notice.oldNumber)} a ${showNumber(notice.newNumber)}`;
      return notice.newNumber
        ? `El cliente cambió su número a ${showNumber(notice.newNumber)}`
        : 'El cliente cambió su número';
    case 'identity_changed':
      return 'La identidad del cliente cambió';
    case 'referral':
      return 'El cliente llegó desde un anuncio o un enlace';
    default:
      return 'Aviso del sistema';
  }
}

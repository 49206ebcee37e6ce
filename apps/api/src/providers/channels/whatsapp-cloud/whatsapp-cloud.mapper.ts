import { createHash } from 'node:crypto';
import type { InteractiveMessage } from '@crm/shared';
import {
  type ContactCard,
  type DeliveryStatus,
  type InboundContent,
  type InboundMessageChangeEvent,
  type InboundMessageEvent,
  type InboundStatusEvent,
  type OutboundMessage,
  ProviderError,
  type WebhookEvent,
  WebhookParseError,
} from '../channel-provider';
import { isRecord } from '../http-client';
import type {
  WaChangeValue,
  WaContactObject,
  WaInboundContact,
  WaInboundMedia,
  WaInboundMessage,
  WaInteractiveObject,
  WaMediaObject,
  WaOutboundMessage,
  WaSendResponse,
  WaStatus,
  WaWebhookPayload,
} from './whatsapp-cloud.types';
import {
  forwardedOf,
  referredProductOf,
  toFlowReply,
  toOrder,
  toReferral,
  toSystemNotice,
} from './whatsapp-cloud-received.mapper';
import { TEMPLATE_STATUS_FIELD, toTemplateStatusEvent } from './whatsapp-cloud-template.mapper';

// ---- Outbound: domain → Cloud API ----

/** Our message as the Cloud API's send body. Shared with 360dialog, whose Cloud API endpoint takes the same body. */
export function toWhatsappMessage(message: OutboundMessage): WaOutboundMessage {
  const base = {
    messaging_product: 'whatsapp' as const,
    recipient_type: 'individual' as const,
    // The API takes the number with or without '+'; we keep digits only, like wa_id.
    to: message.to.replace(/\D/g, ''),
    // Echoed in the message's statuses: how a send whose answer was lost is recognised (issue 17).
    ...(message.trackingId ? { biz_opaque_callback_data: message.trackingId } : {}),
  };
  const { content } = message;
  // A reaction points at its message itself; `context` is for replies only.
  const context =
    message.replyToProviderMessageId && content.type !== 'reaction'
      ? { context: { message_id: message.replyToProviderMessageId } }
      : {};
  switch (content.type) {
    case 'text':
      // preview_url renders the first link of the body as a preview card.
      return {
        ...base,
        ...context,
        type: 'text',
        text: { body: content.text, preview_url: hasUrl(content.text) },
      };
    case 'image':
      return { ...base, ...context, type: 'image', image: captioned(content.url, content.caption) };
    case 'video':
      return { ...base, ...context, type: 'video', video: captioned(content.url, content.caption) };
    case 'document':
      return {
        ...base,
        ...context,
        type: 'document',
        document: withoutUndefined({
          link: content.url,
          caption: content.caption,
          filename: content.filename,
        }),
      };
    // Audio and stickers take no caption: the API rejects the field.
    case 'audio':
      return { ...base, ...context, type: 'audio', audio: { link: content.url } };
    case 'sticker':
      return { ...base, ...context, type: 'sticker', sticker: { link: content.url } };
    case 'location':
      return {
        ...base,
        ...context,
        type: 'location',
        location: withoutUndefined({
          latitude: content.latitude,
          longitude: content.longitude,
          name: content.name,
          address: content.address,
        }),
      };
    case 'contacts':
      return { ...base, ...context, type: 'contacts', contacts: content.contacts.map(toWaContact) };
    case 'template':
      return {
        ...base,
        ...context,
        type: 'template',
        template: {
          name: content.name,
          language: { code: content.language },
          components: content.components,
        },
      };
    case 'reaction':
      return {
        ...base,
        type: 'reaction',
        reaction: { message_id: content.providerMessageId, emoji: content.emoji },
      };
    case 'interactive':
      return { ...base, ...context, type: 'interactive', interactive: toWaInteractive(content.interactive) };
  }
}

/** A bot's menu as Graph's interactive object; the shared menuInteractive already kept it within WhatsApp's limits. */
function toWaInteractive(message: InteractiveMessage): WaInteractiveObject {
  if (message.kind === 'buttons') {
    return {
      type: 'button',
      body: { text: message.body },
      action: {
        buttons: message.buttons.map((button) => ({
          type: 'reply' as const,
          reply: { id: button.id, title: button.title },
        })),
      },
    };
  }
  return {
    type: 'list',
    body: { text: message.body },
    action: {
      button: message.button,
      sections: [
        {
          rows: message.rows.map((row) =>
            withoutUndefined({ id: row.id, title: row.title, description: row.description || undefined }),
          ),
        },
      ],
    },
  };
}

function captioned(link: string, caption: string | undefined): WaMediaObject {
  return caption ? { link, caption } : { link };
}

function toWaContact(card: ContactCard): WaContactObject {
  return {
    name: withoutUndefined({
      formatted_name: card.name.formatted_name,
      first_name: card.name.first_name,
      last_name: card.name.last_name,
    }),
    phones: card.phones.map((phone) =>
      withoutUndefined({ phone: phone.phone, wa_id: phone.wa_id, type: phone.type }),
    ),
  };
}

function hasUrl(text: string): boolean {
  return /https?:\/\/\S+/i.test(text);
}

/** Drops undefined keys so the JSON body carries only what we mean to send. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The wamid of a successful send; a 2xx without one is not something we can track, so it is an error. */
export function readSendResponse(json: unknown): string {
  const response = json as Partial<WaSendResponse> | null;
  const id = isRecord(json) && Array.isArray(response?.messages) ? response.messages[0]?.id : undefined;
  if (typeof id !== 'string' || id === '') {
    throw new ProviderError(
      'SEND_MESSAGE_ERROR',
      false,
      'The provider accepted the request but returned no message id',
    );
  }
  return id;
}

// ---- Inbound: Cloud API webhook → domain ----

export interface WhatsappWebhookOptions {
  /** Which of our channels a change belongs to; the Cloud API names it by phone_number_id. */
  channelIdOf?: (metadata: WaChangeValue['metadata']) => string;
  /** The channel the webhook URL names, for changes whose metadata names none (WebhookRequest.channelHint). */
  channelHint?: string;
}

const byPhoneNumberId = (metadata: WaChangeValue['metadata']) => metadata.phone_number_id;

/**
 * Every message, status and template status of a `whatsapp_business_account` notification, in payload order, across
 * every entry and change (Meta batches several). Changes of other fields (account updates) yield nothing.
 */
export function parseWhatsappWebhook(rawBody: Buffer, options: WhatsappWebhookOptions = {}): WebhookEvent[] {
  return parseWhatsappPayload(parseJson(rawBody), options);
}

/** The same, for a body already parsed (360dialog reshapes its On-Premise payloads into this one). */
export function parseWhatsappPayload(json: unknown, options: WhatsappWebhookOptions = {}): WebhookEvent[] {
  const payload = asNotification(json);
  const channelIdOf = (metadata: WaChangeValue['metadata'] | undefined) =>
    (isRecord(metadata) ? (options.channelIdOf ?? byPhoneNumberId)(metadata) : '') ||
    options.channelHint ||
    '';
  const events: WebhookEvent[] = [];
  for (const entry of payload.entry) {
    if (!isRecord(entry) || !Array.isArray(entry.changes)) {
      throw new WebhookParseError('WhatsApp webhook entry without a changes array');
    }
    for (const change of entry.changes as unknown[]) {
      if (!isRecord(change) || !isRecord(change.value)) {
        throw new WebhookParseError('WhatsApp webhook change without a value');
      }
      if (change.field === TEMPLATE_STATUS_FIELD) {
        const event = toTemplateStatusEvent(entry, change.value, options.channelHint);
        if (event) events.push(event);
        continue;
      }
      // 360dialog and Meta both send field "messages"; smb_message_echoes carries what the business sent from the
      // WhatsApp Business app; anything else (account updates, quality) is another subscription.
      if (change.field !== undefined && change.field !== 'messages' && change.field !== 'smb_message_echoes')
        continue;
      events.push(...changeEvents(change.value as unknown as WaChangeValue, channelIdOf));
    }
  }
  return events;
}

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookParseError('WhatsApp webhook body is not JSON');
  }
}

function asNotification(json: unknown): WaWebhookPayload {
  if (!isRecord(json) || json.object !== 'whatsapp_business_account' || !Array.isArray(json.entry)) {
    throw new WebhookParseError('Not a whatsapp_business_account notification');
  }
  return json as unknown as WaWebhookPayload;
}

function changeEvents(
  value: WaChangeValue,
  channelIdOf: (metadata: WaChangeValue['metadata'] | undefined) => string,
) {
  for (const list of [value.contacts, value.messages, value.statuses, value.message_echoes]) {
    if (list !== undefined && !Array.isArray(list))
      throw new WebhookParseError('WhatsApp change with a non-array list');
  }
  const channelProviderId = channelIdOf(value.metadata);
  if (!channelProviderId) throw new WebhookParseError('WhatsApp change names no phone number');

  // contacts[] carries the sender's profile name, keyed by wa_id (or BSUID for username users).
  const names = new Map<string, string>();
  for (const contact of value.contacts ?? []) {
    const name = contact.profile?.name;
    if (!name) continue;
    if (contact.wa_id) names.set(contact.wa_id, name);
    if (contact.user_id) names.set(contact.user_id, name);
  }
  const soleContact = value.contacts?.length === 1 ? value.contacts[0] : undefined;

  const events: WebhookEvent[] = [];
  for (const message of value.messages ?? []) {
    // An error about the whole change (a message WhatsApp could not read) belongs with the message it concerns.
    const withErrors =
      isRecord(message) && !message.errors && value.errors ? { ...message, errors: value.errors } : message;
    events.push(
      toMessageEvent(withErrors, channelProviderId, names, soleContact?.wa_id ?? soleContact?.user_id),
    );
  }
  for (const echo of value.message_echoes ?? []) {
    // The business wrote to `to`: that customer's conversation gets it, as the business's own message.
    if (!isRecord(echo)) throw new WebhookParseError('WhatsApp message echo is not an object');
    const event = toMessageEvent(echo, channelProviderId, names, echo.to ?? echo.to_user_id, true);
    if (event.kind === 'message') events.push({ ...event, echo: true });
  }
  for (const status of value.statuses ?? []) {
    const event = toStatusEvent(status, channelProviderId);
    if (event) events.push(event);
  }
  return events;
}

function toMessageEvent(
  message: WaInboundMessage,
  channelProviderId: string,
  names: Map<string, string>,
  fallbackSender: string | undefined,
  echo = false,
): InboundMessageEvent | InboundMessageChangeEvent {
  if (!isRecord(message) || typeof message.type !== 'string') {
    throw new WebhookParseError('WhatsApp message without a type');
  }
  if (typeof message.id !== 'string' || message.id === '') {
    // Some relays (and older On-Premise payloads) leave the id out: one derived from the message's bytes keeps a
    // redelivery of it a duplicate.
    message = {
      ...message,
      id: `wamid.derived.${createHash('sha256').update(JSON.stringify(message)).digest('hex')}`,
    };
  }
  // A user who adopted a username may come without a phone number: then the BSUID identifies them. An echo's
  // `from` is the business: the customer is the one it went to.
  const from = echo ? fallbackSender : (message.from ?? message.from_user_id ?? fallbackSender);
  if (!from) throw new WebhookParseError(`WhatsApp message ${message.id} names no sender`);
  const change = changeOf(message);
  if (change) {
    return {
      kind: 'change',
      channelProviderId,
      providerMessageId: message.id,
      from,
      timestamp: fromUnixSeconds(message.timestamp),
      ...change,
    };
  }
  const event: InboundMessageEvent = {
    kind: 'message',
    channelProviderId,
    providerMessageId: message.id,
    from,
    timestamp: fromUnixSeconds(message.timestamp),
    content: toInboundContent(message),
  };
  const profileName = names.get(from);
  if (profileName) event.profileName = profileName;
  if (message.context?.id) event.quotedProviderMessageId = message.context.id;
  const referral = toReferral(message.referral);
  if (referral) event.referral = referral;
  const forwarded = forwardedOf(message.context);
  if (forwarded) event.forwarded = forwarded;
  const referredProduct = referredProductOf(message.context);
  if (referredProduct) event.referredProduct = referredProduct;
  return event;
}

/** An edit or a delete of an earlier message; null for anything else, or one that names no message. */
function changeOf(
  message: WaInboundMessage,
): Pick<InboundMessageChangeEvent, 'originalProviderMessageId' | 'change'> | null {
  if (
    message.type === 'edit' &&
    isRecord(message.edit) &&
    typeof message.edit.original_message_id === 'string'
  ) {
    const edited = message.edit.message;
    if (!isRecord(edited) || typeof edited.type !== 'string') return null;
    return {
      originalProviderMessageId: message.edit.original_message_id,
      change: {
        type: 'edit',
        content: toInboundContent({ ...edited, id: message.id, timestamp: message.timestamp }),
      },
    };
  }
  if (
    message.type === 'revoke' &&
    isRecord(message.revoke) &&
    typeof message.revoke.original_message_id === 'string'
  ) {
    return { originalProviderMessageId: message.revoke.original_message_id, change: { type: 'revoke' } };
  }
  return null;
}

function toInboundContent(message: WaInboundMessage): InboundContent {
  // Kept whole, errors included, so that what WhatsApp could not describe can be read later.
  const unsupported: InboundContent = { type: 'unsupported', rawType: message.type, raw: message };
  switch (message.type) {
    case 'text':
      return message.text ? { type: 'text', text: message.text.body } : unsupported;
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const media = message[message.type];
      return media ? toInboundMedia(message.type, media) : unsupported;
    }
    case 'location': {
      const location = message.location;
      if (!location) return unsupported;
      return withoutUndefined({
        type: 'location' as const,
        latitude: location.latitude,
        longitude: location.longitude,
        name: location.name,
        address: location.address,
        url: location.url,
      });
    }
    case 'contacts':
      return message.contacts
        ? { type: 'contacts', contacts: message.contacts.map(toContactCard) }
        : unsupported;
    case 'interactive': {
      if (isRecord(message.interactive?.nfm_reply)) return toFlowReply(message.interactive.nfm_reply);
      // Reply buttons and list rows.
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      if (!reply) return unsupported;
      const description = message.interactive?.list_reply?.description;
      return withoutUndefined({
        type: 'interactive' as const,
        replyId: reply.id,
        title: reply.title,
        description,
      });
    }
    case 'button':
      return message.button
        ? { type: 'button', payload: message.button.payload, text: message.button.text }
        : unsupported;
    case 'reaction':
      // No emoji means the user removed their reaction: an empty emoji, as we send it to remove ours.
      return message.reaction
        ? {
            type: 'reaction',
            providerMessageId: message.reaction.message_id,
            emoji: message.reaction.emoji ?? '',
          }
        : unsupported;
    case 'order':
      return toOrder(message.order) ?? unsupported;
    case 'system':
      return toSystemNotice(message.system);
    default:
      // 'unsupported', 'unknown', 'request_welcome', an edit or revoke naming no message, and types newer than this code.
      return unsupported;
  }
}

function toInboundMedia(type: 'image' | 'video' | 'audio' | 'document' | 'sticker', media: WaInboundMedia) {
  return withoutUndefined({
    type,
    providerMediaId: media.id,
    mimeType: media.mime_type,
    caption: media.caption,
    filename: media.filename,
  });
}

function toContactCard(contact: WaInboundContact): ContactCard {
  return {
    name: withoutUndefined({
      formatted_name: contact.name?.formatted_name ?? '',
      first_name: contact.name?.first_name,
      last_name: contact.name?.last_name,
    }),
    phones: (contact.phones ?? [])
      .filter((phone) => phone.phone || phone.wa_id)
      .map((phone) =>
        withoutUndefined({ phone: phone.phone ?? phone.wa_id ?? '', wa_id: phone.wa_id, type: phone.type }),
      ),
  };
}

const STATUS_MAP = new Map<string, DeliveryStatus>([
  ['sent', 'sent'],
  ['delivered', 'delivered'],
  ['read', 'viewed'],
  // A voice message was played: it was necessarily seen.
  ['played', 'viewed'],
  ['failed', 'failed'],
  ['deleted', 'deleted'],
]);

function toStatusEvent(status: WaStatus, channelProviderId: string): InboundStatusEvent | null {
  if (!isRecord(status) || typeof status.id !== 'string') {
    throw new WebhookParseError('WhatsApp status without a message id');
  }
  const mapped = STATUS_MAP.get(status.status);
  if (!mapped) return null;
  const event: InboundStatusEvent = {
    kind: 'status',
    channelProviderId,
    providerMessageId: status.id,
    status: mapped,
    timestamp: fromUnixSeconds(status.timestamp),
  };
  const recipient = status.recipient_id ?? status.recipient_user_id;
  if (recipient) event.recipient = recipient;
  if (typeof status.biz_opaque_callback_data === 'string' && status.biz_opaque_callback_data) {
    event.trackingId = status.biz_opaque_callback_data;
  }
  const error = status.errors?.[0];
  if (error) {
    event.error = withoutUndefined({
      code: String(error.code),
      title: error.title ?? error.message ?? '',
      details: error.error_data?.details,
    });
  }
  // 02 §4: the end of the customer-service window, recomputed on sent/delivered.
  const expiration = status.conversation?.expiration_timestamp;
  if (expiration !== undefined) event.windowExpiresAt = fromUnixSeconds(expiration);
  return event;
}

/** Cloud API timestamps are Unix seconds as strings. */
export function fromUnixSeconds(value: string | number | undefined): Date {
  const seconds = typeof value === 'number' ? value : Number(value);
  if (value === undefined || value === '' || !Number.isFinite(seconds)) {
    throw new WebhookParseError(`Invalid timestamp: ${String(value)}`);
  }
  return new Date(seconds * 1000);
}

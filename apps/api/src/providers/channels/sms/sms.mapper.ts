import { interactiveText } from '@crm/shared';
import {
  type DeliveryStatus,
  type InboundContent,
  type InboundMessageEvent,
  type InboundStatusEvent,
  type MediaType,
  type OutboundMessage,
  ProviderError,
  type WebhookEvent,
  WebhookParseError,
} from '../channel-provider';
import { isRecord } from '../http-client';
import type { TwilioCreateMessageForm, TwilioMessageResource } from './sms.types';

// ---- Outbound ----

/** E.164 as Twilio wants it: '+' and digits. */
export function toE164(number: string): string {
  return `+${number.replace(/\D/g, '')}`;
}

export function digitsOf(number: string): string {
  return number.replace(/\D/g, '');
}

/**
 * Our message as the create-Message form. Media goes as MMS (MediaUrl) with the caption as its Body; SMS has no
 * quoting, so a reply is sent as a plain message; a bot's menu as numbered text. Location, contact cards, templates
 * and reactions have no SMS form.
 */
export function toTwilioForm(
  message: OutboundMessage,
  senderNumber: string,
  statusCallbackUrl: string | undefined,
): TwilioCreateMessageForm {
  const { content } = message;
  const form: TwilioCreateMessageForm = { To: toE164(message.to), From: toE164(senderNumber) };
  switch (content.type) {
    case 'text':
      form.Body = content.text;
      break;
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker':
      form.MediaUrl = [content.url];
      if (content.caption) form.Body = content.caption;
      break;
    case 'interactive':
      // SMS has no buttons: the menu goes as its numbered text, answered with the number.
      form.Body = interactiveText(content.interactive);
      break;
    default:
      throw new ProviderError('UNSUPPORTED_CONTENT', false, `SMS cannot send ${content.type} messages`);
  }
  // Without it Twilio never tells us about delivery (unless the number has a callback configured in the console).
  if (statusCallbackUrl) form.StatusCallback = statusCallbackUrl;
  return form;
}

export function toUrlSearchParams(form: TwilioCreateMessageForm): URLSearchParams {
  const params = new URLSearchParams({ To: form.To, From: form.From });
  if (form.Body !== undefined) params.set('Body', form.Body);
  for (const url of form.MediaUrl ?? []) params.append('MediaUrl', url);
  if (form.StatusCallback) params.set('StatusCallback', form.StatusCallback);
  return params;
}

export function readTwilioSendResponse(json: unknown): string {
  const sid = isRecord(json) ? (json as Partial<TwilioMessageResource>).sid : undefined;
  if (typeof sid !== 'string' || sid === '') {
    throw new ProviderError(
      'SEND_MESSAGE_ERROR',
      false,
      'The provider accepted the request but returned no sid',
    );
  }
  return sid;
}

// ---- Inbound ----

/** Twilio posts `application/x-www-form-urlencoded`; repeated names are kept in order. */
export function readWebhookForm(rawBody: Buffer): URLSearchParams {
  return new URLSearchParams(rawBody.toString('utf8'));
}

/** A status callback reports on a message we sent; an incoming message has no status or `received`. */
function isStatusCallback(form: URLSearchParams): boolean {
  const status = form.get('MessageStatus');
  return status !== null && status !== 'received' && status !== 'receiving';
}

/**
 * Our number in a webhook: the `To` of an incoming message, the `From` of a status callback about our own send.
 * It names the channel, and so the account whose auth token signed the request.
 */
export function channelNumberOf(form: URLSearchParams): string | null {
  const number = isStatusCallback(form) ? form.get('From') : form.get('To');
  return number ? digitsOf(number) : null;
}

/**
 * `channelHint` is our number as the webhook URL names it (/webhooks/sms/<number>), for a callback that leaves it
 * out (To of an incoming message, From of a status callback); what the form names wins.
 */
export function parseSmsWebhook(rawBody: Buffer, now: Date, channelHint?: string): WebhookEvent[] {
  const form = readWebhookForm(rawBody);
  const sid = form.get('MessageSid') ?? form.get('SmsSid');
  const status = isStatusCallback(form);
  const from = form.get('From') ?? (status ? channelHint : null);
  const to = form.get('To') ?? (status ? null : channelHint);
  // A status callback needs only our number: the customer (To) is not what it is about.
  if (!sid || !from || (!status && !to))
    throw new WebhookParseError('Not a Twilio messaging webhook: MessageSid, From and To needed');
  // Neither callback carries a timestamp: the time we receive it is the best we have.
  if (!status) return toMessageEvents(form, sid, from, to as string, now);
  const event = toStatusEvent(form, sid, from, to ?? null, now);
  return event ? [event] : [];
}

function toMessageEvents(
  form: URLSearchParams,
  sid: string,
  from: string,
  to: string,
  now: Date,
): InboundMessageEvent[] {
  // ProfileName: the sender's WhatsApp profile name when the number is a WhatsApp sender through Twilio.
  const profileName = form.get('ProfileName')?.trim();
  const base = {
    kind: 'message' as const,
    channelProviderId: digitsOf(to),
    from: digitsOf(from),
    timestamp: now,
    ...(profileName ? { profileName } : {}),
  };
  const body = form.get('Body') ?? '';
  const count = Number(form.get('NumMedia') ?? '0');
  if (!Number.isInteger(count) || count < 0)
    throw new WebhookParseError(`Invalid NumMedia: ${form.get('NumMedia')}`);
  const typed = count === 0 ? typedContent(form) : null;
  if (typed) return [{ ...base, providerMessageId: sid, content: typed }];
  if (count === 0) return [{ ...base, providerMessageId: sid, content: { type: 'text', text: body } }];

  // An MMS with several files is one Twilio message; the contract has one content per event, so files after the
  // first get derived ids (the unique index on provider ids must not drop them). The text rides on the first.
  const events: InboundMessageEvent[] = [];
  for (let index = 0; index < count; index++) {
    const url = form.get(`MediaUrl${index}`);
    if (!url) throw new WebhookParseError(`NumMedia is ${count} but MediaUrl${index} is missing`);
    const mimeType = form.get(`MediaContentType${index}`) ?? undefined;
    const type = mediaTypeOf(mimeType);
    events.push({
      ...base,
      providerMessageId: index === 0 ? sid : `${sid}#${index}`,
      content: {
        type,
        url,
        ...(mimeType ? { mimeType } : {}),
        ...(index === 0 && body ? { caption: body } : {}),
      },
    });
  }
  return events;
}

const finiteNumber = (value: string | null): number | null => {
  const n = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * Messages Twilio types with MessageType: a shared location (WhatsApp senders) has Latitude and Longitude, maybe a
 * Label and an Address, and no Body: https://www.twilio.com/docs/messaging/guides/webhook-request
 */
function typedContent(form: URLSearchParams): InboundContent | null {
  switch (form.get('MessageType')) {
    case 'location': {
      const latitude = finiteNumber(form.get('Latitude'));
      const longitude = finiteNumber(form.get('Longitude'));
      if (latitude === null || longitude === null) return null;
      const name = form.get('Label')?.trim();
      const address = form.get('Address')?.trim();
      return {
        type: 'location',
        latitude,
        longitude,
        ...(name ? { name } : {}),
        ...(address ? { address } : {}),
      };
    }
    default:
      return null;
  }
}

function mediaTypeOf(mimeType: string | undefined): MediaType {
  if (mimeType?.startsWith('image/')) return 'image';
  if (mimeType?.startsWith('video/')) return 'video';
  if (mimeType?.startsWith('audio/')) return 'audio';
  return 'document';
}

const STATUS_MAP = new Map<string, DeliveryStatus>([
  // Twilio's intermediate states all mean "left our hands"; 02 §4 ranks them as sent.
  ['queued', 'sent'],
  ['accepted', 'sent'],
  ['scheduled', 'sent'],
  ['sending', 'sent'],
  ['sent', 'sent'],
  ['delivered', 'delivered'],
  ['read', 'viewed'],
  ['undelivered', 'failed'],
  ['failed', 'failed'],
  ['canceled', 'failed'],
]);

/** Titles of the carrier errors a status callback reports most: https://www.twilio.com/docs/api/errors */
const ERROR_TITLES = new Map<string, string>([
  ['30001', 'Queue overflow'],
  ['30002', 'Account suspended'],
  ['30003', 'Unreachable destination handset'],
  ['30004', 'Message blocked'],
  ['30005', 'Unknown destination handset'],
  ['30006', 'Landline or unreachable carrier'],
  ['30007', 'Message filtered'],
  ['30008', 'Unknown error'],
  ['21610', 'Attempt to send to unsubscribed recipient'],
]);

function toStatusEvent(
  form: URLSearchParams,
  sid: string,
  from: string,
  to: string | null,
  now: Date,
): InboundStatusEvent | null {
  // States this code does not know (Twilio adds some) change nothing rather than fail the callback.
  const status = STATUS_MAP.get(form.get('MessageStatus') ?? '');
  if (!status) return null;
  const event: InboundStatusEvent = {
    kind: 'status',
    // A status callback is about a message we sent: From is our number, To the customer.
    channelProviderId: digitsOf(from),
    providerMessageId: sid,
    status,
    timestamp: now,
    ...(to ? { recipient: digitsOf(to) } : {}),
  };
  const errorCode = form.get('ErrorCode');
  if (status === 'failed' && errorCode) {
    event.error = {
      code: errorCode,
      title: form.get('ErrorMessage') ?? ERROR_TITLES.get(errorCode) ?? `Twilio error ${errorCode}`,
    };
  }
  return event;
}

import {
  ERROR_CATALOGUE,
  formatConversationTime,
  GENERIC_ERROR_MESSAGE,
  isErrorCode,
  isMediaFileStatus,
  isSameDayIn,
  type MessageFileView,
  type MessageStatusIcon,
  type MessageView,
  messageMediaPath,
  messageStatusIcon,
  TEMPLATE_NAME_IN_MESSAGE_MAX,
} from '@crm/shared';

/**
 * Pure readers of a MessageView for the conversation window. `payload` is JSON whose shape depends on the
 * message type and on who wrote it (inbound.service contentOf for received messages, messages.service draftOf
 * for sent ones), so every field is checked rather than cast.
 */

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const finite = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

function part(message: Pick<MessageView, 'payload'>, key: string): Json | null {
  const value = message.payload?.[key];
  return isRecord(value) ? value : null;
}

/** The one-tick/two-tick/clock icon of 02 §4, plus the red warning the inbox shows for a failed send. */
export type BubbleStatus = MessageStatusIcon | 'failed';

export function bubbleStatus(status: string | null): BubbleStatus {
  return status === 'failed' ? 'failed' : messageStatusIcon(status);
}

export const isOutgoing = (message: Pick<MessageView, 'sender'>): boolean => message.sender !== 'CLIENT';

export const isDeleted = (message: Pick<MessageView, 'messageStatus'>): boolean =>
  message.messageStatus === 'deleted';

/**
 * Why a send failed, in Spanish. Our own codes have a catalogue text; provider codes (Meta's numeric codes,
 * Twilio's) do not, and then the provider's description in errorInfo is the only detail there is.
 */
export function failedMessageText(message: Pick<MessageView, 'errorCode' | 'errorInfo'>): string {
  if (message.errorCode && isErrorCode(message.errorCode))
    return ERROR_CATALOGUE[message.errorCode].userMessage;
  return text(message.errorInfo)?.trim() ?? GENERIC_ERROR_MESSAGE;
}

export function fileOf(message: Pick<MessageView, 'payload'>): MessageFileView | null {
  const file = part(message, 'file');
  if (!file) return null;
  const weight = finite(file.weight);
  return {
    name: text(file.name),
    fileType: text(file.fileType) ?? 'document',
    url: text(file.url),
    mimeType: text(file.mimeType),
    weight: weight !== null && weight >= 0 ? weight : null,
    status: isMediaFileStatus(file.status) ? file.status : null,
    error: text(file.error),
  };
}

/**
 * Where a media bubble gets its file: a received file is downloaded by the API first ('pending'), then served
 * only with the session's token ('stored', read through an object URL); it may fail ('failed', with a retry).
 * Our own uploads and older messages carry a public link.
 */
export type MediaSource =
  | { kind: 'pending' }
  | { kind: 'failed'; reason: string | null }
  | { kind: 'stored'; path: string }
  | { kind: 'link'; url: string }
  | { kind: 'none' };

export function mediaSourceOf(message: Pick<MessageView, 'id' | 'payload' | 'sender'>): MediaSource {
  const file = fileOf(message);
  if (!file) return { kind: 'none' };
  if (file.status === 'pending') return { kind: 'pending' };
  if (file.status === 'failed') return { kind: 'failed', reason: file.error };
  if (file.status === 'ready') return { kind: 'stored', path: messageMediaPath(message.id) };
  const url = safeHttpUrl(file.url);
  if (url) return { kind: 'link', url };
  // A WhatsApp file received before the API downloaded files: only its media id was kept, and it can be asked for.
  const received = message.sender === 'CLIENT' && text(part(message, 'file')?.providerMediaId) !== null;
  return received ? { kind: 'failed', reason: null } : { kind: 'none' };
}

export interface LocationDisplay {
  name: string | null;
  address: string | null;
  url: string | null;
}

export function locationOf(message: Pick<MessageView, 'payload'>): LocationDisplay | null {
  const location = part(message, 'location');
  if (!location) return null;
  const latitude = finite(location.latitude);
  const longitude = finite(location.longitude);
  // Locations we send carry only coordinates (SendLocationInput); build the same map link the API builds for
  // received ones without a URL.
  const fromCoordinates =
    latitude !== null && longitude !== null ? `https://maps.google.com/?q=${latitude},${longitude}` : null;
  return {
    name: text(location.name),
    address: text(location.address),
    url: safeHttpUrl(text(location.url)) ?? fromCoordinates,
  };
}

export interface ContactDisplay {
  name: string;
  phones: string[];
}

// Received cards follow WhatsApp's shape ({ name: { formatted_name, first_name }, phones: [{ phone, wa_id }] });
// sent ones are { name, phone } (SendContactInput).
function contactOf(value: unknown): ContactDisplay | null {
  if (!isRecord(value)) return null;
  const name = isRecord(value.name)
    ? (text(value.name.formatted_name) ??
      ([text(value.name.first_name), text(value.name.last_name)].filter(Boolean).join(' ') || null))
    : text(value.name);
  const phones: string[] = [];
  if (Array.isArray(value.phones)) {
    for (const phone of value.phones) {
      const number = isRecord(phone) ? (text(phone.phone) ?? text(phone.wa_id)) : text(phone);
      if (number) phones.push(number);
    }
  }
  const single = text(value.phone);
  if (single) phones.push(single);
  // A card may list the same number as phone and wa_id; once is enough.
  const unique = [...new Set(phones)];
  if (!name && unique.length === 0) return null;
  return { name: name ?? unique[0] ?? '', phones: unique };
}

export function contactsOf(message: Pick<MessageView, 'payload'>): ContactDisplay[] {
  const list = message.payload?.contacts;
  if (!Array.isArray(list)) return [];
  return list.map(contactOf).filter((c): c is ContactDisplay => c !== null);
}

export interface ReplyDisplay {
  title: string;
  description: string | null;
}

/** The option a customer chose on a list or reply button (interactive) or a template quick-reply (button). */
export function replyOf(message: Pick<MessageView, 'payload' | 'content'>): ReplyDisplay {
  const interactive = part(message, 'interactive');
  const button = part(message, 'button');
  return {
    title: text(message.content) ?? text(interactive?.title) ?? text(button?.text) ?? '',
    description: text(interactive?.description),
  };
}

/** The emoji of a reaction; empty when the customer removed it (WhatsApp sends the reaction without emoji). */
export function reactionOf(message: Pick<MessageView, 'payload' | 'content'>): string {
  return text(message.content) ?? text(part(message, 'reaction')?.emoji) ?? '';
}

export interface TemplateDisplay {
  /** The body with its {{n}} variables filled in, when the payload carries the body text. */
  body: string | null;
  /** 02 §2: a template name in messages is cut to 20 characters. */
  name: string;
  parameters: string[];
}

export function templateOf(message: Pick<MessageView, 'payload' | 'content'>): TemplateDisplay {
  const template = part(message, 'template');
  const parameters = Array.isArray(template?.bodyParameters)
    ? template.bodyParameters.filter((p): p is string => typeof p === 'string')
    : [];
  const rawBody = text(template?.body) ?? text(template?.text);
  // WhatsApp numbers template variables from 1: {{1}} is the first body parameter.
  const body = rawBody
    ? rawBody.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole)
    : null;
  const fullName = text(template?.name) ?? text(message.content) ?? '';
  const name =
    fullName.length > TEMPLATE_NAME_IN_MESSAGE_MAX
      ? `${fullName.slice(0, TEMPLATE_NAME_IN_MESSAGE_MAX)}…`
      : fullName;
  return { body, name, parameters };
}

/** Only web links open from a bubble: a javascript: or data: URL in a payload must never become a link. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** 02 §9: 'Hoy', 'Ayer' or DD/MMM. */
export function dayLabel(
  date: string | number | Date,
  now: string | number | Date = new Date(),
  timeZone?: string,
): string {
  if (isSameDayIn(date, now, timeZone)) return 'Hoy';
  return formatConversationTime(date, now, timeZone);
}

/** Whether a day separator goes before `current` in a chronological list. */
export function startsNewDay(
  previous: Pick<MessageView, 'time'> | undefined,
  current: Pick<MessageView, 'time'>,
  timeZone?: string,
): boolean {
  return previous === undefined || !isSameDayIn(previous.time, current.time, timeZone);
}

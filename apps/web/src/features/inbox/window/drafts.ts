import type { MessageView } from '@crm/shared';
import type { SendMediaInput, SendMessageInput, SendTemplateInput } from './api/messages.graphql';

/**
 * What the agent asked to send, kept apart from the bubble so 'Reintentar' can send exactly the same content
 * again (a failed upload keeps its File, to upload it once more).
 */
export type SendContent =
  | { kind: 'text'; text: string }
  | { kind: 'media'; media: SendMediaInput; caption: string }
  | { kind: 'upload'; file: File; caption: string }
  | { kind: 'template'; template: SendTemplateInput; body: string | null }
  | {
      kind: 'location';
      location: { latitude: number; longitude: number; name?: string; address?: string };
    }
  | { kind: 'contacts'; contacts: Array<{ name: string; phone: string }> };

export interface SendDraft {
  content: SendContent;
  /** The message being answered, shown above the composer while writing. */
  quote: Pick<MessageView, 'id' | 'content' | 'type'> | null;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];

const isMediaType = (type: string): type is MediaType => (MEDIA_TYPES as readonly string[]).includes(type);

/** What sendMessage's media takes, from a browser mime type (the API's upload answers the same kinds). */
export function mediaTypeOf(mimeType: string): 'image' | 'video' | 'audio' | 'document' {
  const type = mimeType.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * The content of a stored message, to send it again after it failed. Null when it cannot be rebuilt (a type
 * the agent cannot send, or media without its URL).
 */
export function contentOfMessage(message: MessageView): SendContent | null {
  const payload = message.payload ?? {};
  if (isMediaType(message.type)) {
    const file = payload.file;
    if (!isRecord(file) || !str(file.url)) return null;
    const weight = typeof file.weight === 'number' && file.weight >= 0 ? Math.floor(file.weight) : undefined;
    return {
      kind: 'media',
      caption: message.content,
      media: {
        type: message.type,
        url: String(file.url),
        filename: str(file.name),
        mimeType: str(file.mimeType),
        weight,
      },
    };
  }
  switch (message.type) {
    case 'text':
      return message.content.trim() ? { kind: 'text', text: message.content } : null;
    case 'template': {
      const template = payload.template;
      if (!isRecord(template) || !str(template.name)) return null;
      const parameters = Array.isArray(template.bodyParameters)
        ? template.bodyParameters.filter((p): p is string => typeof p === 'string')
        : [];
      return {
        kind: 'template',
        template: {
          name: String(template.name),
          language: str(template.language) ?? 'es',
          bodyParameters: parameters,
        },
        body: str(template.body) ?? null,
      };
    }
    case 'location': {
      const location = payload.location;
      if (!isRecord(location)) return null;
      const latitude = Number(location.latitude);
      const longitude = Number(location.longitude);
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
      return {
        kind: 'location',
        location: { latitude, longitude, name: str(location.name), address: str(location.address) },
      };
    }
    case 'contacts': {
      const list = Array.isArray(payload.contacts) ? payload.contacts : [];
      // Only cards we sent have the { name, phone } shape sendMessage takes.
      const contacts = list
        .filter(isRecord)
        .map((card) => ({ name: str(card.name), phone: str(card.phone) }))
        .filter((card): card is { name: string; phone: string } => !!card.name && !!card.phone);
      return contacts.length > 0 ? { kind: 'contacts', contacts } : null;
    }
    default:
      return null;
  }
}

/** The sendMessage input for content already uploaded (an 'upload' draft is uploaded first). */
export function sendInputOf(
  clientId: number,
  content: Exclude<SendContent, { kind: 'upload' }>,
  fakeId: string,
  quotedMsgId: number | null,
): SendMessageInput {
  const base: SendMessageInput = { clientId, fakeId };
  if (quotedMsgId !== null) base.quotedMsgId = quotedMsgId;
  switch (content.kind) {
    case 'text':
      return { ...base, text: content.text };
    case 'media':
      return content.caption.trim()
        ? { ...base, media: content.media, text: content.caption }
        : { ...base, media: content.media };
    case 'template':
      return { ...base, template: content.template };
    case 'location':
      return { ...base, location: content.location };
    case 'contacts':
      return { ...base, contacts: content.contacts };
  }
}

export interface LocalMessageContext {
  /** Negative, unique in the tab. */
  localId: number;
  fakeId: string;
  clientId: number;
  channelId: number;
  senderUserId: number;
  time: string;
}

function payloadOf(content: SendContent): { type: string; text: string; payload: Json | null } {
  switch (content.kind) {
    case 'text':
      return { type: 'text', text: content.text, payload: null };
    case 'media':
      return {
        type: content.media.type,
        text: content.caption,
        payload: {
          file: {
            name: content.media.filename ?? null,
            fileType: content.media.type,
            url: content.media.url,
            mimeType: content.media.mimeType ?? null,
            weight: content.media.weight ?? null,
          },
        },
      };
    case 'upload': {
      const type = mediaTypeOf(content.file.type);
      return {
        type,
        text: content.caption,
        // No URL until the upload answers: the bubble shows the file's name and size meanwhile.
        payload: {
          file: {
            name: content.file.name,
            fileType: type,
            url: null,
            mimeType: content.file.type || null,
            weight: content.file.size,
          },
        },
      };
    }
    case 'template':
      // The body lets the bubble show the text the customer will read, variables filled.
      return {
        type: 'template',
        text: content.template.name,
        payload: { template: { ...content.template, body: content.body } },
      };
    case 'location':
      return {
        type: 'location',
        text: content.location.name ?? content.location.address ?? '',
        payload: { location: content.location },
      };
    case 'contacts':
      return {
        type: 'contacts',
        text: content.contacts.map((contact) => contact.name).join(', '),
        payload: { contacts: content.contacts },
      };
  }
}

/** The optimistic bubble shown at once, pending, until the stored message with the same fakeId replaces it. */
export function localMessage(draft: SendDraft, context: LocalMessageContext): MessageView {
  const { type, text, payload } = payloadOf(draft.content);
  return {
    id: context.localId,
    clientId: context.clientId,
    channelId: context.channelId,
    type,
    content: text,
    sender: 'AGENT',
    senderUserId: context.senderUserId,
    messageStatus: 'pending',
    messageApiId: null,
    errorCode: null,
    errorInfo: null,
    quotedMsgId: draft.quote?.id ?? null,
    quotedMsgBody: draft.quote?.content ?? null,
    quotedMsgType: draft.quote?.type ?? null,
    seen: false,
    payload,
    fakeId: context.fakeId,
    time: context.time,
    createdAt: context.time,
  };
}

/** 02 §3: the id of a local placeholder contains fakeId. */
export function newFakeId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `fakeId-${random}`;
}

import { COMPOSE_MESSAGES, FORWARD_MAX_CONTACTS, type InteractiveMessage } from '@crm/shared';
import { AppException } from '../../common/errors/app.exception';
import type { OutboundContent, TemplateComponent } from '../../providers/channels/channel-provider';
import type { SendMessageInput } from './dto/send-message.input';
import type { MessageRow } from './messages.repository';

/** A message to send as the agent asked for it: its columns, before the agent's name or a template's body. */
export interface Draft {
  type: string;
  content: string;
  payload: Record<string, unknown> | null;
  isTemplate: boolean;
}

export function draftOf(input: SendMessageInput): Draft {
  const parts = [input.media, input.location, input.contacts, input.template].filter(
    (p) => p !== undefined && p !== null,
  );
  if (parts.length > 1) throw AppException.validation('body', COMPOSE_MESSAGES.oneKindAtATime);
  const text = input.text?.trim() ?? '';
  if (input.media) {
    const { type, url, filename, mimeType, weight } = input.media;
    return {
      type,
      content: text,
      payload: {
        file: {
          name: filename ?? null,
          fileType: type,
          url,
          mimeType: mimeType ?? null,
          weight: weight ?? null,
        },
      },
      isTemplate: false,
    };
  }
  if (input.location) {
    const l = input.location;
    return {
      type: 'location',
      content: l.name ?? l.address ?? '',
      payload: { location: { ...l } },
      isTemplate: false,
    };
  }
  if (input.contacts) {
    return {
      type: 'contacts',
      content: input.contacts.map((c) => c.name).join(', '),
      payload: { contacts: input.contacts },
      isTemplate: false,
    };
  }
  if (input.template) {
    return {
      type: 'template',
      content: input.template.name,
      payload: { template: input.template },
      isTemplate: true,
    };
  }
  if (!text) throw AppException.validation('text', COMPOSE_MESSAGES.textRequired);
  return { type: 'text', content: text, payload: null, isTemplate: false };
}

/** A template's media header as the message stores it: the medium the template was approved with. */
export interface TemplateHeaderMedia {
  format: 'IMAGE' | 'VIDEO' | 'DOCUMENT';
  link: string;
}

function headerParameter(header: TemplateHeaderMedia): TemplateComponent['parameters'][number] {
  if (header.format === 'IMAGE') return { type: 'image', image: { link: header.link } };
  if (header.format === 'VIDEO') return { type: 'video', video: { link: header.link } };
  return { type: 'document', document: { link: header.link } };
}

/** The media header of a stored template's components, when it has one with its example medium. */
export function templateHeaderMedia(
  components: ReadonlyArray<{ type: string; format?: string; example?: unknown }>,
): TemplateHeaderMedia | null {
  const header = components.find((c) => c.type === 'HEADER');
  const format = header?.format;
  if (format !== 'IMAGE' && format !== 'VIDEO' && format !== 'DOCUMENT') return null;
  const link = (header?.example as { header_handle?: unknown[] } | undefined)?.header_handle?.[0];
  return typeof link === 'string' && /^https?:\/\//.test(link) ? { format, link } : null;
}

/** What the adapter gets for a stored message. */
export function outboundContent(message: Pick<MessageRow, 'type' | 'content' | 'payload'>): OutboundContent {
  const payload = (message.payload ?? {}) as Record<string, Record<string, unknown> | undefined>;
  switch (message.type) {
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
    case 'sticker': {
      const file = payload.file ?? {};
      return {
        type: message.type,
        url: String(file.url),
        caption: message.content || undefined,
        filename: typeof file.name === 'string' ? file.name : undefined,
      };
    }
    case 'location': {
      const l = payload.location ?? {};
      return {
        type: 'location',
        latitude: Number(l.latitude),
        longitude: Number(l.longitude),
        name: typeof l.name === 'string' ? l.name : undefined,
        address: typeof l.address === 'string' ? l.address : undefined,
      };
    }
    case 'contacts': {
      const list = (message.payload?.contacts ?? []) as Array<{ name: string; phone: string }>;
      return {
        type: 'contacts',
        contacts: list.map((c) => ({
          name: { formatted_name: c.name, first_name: c.name },
          phones: [{ phone: c.phone }],
        })),
      };
    }
    case 'template': {
      const t = (payload.template ?? {}) as {
        name?: string;
        language?: string;
        bodyParameters?: string[];
        header?: TemplateHeaderMedia;
      };
      const params = t.bodyParameters ?? [];
      const components: TemplateComponent[] = [];
      // A template with a media header is refused without its header parameter: the medium it was approved with.
      if (t.header) components.push({ type: 'header', parameters: [headerParameter(t.header)] });
      if (params.length) {
        components.push({
          type: 'body',
          parameters: params.map((text) => ({ type: 'text' as const, text })),
        });
      }
      return { type: 'template', name: String(t.name), language: t.language ?? 'es_MX', components };
    }
    case 'interactive': {
      const interactive = payload.interactive as InteractiveMessage | undefined;
      return interactive && (interactive.kind === 'buttons' || interactive.kind === 'list')
        ? { type: 'interactive', interactive }
        : { type: 'text', text: message.content };
    }
    default:
      return { type: 'text', text: message.content };
  }
}

/** What sending a stored message again looks like: the same content, without the quote or the provider ids. */
export function forwardDraft(message: MessageRow): Partial<SendMessageInput> {
  const payload = (message.payload ?? {}) as {
    file?: { url?: string | null; name?: string | null; mimeType?: string | null; weight?: number | null };
    location?: { latitude: number; longitude: number; name?: string | null; address?: string | null };
    contacts?: Array<{
      name?: { formatted_name?: string };
      phones?: Array<{ phone?: string; wa_id?: string }>;
    }>;
  };
  const media = ['image', 'video', 'audio', 'document', 'sticker'] as const;
  const type = media.find((t) => t === message.type);
  if (type && payload.file?.url) {
    return {
      text: message.content || undefined,
      media: {
        type,
        url: payload.file.url,
        filename: payload.file.name ?? undefined,
        mimeType: payload.file.mimeType ?? undefined,
        weight: payload.file.weight ?? undefined,
      },
    } as Partial<SendMessageInput>;
  }
  if (message.type === 'location' && payload.location) {
    const l = payload.location;
    return {
      location: {
        latitude: l.latitude,
        longitude: l.longitude,
        name: l.name ?? undefined,
        address: l.address ?? undefined,
      },
    };
  }
  if (message.type === 'contacts' && payload.contacts?.length) {
    const contacts = payload.contacts.slice(0, FORWARD_MAX_CONTACTS).flatMap((c) => {
      const phone = c.phones?.[0]?.phone ?? c.phones?.[0]?.wa_id;
      return phone ? [{ name: c.name?.formatted_name ?? phone, phone: phone.replace(/\D/g, '') }] : [];
    });
    if (contacts.length) return { contacts };
  }
  if (!message.content) throw AppException.validation('messageIds', COMPOSE_MESSAGES.nothingToForward);
  return { text: message.content };
}

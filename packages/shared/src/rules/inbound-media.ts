import { MAX_FILE_BYTES } from '../limits';
import { type ContentKind, sniffContent } from '../multimedia';
import { formatFileSize, UPLOAD_MESSAGES } from './uploads';

/**
 * Files customers send (ARCHITECTURE "Provider adapters"): provider URLs expire, so a job downloads each received
 * file into our storage. `payload.file.status` says where that stands; a message without a status is one of ours
 * (an upload with a public URL) or older than the download job.
 */
export const MEDIA_FILE_STATUSES = ['pending', 'ready', 'failed'] as const;
export type MediaFileStatus = (typeof MEDIA_FILE_STATUSES)[number];

export function isMediaFileStatus(value: unknown): value is MediaFileStatus {
  return typeof value === 'string' && (MEDIA_FILE_STATUSES as readonly string[]).includes(value);
}

export type InboundMediaType = 'image' | 'video' | 'audio' | 'document' | 'sticker';

/** Texts of the bubble of a received file and the reasons a download fails, in Spanish. */
export const MEDIA_FETCH_MESSAGES = {
  pending: 'Descargando…',
  failed: 'No se pudo descargar el archivo',
  retry: 'Reintentar',
  unavailable: 'El proveedor no entregó el archivo.',
  notImage: 'El archivo recibido no es una imagen válida.',
  notSticker: 'El archivo recibido no es un sticker válido.',
  notVideo: 'El archivo recibido no es un video válido.',
  notAudio: 'El archivo recibido no es un audio válido.',
} as const;

export function mediaTooLargeMessage(maxBytes: number): string {
  return `El archivo supera el tamaño máximo de ${formatFileSize(maxBytes)}.`;
}

/** The route that serves a received file to the users who may see its conversation. */
export function messageMediaPath(messageId: number): string {
  return `/api/messages/${messageId}/media`;
}

/** The route that asks for a failed download again. */
export function messageMediaRetryPath(messageId: number): string {
  return `${messageMediaPath(messageId)}/retry`;
}

/** A provider's own cap for a type (WhatsApp's are stricter per type), never above our MAX_FILE_BYTES. */
export function inboundMediaMaxBytes(providerCap?: number): number {
  return providerCap === undefined ? MAX_FILE_BYTES : Math.min(providerCap, MAX_FILE_BYTES);
}

const MEDIA_KIND_TYPES: Partial<Record<ContentKind, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  'isobmff-mp4': 'video/mp4',
  'isobmff-3gp': 'video/3gpp',
  'isobmff-m4a': 'audio/mp4',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  amr: 'audio/amr',
  wav: 'audio/wav',
};

// Documents of a kind shared by several types (a zip is also a docx) keep the declared type when it agrees.
const DOCUMENT_KIND_TYPES: Partial<Record<ContentKind, readonly string[]>> = {
  pdf: ['application/pdf'],
  zip: [
    'application/zip',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ],
  ole: ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'],
  rar: ['application/x-rar-compressed'],
  '7z': ['application/x-7z-compressed'],
  text: ['text/plain', 'text/csv'],
};

const ACCEPTED_KINDS: Record<Exclude<InboundMediaType, 'document'>, readonly ContentKind[]> = {
  image: ['jpeg', 'png', 'webp', 'gif'],
  // WhatsApp stickers are WebP; Messenger's are pictures of any common format.
  sticker: ['webp', 'png', 'gif', 'jpeg'],
  video: ['isobmff-mp4', 'isobmff-3gp'],
  // Voice notes: Ogg/Opus (WhatsApp), AMR, AAC, MP3, and MP4 audio whatever its brand.
  audio: ['ogg', 'mp3', 'aac', 'amr', 'wav', 'isobmff-m4a', 'isobmff-mp4', 'isobmff-3gp'],
};

const WRONG_TYPE: Record<Exclude<InboundMediaType, 'document'>, string> = {
  image: MEDIA_FETCH_MESSAGES.notImage,
  sticker: MEDIA_FETCH_MESSAGES.notSticker,
  video: MEDIA_FETCH_MESSAGES.notVideo,
  audio: MEDIA_FETCH_MESSAGES.notAudio,
};

export type InboundMediaCheck = { ok: true; mimeType: string } | { ok: false; reason: string };

function baseType(mimeType: string | null | undefined): string | null {
  const base = mimeType?.split(';')[0]?.trim().toLowerCase();
  return base ? base : null;
}

function documentType(kind: ContentKind | null, declared: string | null): string {
  if (kind === null) return 'application/octet-stream';
  const candidates = DOCUMENT_KIND_TYPES[kind];
  if (candidates) return declared && candidates.includes(declared) ? declared : (candidates[0] as string);
  return MEDIA_KIND_TYPES[kind] ?? 'application/octet-stream';
}

/**
 * A received file checked on its bytes (ARCHITECTURE rule 2), whatever the provider declared: an image, sticker,
 * video or audio must be one of the formats its type allows; a document may be anything and is typed by its
 * content when we know it (opaque bytes otherwise). `head` is the start of the file (CONTENT_SNIFF_BYTES is
 * enough), `size` its full length and `maxBytes` the cap for its type.
 */
export function checkInboundMedia(
  mediaType: InboundMediaType,
  head: Uint8Array,
  size: number,
  maxBytes: number,
  declaredMimeType?: string | null,
): InboundMediaCheck {
  if (size <= 0 || head.length === 0) return { ok: false, reason: UPLOAD_MESSAGES.emptyOrCorrupt };
  if (size > maxBytes) return { ok: false, reason: mediaTooLargeMessage(maxBytes) };
  const kind = sniffContent(head);
  if (mediaType === 'document') return { ok: true, mimeType: documentType(kind, baseType(declaredMimeType)) };
  if (kind === null || !ACCEPTED_KINDS[mediaType].includes(kind)) {
    return { ok: false, reason: WRONG_TYPE[mediaType] };
  }
  // A sound in an ISO container is audio/mp4, whichever brand its muxer wrote (an mp4 brand is not a video here).
  const mimeType = mediaType === 'audio' && kind.startsWith('isobmff') ? 'audio/mp4' : MEDIA_KIND_TYPES[kind];
  return { ok: true, mimeType: mimeType ?? 'application/octet-stream' };
}

import { MEDIA_TYPE_RULES } from '@crm/shared';
import type { Response } from 'express';

/**
 * How stored files are named and served (ARCHITECTURE rule 2): a file's type comes from its bytes, its stored
 * name carries the extension of that type (never the client's), and every file goes out inert, so an upload
 * can never run as a page of our origin.
 */

interface ServedType {
  mimeType: string;
  extension: string;
  /** Shown in place by a browser as an image, a video or a sound — never parsed as a document or script. */
  inline: boolean;
}

// Media a customer or a provider may send us beyond the upload rules (02 §5): voice notes, stickers, gifs.
const INBOUND_MEDIA_TYPES: readonly ServedType[] = [
  { mimeType: 'image/webp', extension: '.webp', inline: true },
  { mimeType: 'image/gif', extension: '.gif', inline: true },
  { mimeType: 'audio/ogg', extension: '.ogg', inline: true },
  { mimeType: 'audio/mpeg', extension: '.mp3', inline: true },
  { mimeType: 'audio/mp4', extension: '.m4a', inline: true },
  { mimeType: 'audio/aac', extension: '.aac', inline: true },
  { mimeType: 'audio/amr', extension: '.amr', inline: true },
  { mimeType: 'audio/wav', extension: '.wav', inline: true },
  { mimeType: 'video/quicktime', extension: '.mov', inline: true },
];

const SERVED_TYPES: readonly ServedType[] = [
  ...MEDIA_TYPE_RULES.map((rule) => ({
    mimeType: rule.mimeType,
    extension: rule.extensions[0] ?? '',
    inline: rule.mediaType === 'image' || rule.mediaType === 'video',
  })),
  ...INBOUND_MEDIA_TYPES,
];

const BY_MIME = new Map(SERVED_TYPES.map((type) => [type.mimeType, type]));
const BY_EXTENSION = new Map<string, ServedType>();
for (const rule of MEDIA_TYPE_RULES) {
  for (const extension of rule.extensions) {
    const type = BY_MIME.get(rule.mimeType);
    if (type) BY_EXTENSION.set(extension, type);
  }
}
for (const type of INBOUND_MEDIA_TYPES) BY_EXTENSION.set(type.extension, type);

/** The extension a stored file gets for its detected type; none for a type we do not know. */
export function storedExtensionFor(mimeType: string): string {
  return BY_MIME.get(mimeType.toLowerCase())?.extension ?? '';
}

/** The type a stored file is served as, from the extension the server gave it; anything else is opaque bytes. */
export function servedTypeOfName(name: string): { mimeType: string; inline: boolean } {
  const dot = name.lastIndexOf('.');
  const type = dot >= 0 ? BY_EXTENSION.get(name.slice(dot).toLowerCase()) : undefined;
  return type ?? { mimeType: 'application/octet-stream', inline: false };
}

export function isInlineType(mimeType: string): boolean {
  return BY_MIME.get(mimeType.toLowerCase())?.inline ?? false;
}

/** Nothing in a served file may load, run or frame anything, even if a browser were to render it. */
export const INERT_FILE_CSP = "default-src 'none'; sandbox";

// RFC 6266: an ASCII fallback and the exact UTF-8 name.
export function contentDisposition(kind: 'inline' | 'attachment', name?: string): string {
  if (!name) return kind;
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The headers of every file response: the type is ours, never sniffed; documents, archives and anything
 * unknown are attachments (a PDF is not opened in a frame of our origin); images, videos and sounds may show
 * in place.
 */
export function setServedFileHeaders(
  res: Response,
  file: { mimeType: string; name?: string; inline?: boolean },
): void {
  const inline = (file.inline ?? true) && isInlineType(file.mimeType);
  res.setHeader('Content-Type', inline ? file.mimeType : inertContentType(file.mimeType));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', INERT_FILE_CSP);
  res.setHeader('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', file.name));
}

// A known document type keeps its type (the download opens in the right program); anything else is bytes.
function inertContentType(mimeType: string): string {
  return BY_MIME.has(mimeType.toLowerCase()) ? mimeType : 'application/octet-stream';
}

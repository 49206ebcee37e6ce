import { MAX_FILES_PER_DROP, MEDIA_SORT_OPTIONS } from './limits';
import { fileNameTooLongMessage, UPLOAD_MESSAGES } from './rules/uploads';
import { validateAlbumName } from './rules/validation';

// 01 §2.9 / 02 §9: the album list and the files of an album are ordered by creation date or by name.
export type MediaSort = (typeof MEDIA_SORT_OPTIONS)[number];
export const MEDIA_SORT_LABELS: Record<MediaSort, string> = {
  creationDate: 'Fecha de creación',
  name: 'Nombre',
};

export function isMediaSort(value: unknown): value is MediaSort {
  return typeof value === 'string' && (MEDIA_SORT_OPTIONS as readonly string[]).includes(value);
}

// The spec fixes the pager (5 pages shown, 1 margin page) but not the page size; a 4-column grid of 3 rows.
export const MULTIMEDIA_PAGE_SIZE = 12;
export const ALBUM_NAME_MAX = 100;
export const ALBUM_FILE_NAME_MAX = 255;
// A video added by its URL: the column holds 2000 characters.
export const ALBUM_VIDEO_URL_MAX = 2000;

export const MULTIMEDIA_MESSAGES = {
  albumNotFound: 'El álbum no existe.',
  fileNotFound: 'El archivo no existe.',
  // A video added by URL has no stored bytes to download.
  videoAtItsUrl: 'Este video se ve en su URL.',
  subalbumDepth: 'Un subálbum no puede contener otros álbumes.',
  albumOfOtherSpace: 'El álbum no pertenece a ese espacio.',
  onlyVideoUrls: 'Solo se pueden agregar videos por URL.',
  urlTooLong: 'La URL es demasiado larga.',
  fileNameTooLong: fileNameTooLongMessage(ALBUM_FILE_NAME_MAX),
  videoNameTooLong: `El nombre no debe exceder los ${ALBUM_FILE_NAME_MAX} caracteres`,
} as const;

/** ERROR_DUPLICATED_FILE naming the files whose names the album already holds. */
export function duplicatedFilesMessage(names: readonly string[]): string {
  return `Ya existe un archivo con ese nombre: ${names.join(', ')}`;
}

/** 02 §5 'Album name required', and a length the column holds. */
export function albumNameError(name: string | null | undefined): string | null {
  const required = validateAlbumName(name);
  if (required) return required;
  return (name ?? '').trim().length > ALBUM_NAME_MAX
    ? `El nombre no debe exceder los ${ALBUM_NAME_MAX} caracteres`
    : null;
}
// 01 §7: a file of an album is a stored upload or a video given by its (Facebook) URL.
export const ALBUM_FILE_TYPES = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type AlbumFileType = (typeof ALBUM_FILE_TYPES)[number];
export const ALBUM_FILE_TYPE_LABELS: Record<AlbumFileType, string> = {
  IMAGE: 'Imagen',
  VIDEO: 'Video',
  DOCUMENT: 'Documento',
};

/** What the first bytes of a file say it is, whatever its name claims. */
export type ContentKind =
  | 'jpeg'
  | 'png'
  | 'pdf'
  | 'isobmff-mp4'
  | 'isobmff-3gp'
  | 'isobmff-m4a'
  | 'webp'
  | 'gif'
  | 'ogg'
  | 'mp3'
  | 'aac'
  | 'amr'
  | 'wav'
  | 'zip'
  | 'ole'
  | 'rar'
  | '7z'
  | 'text';

/** How many leading bytes sniffContent needs to decide (text is judged on this sample). */
export const CONTENT_SNIFF_BYTES = 4096;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let out = '';
  for (let i = from; i < Math.min(to, bytes.length); i += 1) out += String.fromCharCode(bytes[i] ?? 0);
  return out;
}

/**
 * Magic numbers of the accepted formats (01 §5 "type from the content"): a renamed executable is not an image.
 * Text (csv, txt) has no signature: a sample without NUL or control bytes is taken as text.
 */
export function sniffContent(bytes: Uint8Array): ContentKind | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // PDF readers accept the header anywhere in the first kilobyte.
  if (ascii(bytes, 0, 1024).includes('%PDF-')) return 'pdf';
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand.startsWith('3gp') || brand.startsWith('3g2')) return 'isobmff-3gp';
    // iTunes audio brands (M4A, M4B audiobooks, M4P): a voice note or song, never a video.
    if (brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ') return 'isobmff-m4a';
    // QuickTime (.mov) shares the box layout but is not an accepted video.
    return brand === 'qt  ' ? null : 'isobmff-mp4';
  }
  if (
    startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) ||
    startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]) ||
    startsWith(bytes, [0x50, 0x4b, 0x07, 0x08])
  )
    return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(bytes, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  if (startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  const media = sniffMedia(bytes);
  if (media) return media;
  const sample = bytes.subarray(0, CONTENT_SNIFF_BYTES);
  for (const byte of sample) {
    // Tab, line feed, form feed and carriage return are text; other control bytes are binary.
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f)
      return null;
  }
  return 'text';
}

/**
 * Media customers send through the channels beyond the upload rules: stickers (WebP), gifs, voice notes (Ogg/Opus
 * on WhatsApp, AMR on older phones), songs (MP3, AAC). Each by its container's signature.
 */
function sniffMedia(bytes: Uint8Array): ContentKind | null {
  // RIFF containers name their format at offset 8.
  if (ascii(bytes, 0, 4) === 'RIFF') {
    const format = ascii(bytes, 8, 12);
    if (format === 'WEBP') return 'webp';
    if (format === 'WAVE') return 'wav';
    return null;
  }
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  // RFC 4867 §5: the AMR (and AMR-WB) storage format starts with "#!AMR".
  if (ascii(bytes, 0, 5) === '#!AMR') return 'amr';
  // An ID3v2 tag in front of MPEG audio frames.
  if (ascii(bytes, 0, 3) === 'ID3') return 'mp3';
  const first = bytes[0] ?? 0;
  const second = bytes[1] ?? 0;
  const third = bytes[2] ?? 0;
  if (first !== 0xff || (second & 0xe0) !== 0xe0) return null;
  // 11 sync bits, then the version and layer: ADTS (AAC) has layer 00, MPEG audio frames have a non-zero layer.
  if ((second & 0xf6) === 0xf0) return 'aac';
  const version = (second >> 3) & 0x03;
  const layer = (second >> 1) & 0x03;
  const bitrate = third >> 4;
  const sampleRate = (third >> 2) & 0x03;
  // Reserved values (version 01, bitrate 1111, sample rate 11) mean these are not frame headers.
  if (version === 1 || layer === 0 || bitrate === 0x0f || sampleRate === 0x03) return null;
  return 'mp3';
}

export interface MediaTypeRule {
  mimeType: string;
  extensions: readonly string[];
  kind: ContentKind;
  /** The media type the chat sends it as. */
  mediaType: 'image' | 'video' | 'document';
}

// 02 §5 "Upload": images jpg, jpeg, png; videos mp4 and 3gpp; documents (office, pdf, csv, text, archives).
export const MEDIA_TYPE_RULES: readonly MediaTypeRule[] = [
  { mimeType: 'image/jpeg', extensions: ['.jpg', '.jpeg'], kind: 'jpeg', mediaType: 'image' },
  { mimeType: 'image/png', extensions: ['.png'], kind: 'png', mediaType: 'image' },
  { mimeType: 'video/mp4', extensions: ['.mp4'], kind: 'isobmff-mp4', mediaType: 'video' },
  { mimeType: 'video/3gpp', extensions: ['.3gp', '.3gpp'], kind: 'isobmff-3gp', mediaType: 'video' },
  { mimeType: 'application/pdf', extensions: ['.pdf'], kind: 'pdf', mediaType: 'document' },
  { mimeType: 'application/zip', extensions: ['.zip'], kind: 'zip', mediaType: 'document' },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
    kind: 'zip',
    mediaType: 'document',
  },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['.xlsx'],
    kind: 'zip',
    mediaType: 'document',
  },
  {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['.pptx'],
    kind: 'zip',
    mediaType: 'document',
  },
  { mimeType: 'application/msword', extensions: ['.doc'], kind: 'ole', mediaType: 'document' },
  { mimeType: 'application/vnd.ms-excel', extensions: ['.xls'], kind: 'ole', mediaType: 'document' },
  { mimeType: 'application/vnd.ms-powerpoint', extensions: ['.ppt'], kind: 'ole', mediaType: 'document' },
  { mimeType: 'application/x-rar-compressed', extensions: ['.rar'], kind: 'rar', mediaType: 'document' },
  { mimeType: 'application/x-7z-compressed', extensions: ['.7z'], kind: '7z', mediaType: 'document' },
  { mimeType: 'text/csv', extensions: ['.csv'], kind: 'text', mediaType: 'document' },
  { mimeType: 'text/plain', extensions: ['.txt'], kind: 'text', mediaType: 'document' },
];

/** Album drop zones take every type of 02 §5 "Upload". */
export const ALBUM_MIME_TYPES: readonly string[] = MEDIA_TYPE_RULES.map((rule) => rule.mimeType);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

export type ContentTypeResult = { ok: true; rule: MediaTypeRule } | { ok: false; error: string };

/**
 * The type of an upload from its bytes, checked against its name: both must agree on one accepted type.
 * `head` is the start of the file (CONTENT_SNIFF_BYTES is enough); `size` its full length.
 */
export function resolveContentType(
  name: string,
  head: Uint8Array,
  size: number,
  accept: readonly string[] = ALBUM_MIME_TYPES,
): ContentTypeResult {
  if (size <= 0 || head.length === 0) return { ok: false, error: UPLOAD_MESSAGES.emptyOrCorrupt };
  const kind = sniffContent(head);
  const ext = extensionOf(name);
  const rule = MEDIA_TYPE_RULES.find(
    (candidate) =>
      candidate.kind === kind && candidate.extensions.includes(ext) && accept.includes(candidate.mimeType),
  );
  return rule ? { ok: true, rule } : { ok: false, error: UPLOAD_MESSAGES.typeNotAllowed };
}

export function albumFileTypeOf(mediaType: MediaTypeRule['mediaType']): AlbumFileType {
  if (mediaType === 'image') return 'IMAGE';
  if (mediaType === 'video') return 'VIDEO';
  return 'DOCUMENT';
}

/** 01 §5: files beyond the tenth of one drop are discarded. */
export function exceedsFileCount(count: number): boolean {
  return count > MAX_FILES_PER_DROP;
}

/** Names compare without case or surrounding spaces (ERROR_DUPLICATED_ALBUM / ERROR_DUPLICATED_FILE). */
export function mediaNameKey(name: string): string {
  return name.trim().toLocaleLowerCase('es');
}

/**
 * 01 §2.9 pager: up to 5 page numbers around the current one with 1 margin page at each end, gaps as null.
 * Pages are 1-based.
 */
export function pagerItems(current: number, total: number, shown = 5, margin = 1): Array<number | null> {
  if (total <= 0) return [];
  if (total <= shown + 2 * margin) return Array.from({ length: total }, (_, i) => i + 1);
  const half = Math.floor(shown / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(total, start + shown - 1);
  start = Math.max(1, end - shown + 1);
  const pages = new Set<number>();
  for (let p = 1; p <= margin; p += 1) pages.add(p);
  for (let p = start; p <= end; p += 1) pages.add(p);
  for (let p = total - margin + 1; p <= total; p += 1) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: Array<number | null> = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) items.push(null);
    items.push(page);
  });
  return items;
}

export function pageCount(total: number, pageSize = MULTIMEDIA_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

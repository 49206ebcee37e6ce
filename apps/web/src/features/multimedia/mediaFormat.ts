import { ALBUM_FILE_TYPE_LABELS, type AlbumFileType, formatFileSize } from '@crm/shared';

export function formatMediaDate(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('es-MX', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

export function fileTypeLabel(fileType: string): string {
  return ALBUM_FILE_TYPE_LABELS[fileType as AlbumFileType] ?? fileType;
}

/** 01 §2.9: KB, then MB; a video given by URL has no size. */
export function sizeLabel(weight: number | null): string {
  return weight === null ? '—' : formatFileSize(weight);
}

import { ALBUM_FILE_TYPE_LABELS, type AlbumFileType, formatFileSize } from '@crm/shared';

export function fileTypeLabel(fileType: string): string {
  return ALBUM_FILE_TYPE_LABELS[fileType as AlbumFileType] ?? fileType;
}

/** 01 §2.9: KB, then MB; a video given by URL has no size. */
export function sizeLabel(weight: number | null): string {
  return weight === null ? '—' : formatFileSize(weight);
}

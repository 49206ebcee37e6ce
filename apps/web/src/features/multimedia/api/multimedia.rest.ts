import { sendRequest } from '../../../lib/multipart';
import type { AlbumFileView, AlbumView } from './multimedia.graphql';

/** 01 §7 POST /createAlbum {spaceId, name, parentId?} (the company comes from the token). */
export function createAlbum(input: {
  name: string;
  spaceId: number | null;
  parentId: number | null;
}): Promise<AlbumView> {
  return sendRequest<AlbumView>({ method: 'POST', path: '/createAlbum', body: input });
}

/** 01 §7 DELETE /deleteAlbum {albumId}. */
export function deleteAlbum(albumId: number): Promise<{ id: number }> {
  return sendRequest({ method: 'DELETE', path: '/deleteAlbum', body: { albumId } });
}

/** 01 §7 PUT /uploadFile: one file per request, so each shows its own progress. */
export async function uploadAlbumFile(
  albumId: number,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<AlbumFileView> {
  const form = new FormData();
  form.append('albumId', String(albumId));
  form.append('files', file, file.name);
  const reply = await sendRequest<{ files: AlbumFileView[] }>({
    method: 'PUT',
    path: '/uploadFile',
    body: form,
    onProgress,
    signal,
  });
  const stored = reply.files[0];
  if (!stored) throw new Error('The API answered no file');
  return stored;
}

/** 01 §7 PUT /uploadFile {name, url, albumId, fileType: 'VIDEO'}. */
export async function addVideoByUrl(albumId: number, name: string, url: string): Promise<AlbumFileView> {
  const reply = await sendRequest<{ files: AlbumFileView[] }>({
    method: 'PUT',
    path: '/uploadFile',
    body: { albumId, name, url, fileType: 'VIDEO' },
  });
  const stored = reply.files[0];
  if (!stored) throw new Error('The API answered no file');
  return stored;
}

/** 01 §7 DELETE /removeContent {fileId}. */
export function removeContent(fileId: number): Promise<{ id: number }> {
  return sendRequest({ method: 'DELETE', path: '/removeContent', body: { fileId } });
}

export function fileContentUrl(fileId: number): string {
  return `/api/multimedia/files/${fileId}/content`;
}

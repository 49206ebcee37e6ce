import { type ApiErrorBody, OFFLINE_WARNING_MESSAGE } from '@crm/shared';
import { ApiError, NETWORK_ERROR_CODE } from '../../../../lib/api-error';
import { isSessionErrorCode } from '../../../../lib/errors';
import { endRejectedSession } from '../../../../lib/session';
import { getToken } from '../../../../lib/storage';

/** What `POST /api/upload` answers: the values sendMessage's media takes. */
export interface UploadedFile {
  url: string;
  name: string;
  fileType: 'image' | 'video' | 'audio' | 'document';
  mimeType: string;
  weight: number;
}

async function errorBody(response: Response): Promise<Partial<ApiErrorBody>> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Partial<ApiErrorBody>) : {};
  } catch {
    return {};
  }
}

/**
 * The composer's first step for media (docs/api.md): multipart, so it cannot go through lib/http's JSON
 * helpers, but it fails the same way (ApiError with the Spanish userMessage, session errors end the session).
 */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch('/api/upload', { method: 'POST', headers, body: form, signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { code: NETWORK_ERROR_CODE, userMessage: OFFLINE_WARNING_MESSAGE });
  }
  if (!response.ok) {
    const error = new ApiError(response.status, await errorBody(response));
    if (token && isSessionErrorCode(error.code)) endRejectedSession();
    throw error;
  }
  return (await response.json()) as UploadedFile;
}

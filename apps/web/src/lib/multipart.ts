import { type ApiErrorBody, OFFLINE_WARNING_MESSAGE } from '@crm/shared';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { isSessionErrorCode } from './errors';
import { fetchOk } from './http';
import { endRejectedSession } from './session';
import { getToken } from './storage';

export interface SendOptions {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Under /api, e.g. '/uploadFile'. */
  path: string;
  /** Multipart form (files) or a JSON body. */
  body: FormData | object;
  /** Upload progress, 0 to 100, for multipart bodies. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * REST calls lib/http does not cover: multipart bodies with upload progress (fetch reports none), and
 * PUT/DELETE with a JSON body (02 §7 /uploadFile, /removeContent, /deleteAlbum). Fails like lib/http: an
 * ApiError with the Spanish userMessage; a session error ends the session.
 */
export function sendRequest<T>({ method, path, body, onProgress, signal }: SendOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const isForm = body instanceof FormData;
    if (!isForm) xhr.setRequestHeader('Content-Type', 'application/json');
    if (onProgress && isForm) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0)
          onProgress(Math.round((event.loaded / event.total) * 100));
      };
    }
    xhr.onload = () => {
      const parsed = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(parsed as T);
        return;
      }
      const errorBody =
        typeof parsed === 'object' && parsed !== null ? (parsed as Partial<ApiErrorBody>) : {};
      const error = new ApiError(xhr.status, errorBody);
      if (token && isSessionErrorCode(error.code)) endRejectedSession();
      reject(error);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, { code: NETWORK_ERROR_CODE, userMessage: OFFLINE_WARNING_MESSAGE }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(isForm ? body : JSON.stringify(body));
  });
}

/**
 * A file the API serves only with the session's token (album files: never a public URL). Answers a blob the
 * page shows through URL.createObjectURL.
 */
export async function fetchAuthorizedBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  return (await fetchOk(url, {}, { signal })).blob();
}

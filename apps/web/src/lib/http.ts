import { type ApiErrorBody, OFFLINE_WARNING_MESSAGE } from '@crm/shared';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { isSessionErrorCode } from './errors';
import { endRejectedSession } from './session';
import { getToken } from './storage';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Send the stored bearer token (default true). */
  auth?: boolean;
  signal?: AbortSignal;
}

async function readErrorBody(response: Response): Promise<Partial<ApiErrorBody>> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as Partial<ApiErrorBody>) : {};
  } catch {
    return {};
  }
}

/**
 * Every call of the API made with fetch goes through here: the session's token, and one way to fail — an
 * ApiError with the Spanish userMessage (offline included); a session error of a call made with a token ends the
 * session. Answers the successful response for the caller to read (JSON, a blob to save or show).
 */
export async function fetchOk(
  url: string,
  init: { method?: HttpMethod; headers?: Record<string, string>; body?: BodyInit },
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  const token = options.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { code: NETWORK_ERROR_CODE, userMessage: OFFLINE_WARNING_MESSAGE });
  }

  if (!response.ok) {
    const error = new ApiError(response.status, await readErrorBody(response));
    // 01 §4 Session: UNAUTHORIZED from the REST service ends the session, but only for a call
    // made with a token (a failed login is not a session error).
    if (token && isSessionErrorCode(error.code)) endRejectedSession();
    throw error;
  }
  return response;
}

async function request<TResponse>(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<TResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetchOk(
    `/api${path}`,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    options,
  );
  if (response.status === 204) return undefined as TResponse;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as TResponse;
}

export function apiPost<TResponse>(
  path: string,
  body: object = {},
  options: RequestOptions = {},
): Promise<TResponse> {
  return request<TResponse>('POST', path, body, options);
}

export function apiGet<TResponse>(path: string, options: RequestOptions = {}): Promise<TResponse> {
  return request<TResponse>('GET', path, undefined, options);
}

export function apiPut<TResponse>(
  path: string,
  body: object = {},
  options: RequestOptions = {},
): Promise<TResponse> {
  return request<TResponse>('PUT', path, body, options);
}

export function apiDelete<TResponse>(path: string, options: RequestOptions = {}): Promise<TResponse> {
  return request<TResponse>('DELETE', path, undefined, options);
}

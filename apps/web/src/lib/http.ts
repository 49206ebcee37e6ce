import { type ApiErrorBody, OFFLINE_WARNING_MESSAGE } from '@crm/shared';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { isSessionErrorCode } from './errors';
import { endSession } from './session';
import { getToken } from './storage';

interface RequestOptions {
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

async function request<TResponse>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<TResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.auth === false ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
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
    if (token && isSessionErrorCode(error.code)) endSession();
    throw error;
  }
  if (response.status === 204) return undefined as TResponse;
  return (await response.json()) as TResponse;
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

import { request } from 'undici';
import { ProviderError } from './channel-provider';

/**
 * The one HTTP helper the channel adapters share: a POST over undici's `request` with a timeout, whose transport
 * failures (DNS, refused connection, reset, timeout) become a retryable ProviderError so the send job backs off
 * and retries (ARCHITECTURE rule 6). HTTP error statuses are returned, not thrown: only the adapter's error parser
 * knows what a provider's 400 means. `request` rather than `fetch` (the same library under Node's fetch): a
 * campaign makes up to 1,000 calls a second, and fetch's web streams and headers cost three to four times the CPU
 * per call (docs/architecture.md, campaign dispatcher).
 */

export const DEFAULT_TIMEOUT_MS = 15_000;

/** Response headers by case-insensitive name (a fetch `Headers` fits too). */
export interface ResponseHeaders {
  get(name: string): string | null;
}

export interface HttpResult {
  status: number;
  headers: ResponseHeaders;
  /** The parsed JSON body, or null when the body is empty or not JSON. */
  json: unknown;
  /** The raw body, for error messages when the provider answers with something that is not JSON. */
  text: string;
}

export interface PostOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export function postJson(url: string, body: unknown, options: PostOptions = {}): Promise<HttpResult> {
  return post(url, JSON.stringify(body), 'application/json', options);
}

export function postForm(url: string, form: URLSearchParams, options: PostOptions = {}): Promise<HttpResult> {
  return post(url, form.toString(), 'application/x-www-form-urlencoded', options);
}

/** A GET (Graph's reads: token exchange, Page lists); failures as for POST. */
export function getJson(url: string, options: PostOptions = {}): Promise<HttpResult> {
  return send('GET', url, undefined, undefined, options);
}

/** A DELETE without a body (Graph's template delete names what it deletes in the query); failures as for POST. */
export function deleteJson(url: string, options: PostOptions = {}): Promise<HttpResult> {
  return send('DELETE', url, undefined, undefined, options);
}

/** A POST of raw bytes (a file's content for Graph's resumable upload); failures as for the other POSTs. */
export function postBytes(
  url: string,
  bytes: Uint8Array,
  contentType: string,
  options: PostOptions = {},
): Promise<HttpResult> {
  return send('POST', url, bytes, contentType, options);
}

function post(url: string, body: string, contentType: string, options: PostOptions): Promise<HttpResult> {
  return send('POST', url, body, contentType, options);
}

async function send(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body: string | Uint8Array | undefined,
  contentType: string | undefined,
  { headers = {}, timeoutMs = DEFAULT_TIMEOUT_MS }: PostOptions,
): Promise<HttpResult> {
  try {
    const response = await request(url, {
      method,
      headers: {
        ...(contentType ? { 'content-type': contentType } : {}),
        accept: 'application/json',
        ...headers,
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Reading the body can fail too (connection reset mid-body, timeout while streaming): same catch.
    const text = await response.body.text();
    return {
      status: response.statusCode,
      headers: headerReader(response.headers),
      json: parseJson(text),
      text,
    };
  } catch (error) {
    throw new ProviderError('PROVIDER_UNAVAILABLE', true, describeFailure(method, url, error, timeoutMs));
  }
}

function headerReader(raw: Record<string, string | string[] | undefined>): ResponseHeaders {
  return {
    get(name: string): string | null {
      const value = raw[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function describeFailure(method: string, url: string, error: unknown, timeoutMs: number): string {
  const target = `${method} ${redactUrl(url)}`;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `${target}: no answer within ${timeoutMs} ms`;
  }
  // fetch wraps the socket error (ECONNREFUSED, ENOTFOUND...) in `cause`; request throws it as it is.
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const message = error instanceof Error ? error.message : String(error);
  return `${target}: ${message}${cause}`;
}

/** Origin and path only: query strings may carry tokens (Graph's access_token) that must not reach logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '<invalid url>';
  }
}

/**
 * Retry-After as milliseconds: either delay-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable, so the job falls back to its own backoff.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Narrows an unknown JSON value to a plain object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first 300 characters of a non-JSON error body (an HTML error page from a proxy, say). */
export function bodySnippet(result: HttpResult): string {
  const text = result.text.trim().replace(/\s+/g, ' ');
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** A request header by case-insensitive name; the first value when it was repeated. */
export function readHeader(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

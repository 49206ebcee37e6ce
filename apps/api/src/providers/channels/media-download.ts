import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { type FetchedMedia, ProviderError } from './channel-provider';
import { redactUrl } from './http-client';

/**
 * The download half of fetchMedia, shared by the channel adapters: a streaming GET (a file is never held whole in
 * memory) whose transport failures are retryable ProviderErrors, as in http-client. Statuses are returned, not
 * thrown: an expired URL means something different to each provider.
 */

// Under the job lease (120 s), so a slow download fails here before a second worker could take the same job.
export const MEDIA_DOWNLOAD_TIMEOUT_MS = 90_000;

export interface OpenedDownload {
  url: string;
  status: number;
  headers: Headers;
  /** The body; null for an empty one. Must be consumed or discarded. */
  stream: Readable | null;
}

export async function openDownload(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = MEDIA_DOWNLOAD_TIMEOUT_MS,
): Promise<OpenedDownload> {
  let response: Response;
  try {
    // fetch drops Authorization when a redirect leaves the origin (Twilio's media redirect to a signed bucket URL),
    // so credentials never reach another host.
    response = await fetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new ProviderError('PROVIDER_UNAVAILABLE', true, `GET ${redactUrl(url)}: ${reason}${cause}`);
  }
  const stream = response.body
    ? Readable.fromWeb(response.body as unknown as NodeWebStream<Uint8Array>)
    : null;
  return { url, status: response.status, headers: response.headers, stream };
}

/** Frees an answer we will not read (an error page, an expired URL). */
export function discard(download: OpenedDownload): void {
  download.stream?.destroy();
}

export function isSuccess(download: OpenedDownload): boolean {
  return download.status >= 200 && download.status < 300;
}

/** The Content-Length a server declared, when it is a plain number. */
export function declaredLength(headers: Headers): number | null {
  const raw = headers.get('content-length');
  return raw && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** A successful download as the adapters answer it; what the provider declared elsewhere wins over headers. */
export function fetchedMedia(
  download: OpenedDownload,
  declared: { mimeType?: string | null; size?: number | null } = {},
): FetchedMedia {
  return {
    stream: download.stream ?? Readable.from([]),
    mimeType: declared.mimeType ?? download.headers.get('content-type'),
    size: declared.size ?? declaredLength(download.headers),
  };
}

/**
 * A failed download in our terms (and its body discarded): rate limits and server errors are worth another try
 * later; anything else means the provider will not give us this file.
 */
export function downloadFailure(download: OpenedDownload): ProviderError {
  discard(download);
  const info = `GET ${redactUrl(download.url)}: HTTP ${download.status}`;
  if (download.status === 429) return new ProviderError('PROVIDER_RATE_LIMITED', true, info, 429);
  if (download.status >= 500) return new ProviderError('PROVIDER_UNAVAILABLE', true, info, download.status);
  return new ProviderError('MEDIA_UNAVAILABLE', false, info, download.status);
}

/** A file URL given in a webhook (Messenger, SMS): only a web URL is ever requested. */
export function checkedMediaUrl(url: string | null | undefined): string {
  let parsed: URL | null = null;
  try {
    parsed = url ? new URL(url) : null;
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new ProviderError('MEDIA_UNAVAILABLE', false, 'The message names no downloadable file URL');
  }
  return parsed.href;
}

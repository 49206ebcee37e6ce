import { fetchOk, type HttpMethod } from './http';

/** The file name a Content-Disposition header gives (RFC 5987 `filename*` first), else `fallback`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: the plain name or the fallback below.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || fallback;
}

/** Saves a blob as a file, the way a link with `download` would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface DownloadOptions {
  method?: HttpMethod;
  /** A JSON body (exports that take the page's filters). */
  body?: object;
  /** Save under the server's name (Content-Disposition) when it gives one; else always under `fileName`. */
  serverName?: boolean;
}

/** Fetches a file the API serves only with the session's token (exports, templates) and saves it. */
export async function downloadFile(
  url: string,
  fileName: string,
  options: DownloadOptions = {},
): Promise<void> {
  const response = await fetchOk(url, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const name = options.serverName
    ? fileNameFrom(response.headers.get('Content-Disposition'), fileName)
    : fileName;
  saveBlob(await response.blob(), name);
}

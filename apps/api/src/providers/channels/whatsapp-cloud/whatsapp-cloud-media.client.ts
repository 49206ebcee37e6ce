import { type FetchedMedia, type MediaType, ProviderError } from '../channel-provider';
import { getJson, type HttpResult, isRecord, redactUrl } from '../http-client';
import { discard, downloadFailure, fetchedMedia, isSuccess, openDownload } from '../media-download';
import { parseWhatsappError } from './whatsapp-cloud-error.parser';

const MB = 1024 * 1024;

/**
 * WhatsApp's caps per media type ("Supported media types" of
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/business-phone-numbers/media/):
 * images 5 MB, audio and video 16 MB, animated stickers 500 KB, documents 100 MB.
 */
export const WHATSAPP_MEDIA_MAX_BYTES: Partial<Record<MediaType, number>> = {
  image: 5 * MB,
  video: 16 * MB,
  audio: 16 * MB,
  sticker: 500 * 1024,
  document: 100 * MB,
};

/** What GET /{media-id} answers: {messaging_product, url, mime_type, sha256, file_size, id}. */
export interface GraphMediaInfo {
  url: string;
  mimeType: string | null;
  size: number | null;
}

export function readMediaInfo(json: unknown): GraphMediaInfo {
  if (!isRecord(json) || typeof json.url !== 'string' || json.url === '') {
    throw new ProviderError('PROVIDER_UNAVAILABLE', true, 'The media lookup answered no url');
  }
  // file_size comes as a number or, from some gateways, as a string of digits.
  const rawSize = json.file_size;
  const size =
    typeof rawSize === 'number' && Number.isFinite(rawSize)
      ? rawSize
      : typeof rawSize === 'string' && /^\d+$/.test(rawSize)
        ? Number(rawSize)
        : null;
  return {
    url: json.url,
    mimeType: typeof json.mime_type === 'string' && json.mime_type !== '' ? json.mime_type : null,
    size,
  };
}

/** How to reach one media id: the lookup URL, the credential header, and the provider's error reading. */
export interface GraphMediaAccess {
  lookupUrl: string;
  headers: Record<string, string>;
  parseError(result: HttpResult): ProviderError;
  /** Where the answered URL is downloaded from (360dialog proxies Meta's media host); the URL itself otherwise. */
  downloadUrl?(url: string): string;
}

// Meta's media URLs live about five minutes: a download refused with one of these asks the media id again.
const EXPIRED_URL_STATUSES = new Set([401, 404, 410]);

/**
 * GET the media id for a short-lived URL, then GET that URL with the same credential. A refused download gets one
 * fresh URL at once; refused again, it is left to the job's next attempt.
 */
export async function fetchGraphMedia(access: GraphMediaAccess): Promise<FetchedMedia> {
  for (let round = 1; ; round += 1) {
    const lookup = await getJson(access.lookupUrl, { headers: access.headers });
    if (lookup.status < 200 || lookup.status >= 300) throw access.parseError(lookup);
    const info = readMediaInfo(lookup.json);
    const download = await openDownload(access.downloadUrl?.(info.url) ?? info.url, access.headers);
    if (isSuccess(download)) return fetchedMedia(download, info);
    if (!EXPIRED_URL_STATUSES.has(download.status)) throw downloadFailure(download);
    discard(download);
    if (round > 1) {
      throw new ProviderError(
        'PROVIDER_UNAVAILABLE',
        true,
        `GET ${redactUrl(download.url)}: HTTP ${download.status} with a fresh media URL`,
        download.status,
      );
    }
  }
}

/** Received files of the Cloud API, with the channel's system-user token. */
export class WhatsappCloudMediaClient {
  private readonly graphUrl: string;

  constructor(graphUrl: string) {
    this.graphUrl = graphUrl.replace(/\/+$/, '');
  }

  fetch(accessToken: string, mediaId: string): Promise<FetchedMedia> {
    return fetchGraphMedia({
      lookupUrl: `${this.graphUrl}/${encodeURIComponent(mediaId)}`,
      headers: { authorization: `Bearer ${accessToken}` },
      parseError: parseWhatsappError,
    });
  }
}

/** The media id of a received file, or the permanent error of a message that names none. */
export function requiredMediaId(mediaId: string | null | undefined): string {
  if (!mediaId) throw new ProviderError('MEDIA_UNAVAILABLE', false, 'The message names no media id');
  return mediaId;
}

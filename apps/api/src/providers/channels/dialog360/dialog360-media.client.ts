import type { FetchedMedia } from '../channel-provider';
import { fetchGraphMedia } from '../whatsapp-cloud/whatsapp-cloud-media.client';
import { parseDialog360Error } from './dialog360-error.parser';

/**
 * Received files through 360dialog (https://docs.360dialog.com/partner/messaging/media-messages/upload-retrieve-delete-media):
 * GET {base}/{media-id} with D360-API-KEY answers Meta's media URL (https://lookaside.fbsbx.com/whatsapp_business/
 * attachments/?mid=…), which is downloaded through 360dialog: same path and query on 360dialog's host, same key.
 * 360dialog blocks the lookup for 30 minutes after 20 errors an hour, so 4xx answers are never retried.
 */
export class Dialog360MediaClient {
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  fetch(apiKey: string, mediaId: string): Promise<FetchedMedia> {
    return fetchGraphMedia({
      lookupUrl: `${this.baseUrl}/${encodeURIComponent(mediaId)}`,
      headers: { 'D360-API-KEY': apiKey },
      parseError: parseDialog360Error,
      downloadUrl: (url) => this.onGateway(url),
    });
  }

  /** Meta's media URL with 360dialog's host: the key is never sent to Meta's host. */
  onGateway(url: string): string {
    const meta = new URL(url);
    return `${this.baseUrl}${meta.pathname}${meta.search}`;
  }
}

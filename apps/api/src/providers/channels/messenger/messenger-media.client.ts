import type { FetchedMedia } from '../channel-provider';
import { checkedMediaUrl, downloadFailure, fetchedMedia, isSuccess, openDownload } from '../media-download';

/**
 * A Messenger attachment: its payload.url is a signed CDN link that works without credentials until it expires,
 * so no Page token goes with it (it would hand the token to a CDN). An expired link cannot be renewed: the
 * failure is permanent.
 */
export async function fetchMessengerMedia(url: string | null | undefined): Promise<FetchedMedia> {
  const download = await openDownload(checkedMediaUrl(url));
  if (isSuccess(download)) return fetchedMedia(download);
  throw downloadFailure(download);
}

import type { FetchedMedia } from '../channel-provider';
import { checkedMediaUrl, downloadFailure, fetchedMedia, isSuccess, openDownload } from '../media-download';
import type { TwilioCredentials } from './sms.client';

/**
 * An MMS file (MediaUrl{N}): Twilio may enforce HTTP Basic authentication on media URLs
 * (https://www.twilio.com/docs/messaging/api/media-resource), so the account SID and auth token go with it — but
 * only to the API's own origin: a URL naming another host never gets the credentials. Twilio answers with a
 * redirect to a short-lived signed URL, which fetch follows without the Authorization header.
 */
export async function fetchTwilioMedia(
  apiUrl: string,
  credentials: TwilioCredentials,
  url: string | null | undefined,
): Promise<FetchedMedia> {
  const target = checkedMediaUrl(url);
  const headers: Record<string, string> = {};
  if (new URL(target).origin === new URL(apiUrl).origin) {
    const basic = Buffer.from(`${credentials.accountSid}:${credentials.authToken}`, 'utf8').toString(
      'base64',
    );
    headers.authorization = `Basic ${basic}`;
  }
  const download = await openDownload(target, headers);
  if (isSuccess(download)) return fetchedMedia(download);
  throw downloadFailure(download);
}

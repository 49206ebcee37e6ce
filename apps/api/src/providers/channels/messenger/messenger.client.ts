import { createHmac } from 'node:crypto';
import { postJson } from '../http-client';
import { readMessengerSendResponse } from './messenger.mapper';
import type { MessengerSendRequest } from './messenger.types';
import { parseMessengerError } from './messenger-error.parser';

/** HTTP calls to the Messenger Send API; the versioned Graph base URL comes from config. */
export class MessengerClient {
  private readonly graphUrl: string;

  constructor(
    graphUrl: string,
    private readonly appSecret: string,
  ) {
    this.graphUrl = graphUrl.replace(/\/+$/, '');
  }

  /**
   * POST /{page-id}/messages, as the current Send API reference writes it, with the Page token in the
   * `access_token` parameter (the only way that reference documents) and its `appsecret_proof`, which Meta requires
   * when the app enables "Require App Secret" and accepts otherwise:
   * https://developers.facebook.com/docs/graph-api/securing-requests#appsecret_proof
   * The query string is redacted from every error we raise, so the token never reaches logs.
   */
  async sendMessage(pageId: string, pageToken: string, body: MessengerSendRequest): Promise<string> {
    const query = new URLSearchParams({ access_token: pageToken });
    if (this.appSecret) query.set('appsecret_proof', appSecretProof(pageToken, this.appSecret));
    const url = `${this.graphUrl}/${encodeURIComponent(pageId)}/messages?${query.toString()}`;
    const result = await postJson(url, body);
    if (result.status < 200 || result.status >= 300) throw parseMessengerError(result);
    return readMessengerSendResponse(result.json);
  }
}

/** HMAC-SHA256 of the access token keyed with the app secret, hex. */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

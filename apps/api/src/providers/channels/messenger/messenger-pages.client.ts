import { ProviderError } from '../channel-provider';
import { getJson, type HttpResult, isRecord, postForm } from '../http-client';
import { appSecretProof } from './messenger.client';
import type {
  GraphDebugTokenResponse,
  GraphLongLivedTokenResponse,
  GraphPageAccount,
  GraphPageAccountsResponse,
} from './messenger.types';
import { parseMessengerError } from './messenger-error.parser';

/**
 * What each Page is subscribed to (02 §7: messages, conversations and postbacks), plus the delivery and read
 * receipts the inbox turns into status ticks.
 * https://developers.facebook.com/docs/messenger-platform/webhooks#connect-your-app
 */
export const MESSENGER_SUBSCRIBED_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_deliveries',
  'message_reads',
  'conversations',
] as const;

/** /me/accounts pages of 100; a user managing more than this many Pages is not a case we serve. */
const PAGE_LIMIT = 100;
const MAX_PAGE_REQUESTS = 20;

export interface MessengerPage {
  pageId: string;
  name: string;
  /** Null when the user has no task on the Page that grants a token (they cannot manage its messages). */
  pageToken: string | null;
  pictureUrl: string | null;
}

export interface LongLivedUserToken {
  token: string;
  /** Null when Graph says it does not expire. */
  expiresAt: Date | null;
}

export interface MessengerPagesClientOptions {
  /** Versioned Graph API base URL (MESSENGER_GRAPH_URL). */
  graphUrl: string;
  appId: string;
  appSecret: string;
  now?: () => number;
}

/**
 * The Graph API calls that connect a company's Facebook Pages (02 §4 Messenger channel sync): the long-lived user
 * token, the Pages it manages, their webhook subscription and token expiry. Tokens travel in the query string
 * or form body as Graph documents; errors never carry the URL's query (http-client redacts it).
 */
export class MessengerPagesClient {
  private readonly graphUrl: string;
  private readonly now: () => number;

  constructor(private readonly options: MessengerPagesClientOptions) {
    this.graphUrl = options.graphUrl.replace(/\/+$/, '');
    this.now = options.now ?? Date.now;
  }

  /**
   * GET /oauth/access_token?grant_type=fb_exchange_token: a short-lived user token for a long-lived one.
   * https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
   */
  async exchangeUserToken(userToken: string): Promise<LongLivedUserToken> {
    const query = new URLSearchParams({
      grant_type: 'fb_exchange_token',
      client_id: this.options.appId,
      client_secret: this.options.appSecret,
      fb_exchange_token: userToken,
    });
    const json = ok(await getJson(`${this.graphUrl}/oauth/access_token?${query.toString()}`));
    const body = json as Partial<GraphLongLivedTokenResponse>;
    if (!isRecord(json) || typeof body.access_token !== 'string' || body.access_token === '') {
      throw malformed('oauth/access_token returned no access_token');
    }
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : null;
    return {
      token: body.access_token,
      expiresAt: expiresIn === null ? null : new Date(this.now() + expiresIn * 1000),
    };
  }

  /** GET /me/accounts, every page of results: the Pages the user manages with their Page tokens. */
  async listPages(userToken: string): Promise<MessengerPage[]> {
    const pages: MessengerPage[] = [];
    let after: string | undefined;
    for (let request = 0; request < MAX_PAGE_REQUESTS; request += 1) {
      const query = this.authQuery(userToken, {
        fields: 'id,name,access_token,picture{url}',
        limit: String(PAGE_LIMIT),
      });
      if (after) query.set('after', after);
      const json = ok(await getJson(`${this.graphUrl}/me/accounts?${query.toString()}`));
      const body = json as Partial<GraphPageAccountsResponse>;
      if (!isRecord(json) || !Array.isArray(body.data)) throw malformed('me/accounts returned no data list');
      for (const account of body.data) {
        const page = toPage(account);
        if (page) pages.push(page);
      }
      // Graph's `next` is an absolute URL on its own host: only its presence is trusted, the cursor is reused.
      after = body.paging?.next ? body.paging.cursors?.after : undefined;
      if (!after) break;
    }
    return pages;
  }

  /** POST /{page-id}/subscribed_apps with the Page token: the Page's webhooks reach this app. */
  async subscribePage(pageId: string, pageToken: string): Promise<void> {
    const form = this.authQuery(pageToken, { subscribed_fields: MESSENGER_SUBSCRIBED_FIELDS.join(',') });
    const json = ok(await postForm(`${this.graphUrl}/${encodeURIComponent(pageId)}/subscribed_apps`, form));
    if (!isRecord(json) || json.success !== true) throw malformed('subscribed_apps did not answer success');
  }

  /**
   * GET /debug_token with the app token: when a Page token stops working. A Page token from a long-lived user
   * token never expires (expires_at 0) but loses data access at data_access_expires_at; null when neither is set.
   */
  async tokenExpiry(token: string): Promise<Date | null> {
    const query = new URLSearchParams({
      input_token: token,
      access_token: `${this.options.appId}|${this.options.appSecret}`,
    });
    const json = ok(await getJson(`${this.graphUrl}/debug_token?${query.toString()}`));
    const data = isRecord(json) ? (json as Partial<GraphDebugTokenResponse>).data : undefined;
    if (!isRecord(data)) throw malformed('debug_token returned no data');
    if (data.is_valid !== true) {
      throw new ProviderError('PROVIDER_AUTH_ERROR', false, 'debug_token: the Page token is not valid');
    }
    const seconds = [data.expires_at, data.data_access_expires_at].filter(
      (value): value is number => typeof value === 'number' && value > 0,
    );
    return seconds.length > 0 ? new Date(Math.min(...seconds) * 1000) : null;
  }

  /** The token and its appsecret_proof (required when the app enables "Require App Secret"). */
  private authQuery(token: string, extra: Record<string, string>): URLSearchParams {
    const query = new URLSearchParams({ ...extra, access_token: token });
    if (this.options.appSecret) query.set('appsecret_proof', appSecretProof(token, this.options.appSecret));
    return query;
  }
}

function ok(result: HttpResult): unknown {
  if (result.status < 200 || result.status >= 300) throw parseMessengerError(result);
  return result.json;
}

function malformed(info: string): ProviderError {
  return new ProviderError('PROVIDER_UNAVAILABLE', false, info);
}

function toPage(account: unknown): MessengerPage | null {
  if (!isRecord(account)) return null;
  const { id, name, access_token: token, picture } = account as Partial<GraphPageAccount>;
  if (typeof id !== 'string' || id === '') return null;
  const url = picture?.data?.url;
  return {
    pageId: id,
    name: typeof name === 'string' && name.trim() !== '' ? name.trim() : id,
    pageToken: typeof token === 'string' && token !== '' ? token : null,
    pictureUrl: typeof url === 'string' && url !== '' ? url : null,
  };
}

import { DEFAULT_CONVERSATION_FILTER, defaultConversationFilterType, HOME_ROUTE } from '@crm/shared';
import {
  conversationPageRequest,
  conversationsPreloadKey,
  fetchConversationPage,
} from '../../features/inbox/list/api/conversations.rest';
import meQuery from '../../features/session/api/me.query.graphql?raw';
import type { MeQuery } from '../../gql/graphql';
import { graphqlPreloadKey, isPreloaded, keepPreloaded } from '../../lib/preload';
import { getToken } from '../../lib/storage';

interface MeAnswer {
  data?: MeQuery | null;
}

const ME_KEY = graphqlPreloadKey('Me');

/** POST /graphql with the session's query as Apollo would send it; null unless the server answered 2xx. */
async function fetchMe(token: string): Promise<MeAnswer | null> {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json,application/json;q=0.9',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ operationName: 'Me', variables: {}, query: meQuery }),
  });
  return response.ok ? ((await response.json()) as MeAnswer) : null;
}

/**
 * Issue 22: a signed-in page opened with a token asks for the session's `me` (and on /chat, the inbox's first page
 * right after it) as soon as the app starts, while the shell's code is still on its way, instead of after it. The
 * session and the list take these answers (lib/preload.ts) if they are still for the same token and request.
 */
export function preloadSession(pathname: string): void {
  const token = getToken();
  if (!token || isPreloaded(ME_KEY)) return;
  const me = fetchMe(token).catch(() => null);
  keepPreloaded(ME_KEY, token, me);
  if (pathname !== HOME_ROUTE && !pathname.startsWith(`${HOME_ROUTE}/`)) return;
  // The inbox's view depends on the role (issue 19), so its first page follows `me`; it is kept under the request
  // the list will send, before the session (which reads the same promise later) lets the list render.
  void me.then((answer) => {
    const user = answer?.data?.me;
    if (!user) return;
    const type = defaultConversationFilterType({
      roleName: user.rol?.name ?? '',
      adminOf: user.isAdminOfIds,
    });
    const request = conversationPageRequest({ ...DEFAULT_CONVERSATION_FILTER, type });
    keepPreloaded(conversationsPreloadKey(request), token, fetchConversationPage(request));
  });
}

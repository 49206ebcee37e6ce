import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { from, mergeMap, of } from 'rxjs';
import { isSessionErrorCode, resolveError } from './errors';
import { graphqlPreloadKey, takePreloaded } from './preload';
import { endRejectedSession, onSessionEnd } from './session';
import { getToken } from './storage';

export function createApolloClient(): ApolloClient {
  const authLink = new SetContextLink((previous) => {
    const token = getToken();
    const headers: Record<string, string> = { ...(previous.headers as Record<string, string> | undefined) };
    if (token) headers.authorization = `Bearer ${token}`;
    return { headers };
  });

  // 01 §4 Session: INVALID_TOKEN from the graph service ends the session wherever the query came from.
  const sessionLink = new ErrorLink(({ error }) => {
    if (isSessionErrorCode(resolveError(error).code)) endRejectedSession();
  });

  // Issue 22: a query without variables asked for before this client was loaded (the session's `me`, preloaded by
  // name) is answered by that request's response, once; a failed preload goes to the network like any query.
  const preloadLink = new ApolloLink((operation, forward) => {
    const name = operation.operationName;
    const waiting =
      name && Object.keys(operation.variables).length === 0
        ? takePreloaded<ApolloLink.Result>(graphqlPreloadKey(name))
        : null;
    if (!waiting) return forward(operation);
    return from(waiting).pipe(mergeMap((result) => (result ? of(result) : forward(operation))));
  });

  const client = new ApolloClient({
    link: ApolloLink.from([sessionLink, preloadLink, authLink, new HttpLink({ uri: '/graphql' })]),
    cache: new InMemoryCache(),
    // 01 §7: the graph service is used with no cache.
    defaultOptions: {
      watchQuery: { fetchPolicy: 'network-only' },
      query: { fetchPolicy: 'network-only' },
      mutate: { fetchPolicy: 'no-cache' },
    },
  });

  onSessionEnd(() => {
    void client.clearStore();
  });

  return client;
}

export const apolloClient = createApolloClient();

import { ApolloProvider, getApolloContext } from '@apollo/client/react';
import { type ReactNode, useContext } from 'react';
import { apolloClient } from '../../lib/apollo';

/**
 * The GraphQL client for the pages that use it: the signed-in shell and the few public pages that load the session
 * (first payment, onboarding). Not in the app's providers, so /login and the other public pages do not download
 * Apollo Client (issue 22). A client given by an outer provider (a test's) is kept.
 */
export function ApolloScope({ children }: { children: ReactNode }) {
  const outer = useContext(getApolloContext());
  if (outer.client) return children;
  return <ApolloProvider client={apolloClient}>{children}</ApolloProvider>;
}

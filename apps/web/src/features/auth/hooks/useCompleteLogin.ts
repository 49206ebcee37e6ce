import { destinationAfterLogin } from '@crm/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from '../../../lib/session';
import { removeQrUri, setToken } from '../../../lib/storage';

/**
 * The GraphQL client and the `me` query, fetched when a login starts rather than with the login form: /login does not
 * download Apollo Client (issue 22). The signed-in shell uses the same client once the login has gone through.
 */
export function loadSessionClient() {
  return Promise.all([import('../../../lib/apollo'), import('../../session/api/me.graphql')]);
}

// Stores the token, loads the user and goes where the company status says (01 §2.1).
export function useCompleteLogin(): (token: string) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (token: string) => {
      setToken(token);
      removeQrUri();
      try {
        const [{ apolloClient }, { ME_QUERY }] = await loadSessionClient();
        const { data } = await apolloClient.query({ query: ME_QUERY });
        if (!data) throw new Error('Me query returned no data');
        navigate(destinationAfterLogin(data.me.company.status), { replace: true });
      } catch (error) {
        // 01 §2.3 Auth: a load error clears the session.
        endSession();
        throw error;
      }
    },
    [navigate],
  );
}

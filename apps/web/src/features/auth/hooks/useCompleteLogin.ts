import { useApolloClient } from '@apollo/client/react';
import { destinationAfterLogin } from '@crm/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from '../../../lib/session';
import { removeQrUri, setToken } from '../../../lib/storage';
import { ME_QUERY } from '../../session/api/me.graphql';

// Stores the token, loads the user and goes where the company status says (01 §2.1).
export function useCompleteLogin(): (token: string) => Promise<void> {
  const client = useApolloClient();
  const navigate = useNavigate();
  return useCallback(
    async (token: string) => {
      setToken(token);
      removeQrUri();
      try {
        const { data } = await client.query({ query: ME_QUERY });
        if (!data) throw new Error('Me query returned no data');
        navigate(destinationAfterLogin(data.me.company.status), { replace: true });
      } catch (error) {
        // 01 §2.3 Auth: a load error clears the session.
        endSession();
        throw error;
      }
    },
    [client, navigate],
  );
}

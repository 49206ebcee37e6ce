import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { graphql } from '../../../gql';
import { handleError } from '../../../lib/errors';
import { useSession } from './useSession';

const SET_AVAILABILITY = graphql(`
  mutation SetAvailability($isAvailable: Boolean!) {
    setAvailability(isAvailable: $isAvailable) {
      id
      isAvailable
    }
  }
`);

/** 02 §4: the agent's availability toggle; the team sees it through updateUserData, this tab at once. */
export function useAvailability(): { saving: boolean; setAvailable: (available: boolean) => Promise<void> } {
  const { refetchMe } = useSession();
  const [mutate, { loading }] = useMutation(SET_AVAILABILITY);
  const setAvailable = useCallback(
    async (isAvailable: boolean) => {
      try {
        await mutate({ variables: { isAvailable } });
        await refetchMe();
      } catch (error) {
        handleError(error);
      }
    },
    [mutate, refetchMe],
  );
  return { saving: loading, setAvailable };
}

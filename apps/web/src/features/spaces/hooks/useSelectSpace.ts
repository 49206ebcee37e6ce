import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { MeSpace } from '../../session/api/me.graphql';
import { useSession } from '../../session/hooks/useSession';
import { SELECT_SPACE_MUTATION } from '../api/spaces.graphql';

// 01 §2.2: switching selects the space and reloads the user's data; a failure shows an error toast.
export function useSelectSpace(): { selecting: boolean; selectSpace: (space: MeSpace) => Promise<void> } {
  const { refetchMe } = useSession();
  const [mutate, { loading }] = useMutation(SELECT_SPACE_MUTATION);

  const selectSpace = useCallback(
    async (space: MeSpace) => {
      try {
        await mutate({ variables: { spaceId: space.id } });
        await refetchMe();
        toast.success(`Ahora trabajas en el espacio ${space.name}`);
      } catch (error) {
        handleError(error);
      }
    },
    [mutate, refetchMe],
  );

  return { selecting: loading, selectSpace };
}

import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import type { BotWelcomeMessageFragment } from '../../../gql/graphql';
import { handleError } from '../../../lib/errors';
import {
  CREATE_WELCOME_MESSAGE,
  UPDATE_WELCOME_MESSAGE,
  WELCOME_MESSAGES_QUERY,
} from '../api/welcome.graphql';

/** A channel's welcome message (02 §3 Welcome message). */
export type WelcomeMessage = BotWelcomeMessageFragment;

/** What the form saves: a text, or an accepted template (templateId) with its variables. */
export interface WelcomeValues {
  text: string;
  isActive: boolean;
  useInWorkingHours: boolean;
  templateId: number | null;
  variables: string[];
}

/** The channel's welcome message (one per channel) and its save: created the first time, then updated. */
export function useWelcomeMessage(channelId: number) {
  const query = useQuery(WELCOME_MESSAGES_QUERY, {
    variables: { channelId },
    fetchPolicy: 'cache-and-network',
  });
  // Mutations skip the cache (lib/apollo): the welcome message is read again after a save.
  const refetch = {
    refetchQueries: [{ query: WELCOME_MESSAGES_QUERY, variables: { channelId } }],
    awaitRefetchQueries: true,
  };
  const [createWelcome] = useMutation(CREATE_WELCOME_MESSAGE, refetch);
  const [updateWelcome] = useMutation(UPDATE_WELCOME_MESSAGE, refetch);

  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error]);

  const message = query.data?.welcomeMessages.find((welcome) => welcome.channelId === channelId) ?? null;

  return {
    message,
    loading: query.loading,
    save: async (values: WelcomeValues) => {
      if (message) await updateWelcome({ variables: { input: { id: message.id, ...values } } });
      else await createWelcome({ variables: { input: { channelId, ...values } } });
    },
  };
}

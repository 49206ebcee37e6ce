import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useMemo } from 'react';
import { handleError } from '../../../lib/errors';
import {
  CREATE_FOLLOW_UP_BOT,
  DELETE_FOLLOW_UP_BOT,
  FOLLOW_UP_BOTS_QUERY,
  UPDATE_FOLLOW_UP_BOT,
} from '../api/followUpBots.graphql';
import type { FollowUpBotConfig, FollowUpBotValues } from './FollowUpBotForm';

/** The channel's follow-up bots (shortest wait first) and their calls; each change reloads the list. */
export function useFollowUpBots(channelId: number) {
  const query = useQuery(FOLLOW_UP_BOTS_QUERY, {
    variables: { channelId },
    fetchPolicy: 'cache-and-network',
  });
  // Mutations skip the cache (lib/apollo): the list is read again after each change.
  const refetch = {
    refetchQueries: [{ query: FOLLOW_UP_BOTS_QUERY, variables: { channelId } }],
    awaitRefetchQueries: true,
  };
  const [createConfig] = useMutation(CREATE_FOLLOW_UP_BOT, refetch);
  const [updateConfig] = useMutation(UPDATE_FOLLOW_UP_BOT, refetch);
  const [deleteConfig] = useMutation(DELETE_FOLLOW_UP_BOT, refetch);

  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error]);

  const configs: FollowUpBotConfig[] = useMemo(
    () =>
      [...(query.data?.messageBotConfigs ?? [])].sort((a, b) => a.timeLapseInSeconds - b.timeLapseInSeconds),
    [query.data],
  );

  return {
    configs,
    loading: query.loading,
    create: async (values: FollowUpBotValues) => {
      await createConfig({ variables: { input: { channelId, ...values } } });
    },
    update: async (id: number, values: Partial<FollowUpBotValues>) => {
      await updateConfig({ variables: { id, input: values } });
    },
    remove: async (id: number) => {
      await deleteConfig({ variables: { id } });
    },
  };
}

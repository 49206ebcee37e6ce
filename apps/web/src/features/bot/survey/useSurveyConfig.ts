import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import type { BotSurveyConfigFragment } from '../../../gql/graphql';
import { handleError } from '../../../lib/errors';
import { CREATE_SURVEY_CONFIG, SURVEY_CONFIGS_QUERY, UPDATE_SURVEY_CONFIG } from '../api/survey.graphql';

export type SurveyConfig = BotSurveyConfigFragment;

/** What the form saves: the opening text, whether it is sent, and the whole option list (stored ones by id). */
export interface SurveyValues {
  initText: string;
  isActive: boolean;
  options: Array<{ id?: number; text: string; value: number; index: number; endText: string }>;
}

/** The channel's survey (the company has one per channel) and its save: create the first time, then update. */
export function useSurveyConfig(channelId: number) {
  const query = useQuery(SURVEY_CONFIGS_QUERY, { fetchPolicy: 'cache-and-network' });
  // Mutations skip the cache (lib/apollo): the surveys are read again after a save.
  const refetch = { refetchQueries: [{ query: SURVEY_CONFIGS_QUERY }], awaitRefetchQueries: true };
  const [createSurvey] = useMutation(CREATE_SURVEY_CONFIG, refetch);
  const [updateSurvey] = useMutation(UPDATE_SURVEY_CONFIG, refetch);

  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error]);

  const config = query.data?.surveyConfigs.find((survey) => survey.channelId === channelId) ?? null;

  return {
    config,
    loading: query.loading,
    save: async (values: SurveyValues) => {
      if (config) await updateSurvey({ variables: { input: { id: config.id, ...values } } });
      else await createSurvey({ variables: { input: { channelId, ...values } } });
    },
  };
}

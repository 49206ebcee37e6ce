import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { handleError } from '../../../../lib/errors';
import {
  FILTER_AGENTS_QUERY,
  FILTER_CHANNELS_QUERY,
  FILTER_TAGS_QUERY,
  type FilterAgent,
  type FilterChannel,
  type FilterTag,
} from '../api/inbox.graphql';

export interface FilterOptions {
  tags: FilterTag[];
  /** Null when the user may not filter by agent (no readUsers). */
  agents: FilterAgent[] | null;
  channels: FilterChannel[];
}

/** The tag, agent and channel pickers of the list filters (02 §2, §6). */
export function useFilterOptions(canReadUsers: boolean): FilterOptions {
  const tags = useQuery(FILTER_TAGS_QUERY);
  const agents = useQuery(FILTER_AGENTS_QUERY, { skip: !canReadUsers });
  const channels = useQuery(FILTER_CHANNELS_QUERY);
  const error = tags.error ?? agents.error ?? channels.error;
  useEffect(() => {
    if (error) handleError(error);
  }, [error]);
  return {
    tags: tags.data?.tags ?? [],
    agents: canReadUsers ? (agents.data?.agents ?? []) : null,
    channels: channels.data?.inboxChannels ?? [],
  };
}

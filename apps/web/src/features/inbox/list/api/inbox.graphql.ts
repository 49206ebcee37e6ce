import { graphql } from '../../../../gql';
import type {
  InboxFilterAgentsQuery,
  InboxFilterChannelsQuery,
  InboxFilterTagsQuery,
} from '../../../../gql/graphql';

export type FilterTag = InboxFilterTagsQuery['tags'][number];
export type FilterAgent = InboxFilterAgentsQuery['agents'][number];
export type FilterChannel = InboxFilterChannelsQuery['inboxChannels'][number];

export const CONVERSATION_QUERY = graphql(`
  query InboxConversation($clientId: Int!) {
    conversation(clientId: $clientId) {
      ...ConversationViewFields
    }
  }
`);

export const MARK_CONVERSATION_READ = graphql(`
  mutation InboxMarkConversationRead($clientId: Int!) {
    markConversationRead(clientId: $clientId)
  }
`);

export const FILTER_TAGS_QUERY = graphql(`
  query InboxFilterTags {
    tags {
      id
      name
      color
    }
  }
`);

export const FILTER_AGENTS_QUERY = graphql(`
  query InboxFilterAgents {
    agents {
      id
      name
    }
  }
`);

export const FILTER_CHANNELS_QUERY = graphql(`
  query InboxFilterChannels {
    inboxChannels {
      id
      name
      platform
    }
  }
`);

/**
 * Apollo adds __typename to every object it asks for; a conversation that lives beside socket payloads must have
 * the same keys, so the list's change detection compares like with like.
 */
export function withoutTypename<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, inner: unknown) => (key === '__typename' ? undefined : inner)),
  ) as T;
}

import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ConversationView } from '@crm/shared';
import { CONVERSATION_VIEW_FRAGMENT } from '../../api/conversation.fragment';

export const CONVERSATION_QUERY: TypedDocumentNode<{ conversation: ConversationView }, { clientId: number }> =
  gql`
  query InboxConversation($clientId: Int!) {
    conversation(clientId: $clientId) {
      ...ConversationViewFields
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export const MARK_CONVERSATION_READ: TypedDocumentNode<
  { markConversationRead: number },
  { clientId: number }
> = gql`
  mutation InboxMarkConversationRead($clientId: Int!) {
    markConversationRead(clientId: $clientId)
  }
`;

export interface FilterTag {
  id: number;
  name: string;
  color: string;
}

export interface FilterAgent {
  id: number;
  name: string;
}

export const FILTER_TAGS_QUERY: TypedDocumentNode<{ tags: FilterTag[] }, Record<string, never>> = gql`
  query InboxFilterTags {
    tags {
      id
      name
      color
    }
  }
`;

export const FILTER_AGENTS_QUERY: TypedDocumentNode<{ agents: FilterAgent[] }, Record<string, never>> = gql`
  query InboxFilterAgents {
    agents {
      id
      name
    }
  }
`;

export interface FilterChannel {
  id: number;
  name: string;
  platform: string;
}

export const FILTER_CHANNELS_QUERY: TypedDocumentNode<
  { inboxChannels: FilterChannel[] },
  Record<string, never>
> = gql`
  query InboxFilterChannels {
    inboxChannels {
      id
      name
      platform
    }
  }
`;

/**
 * Apollo adds __typename to every object it asks for; a conversation that lives beside socket payloads must have
 * the same keys, so the list's change detection compares like with like.
 */
export function withoutTypename<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value, (key, inner: unknown) => (key === '__typename' ? undefined : inner)),
  ) as T;
}

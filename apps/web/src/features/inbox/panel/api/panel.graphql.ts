import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ConversationView, MessageSenderKind } from '@crm/shared';
import { CONVERSATION_VIEW_FRAGMENT } from '../../api/conversation.fragment';
import type { ClientInfoEntry, DatasheetField } from '../datasheet';
import type { FollowUpInputValue, FollowUpTemplate } from '../followUp';

type NoVariables = Record<string, never>;
interface ClientIdVariables {
  clientId: number;
}

// ---- Pickers ----

export interface PanelTag {
  id: number;
  name: string;
  color: string;
}

export const TAGS_QUERY: TypedDocumentNode<{ tags: PanelTag[] }, NoVariables> = gql`
  query PanelTags {
    tags {
      id
      name
      color
    }
  }
`;

export interface PanelAgent {
  id: number;
  name: string;
  isAvailable: boolean;
  roleName: string;
}

export const AGENTS_QUERY: TypedDocumentNode<{ agents: PanelAgent[] }, NoVariables> = gql`
  query PanelAgents {
    agents {
      id
      name
      isAvailable
      roleName
    }
  }
`;

/** 02 §3 isShowActiveAgents / forceActiveAgentsReassignation, as the reassignment list applies them. */
export interface ReassignSettings {
  showAvailability: boolean;
  onlyAvailable: boolean;
  showGroups: boolean;
}

export const REASSIGN_SETTINGS_QUERY: TypedDocumentNode<{ reassignSettings: ReassignSettings }, NoVariables> =
  gql`
  query ReassignSettings {
    reassignSettings {
      showAvailability
      onlyAvailable
      showGroups
    }
  }
`;

export interface PanelCategory {
  id: number;
  name: string;
}

export const CATEGORIES_QUERY: TypedDocumentNode<{ categories: PanelCategory[] }, NoVariables> = gql`
  query PanelCategories {
    categories {
      id
      name
    }
  }
`;

// ---- Data sheet ----

export const DATASHEET_FIELDS_QUERY: TypedDocumentNode<{ datasheetFields: DatasheetField[] }, NoVariables> =
  gql`
  query PanelDatasheetFields {
    datasheetFields {
      id
      name
      type
      options
      isDefault
    }
  }
`;

export const CLIENT_INFOS_QUERY: TypedDocumentNode<{ clientInfos: ClientInfoEntry[] }, ClientIdVariables> =
  gql`
  query PanelClientInfos($clientId: Int!) {
    clientInfos(clientId: $clientId) {
      id
      clientId
      fieldId
      fieldName
      value
    }
  }
`;

export const SAVE_CLIENT_INFO_MUTATION: TypedDocumentNode<
  { saveClientInfo: ClientInfoEntry | null },
  { clientId: number; fieldId: number; value: string }
> = gql`
  mutation PanelSaveClientInfo($clientId: Int!, $fieldId: Int!, $value: String!) {
    saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: $value) {
      id
      clientId
      fieldId
      fieldName
      value
    }
  }
`;

// ---- Follow-up messages ----

export interface FollowUpMessage {
  id: number;
  clientId: number;
  channelId: number;
  agentId: number | null;
  agentName: string | null;
  content: string;
  sendAt: string;
  templateId: number | null;
  templateName: string | null;
  variables: string[];
  file: Record<string, unknown> | null;
  status: string;
}

const FOLLOW_UP_FIELDS = gql`
  fragment PanelFollowUp on FollowUpMessage {
    id
    clientId
    channelId
    agentId
    agentName
    content
    sendAt
    templateId
    templateName
    variables
    file
    status
  }
`;

export const FOLLOW_UPS_QUERY: TypedDocumentNode<{ followUpMessages: FollowUpMessage[] }, ClientIdVariables> =
  gql`
  query PanelFollowUps($clientId: Int!) {
    followUpMessages(clientId: $clientId) {
      ...PanelFollowUp
    }
  }
  ${FOLLOW_UP_FIELDS}
`;

export const CREATE_FOLLOW_UP_MUTATION: TypedDocumentNode<
  { createFollowUpMessage: FollowUpMessage },
  { clientId: number; input: FollowUpInputValue }
> = gql`
  mutation PanelCreateFollowUp($clientId: Int!, $input: FollowUpInput!) {
    createFollowUpMessage(clientId: $clientId, input: $input) {
      ...PanelFollowUp
    }
  }
  ${FOLLOW_UP_FIELDS}
`;

export const UPDATE_FOLLOW_UP_MUTATION: TypedDocumentNode<
  { updateFollowUpMessage: FollowUpMessage },
  { id: number; input: FollowUpInputValue }
> = gql`
  mutation PanelUpdateFollowUp($id: Int!, $input: FollowUpInput!) {
    updateFollowUpMessage(id: $id, input: $input) {
      ...PanelFollowUp
    }
  }
  ${FOLLOW_UP_FIELDS}
`;

export const DELETE_FOLLOW_UP_MUTATION: TypedDocumentNode<{ deleteFollowUpMessage: number }, { id: number }> =
  gql`
    mutation PanelDeleteFollowUp($id: Int!) {
      deleteFollowUpMessage(id: $id)
    }
  `;

/** 02 §4 Templates: only accepted templates of the conversation's channel are offered. */
export const ACCEPTED_TEMPLATES_QUERY: TypedDocumentNode<
  { whatsappTemplates: FollowUpTemplate[] },
  { channelId: number }
> = gql`
  query PanelAcceptedTemplates($channelId: Int!) {
    whatsappTemplates(channelId: $channelId, status: "accepted") {
      id
      name
      variables
      components
    }
  }
`;

// ---- Forwarding ----

export interface ForwardableMessage {
  id: number;
  content: string;
  type: string;
  time: string;
  sender: MessageSenderKind;
}

export const RECENT_MESSAGES_QUERY: TypedDocumentNode<{ messages: ForwardableMessage[] }, ClientIdVariables> =
  gql`
  query PanelRecentMessages($clientId: Int!) {
    messages(clientId: $clientId, first: 30) {
      id
      content
      type
      time
      sender
    }
  }
`;

export const FORWARD_MESSAGES_MUTATION: TypedDocumentNode<
  { forwardMessages: Array<{ id: number }> },
  { messageIds: number[]; clientIds: number[] }
> = gql`
  mutation PanelForwardMessages($messageIds: [Int!]!, $clientIds: [Int!]!) {
    forwardMessages(messageIds: $messageIds, clientIds: $clientIds) {
      id
    }
  }
`;

// ---- Conversation actions (02 §1, §4) ----

type ConversationAnswer<K extends string> = { [P in K]: ConversationView };

export const RENAME_MUTATION: TypedDocumentNode<
  ConversationAnswer<'renameConversation'>,
  { clientId: number; name: string }
> = gql`
  mutation PanelRename($clientId: Int!, $name: String!) {
    renameConversation(clientId: $clientId, name: $name) {
      ...ConversationViewFields
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export const ADD_TAG_MUTATION: TypedDocumentNode<
  ConversationAnswer<'addTagToConversation'>,
  { clientId: number; tagId: number }
> = gql`
  mutation PanelAddTag($clientId: Int!, $tagId: Int!) {
    addTagToConversation(clientId: $clientId, tagId: $tagId) {
      ...ConversationViewFields
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export const REMOVE_TAG_MUTATION: TypedDocumentNode<
  ConversationAnswer<'removeTagFromConversation'>,
  { clientId: number; tagId: number }
> = gql`
  mutation PanelRemoveTag($clientId: Int!, $tagId: Int!) {
    removeTagFromConversation(clientId: $clientId, tagId: $tagId) {
      ...ConversationViewFields
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export const SET_CATEGORY_MUTATION: TypedDocumentNode<
  ConversationAnswer<'setConversationCategory'>,
  { clientId: number; categoryId: number | null }
> = gql`
  mutation PanelSetCategory($clientId: Int!, $categoryId: Int) {
    setConversationCategory(clientId: $clientId, categoryId: $categoryId) {
      ...ConversationViewFields
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export const SET_ARCHIVED_MUTATION: TypedDocumentNode<
  ConversationAnswer<'setConversationArchived'>,
  { clientId: number; archived: boolean }
> = gql`
  mutation PanelSetArchived($clientId: Int!, $archived: Boolean!) {
    setConversationArchived(clientId: $clientId, archived: $archived) {
      ...ConversationViewFields
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export const SET_VALUABLE_MUTATION: TypedDocumentNode<
  ConversationAnswer<'setConversationValuable'>,
  { clientId: number; valuable: boolean }
> = gql`
  mutation PanelSetValuable($clientId: Int!, $valuable: Boolean!) {
    setConversationValuable(clientId: $clientId, valuable: $valuable) {
      ...ConversationViewFields
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export const SET_FOLLOW_UP_FLAG_MUTATION: TypedDocumentNode<
  ConversationAnswer<'setConversationFollowUp'>,
  { clientId: number; followUp: boolean }
> = gql`
  mutation PanelSetFollowUpFlag($clientId: Int!, $followUp: Boolean!) {
    setConversationFollowUp(clientId: $clientId, followUp: $followUp) {
      ...ConversationViewFields
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export const MARK_UNREAD_MUTATION: TypedDocumentNode<{ markConversationUnread: number }, ClientIdVariables> =
  gql`
    mutation PanelMarkUnread($clientId: Int!) {
      markConversationUnread(clientId: $clientId)
    }
  `;

export const CLOSE_MUTATION: TypedDocumentNode<
  { closeConversation: { client: ConversationView; surveySent: boolean } },
  { clientId: number; sendSurvey: boolean | null }
> = gql`
  mutation PanelClose($clientId: Int!, $sendSurvey: Boolean) {
    closeConversation(clientId: $clientId, sendSurvey: $sendSurvey) {
      client {
        ...ConversationViewFields
      }
      surveySent
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export const REOPEN_MUTATION: TypedDocumentNode<
  ConversationAnswer<'reopenConversation'>,
  ClientIdVariables
> = gql`
  mutation PanelReopen($clientId: Int!) {
    reopenConversation(clientId: $clientId) {
      ...ConversationViewFields
    }
  }
  ${CONVERSATION_VIEW_FRAGMENT}
`;

export interface CloseOptions {
  canClose: boolean;
  surveyAvailable: boolean;
  surveyByDefault: boolean;
}

/** Whether closing is offered and whether to ask about the channel's satisfaction survey. */
export const CLOSE_OPTIONS_QUERY: TypedDocumentNode<{ closeOptions: CloseOptions }, { clientId: number }> =
  gql`
  query PanelCloseOptions($clientId: Int!) {
    closeOptions(clientId: $clientId) {
      canClose
      surveyAvailable
      surveyByDefault
    }
  }
`;

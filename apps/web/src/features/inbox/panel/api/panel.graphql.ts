import { graphql } from '../../../../gql';
import type { PanelFollowUpFragment } from '../../../../gql/graphql';

// ---- Pickers ----

export const TAGS_QUERY = graphql(`
  query PanelTags {
    tags {
      id
      name
      color
    }
  }
`);

export const AGENTS_QUERY = graphql(`
  query PanelAgents {
    agents {
      id
      name
      isAvailable
      roleName
      isAgent
    }
  }
`);

/** 02 §3 isShowActiveAgents / forceActiveAgentsReassignation, as the reassignment list applies them. */
export const REASSIGN_SETTINGS_QUERY = graphql(`
  query ReassignSettings {
    reassignSettings {
      showAvailability
      onlyAvailable
      showGroups
    }
  }
`);

export const CATEGORIES_QUERY = graphql(`
  query PanelCategories {
    categories {
      id
      name
    }
  }
`);

// ---- Data sheet ----

export const DATASHEET_FIELDS_QUERY = graphql(`
  query PanelDatasheetFields {
    datasheetFields {
      id
      name
      type
      options
      isDefault
    }
  }
`);

export const CLIENT_INFOS_QUERY = graphql(`
  query PanelClientInfos($clientId: Int!) {
    clientInfos(clientId: $clientId) {
      id
      clientId
      fieldId
      fieldName
      value
    }
  }
`);

export const SAVE_CLIENT_INFO_MUTATION = graphql(`
  mutation PanelSaveClientInfo($clientId: Int!, $fieldId: Int!, $value: String!) {
    saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: $value) {
      id
      clientId
      fieldId
      fieldName
      value
    }
  }
`);

// ---- Follow-up messages ----

/** A scheduled message of the conversation (02 §4); `file` is the JSON {url, name, fileType} or null. */
export type FollowUpMessage = PanelFollowUpFragment;

export const FOLLOW_UP_FIELDS = graphql(`
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
    failureReason
  }
`);

export const FOLLOW_UPS_QUERY = graphql(`
  query PanelFollowUps($clientId: Int!) {
    followUpMessages(clientId: $clientId) {
      ...PanelFollowUp
    }
  }
`);

export const CREATE_FOLLOW_UP_MUTATION = graphql(`
  mutation PanelCreateFollowUp($clientId: Int!, $input: FollowUpInput!) {
    createFollowUpMessage(clientId: $clientId, input: $input) {
      ...PanelFollowUp
    }
  }
`);

export const UPDATE_FOLLOW_UP_MUTATION = graphql(`
  mutation PanelUpdateFollowUp($id: Int!, $input: FollowUpInput!) {
    updateFollowUpMessage(id: $id, input: $input) {
      ...PanelFollowUp
    }
  }
`);

export const DELETE_FOLLOW_UP_MUTATION = graphql(`
    mutation PanelDeleteFollowUp($id: Int!) {
      deleteFollowUpMessage(id: $id)
    }
  `);

/** 02 §4 Templates: only accepted templates of the conversation's channel are offered. */
export const ACCEPTED_TEMPLATES_QUERY = graphql(`
  query PanelAcceptedTemplates($channelId: Int!) {
    whatsappTemplates(channelId: $channelId, status: "accepted") {
      id
      name
      variables
      components
    }
  }
`);

// ---- Forwarding ----

export const RECENT_MESSAGES_QUERY = graphql(`
  query PanelRecentMessages($clientId: Int!) {
    messages(clientId: $clientId, first: 30) {
      id
      content
      type
      time
      sender
    }
  }
`);

export const FORWARD_MESSAGES_MUTATION = graphql(`
  mutation PanelForwardMessages($messageIds: [Int!]!, $clientIds: [Int!]!) {
    forwardMessages(messageIds: $messageIds, clientIds: $clientIds) {
      id
    }
  }
`);

// ---- Conversation actions (02 §1, §4) ----

export const RENAME_MUTATION = graphql(`
  mutation PanelRename($clientId: Int!, $name: String!) {
    renameConversation(clientId: $clientId, name: $name) {
      ...ConversationViewFields
    }
  }
`);

export const ADD_TAG_MUTATION = graphql(`
  mutation PanelAddTag($clientId: Int!, $tagId: Int!) {
    addTagToConversation(clientId: $clientId, tagId: $tagId) {
      ...ConversationViewFields
    }
  }
`);

export const REMOVE_TAG_MUTATION = graphql(`
  mutation PanelRemoveTag($clientId: Int!, $tagId: Int!) {
    removeTagFromConversation(clientId: $clientId, tagId: $tagId) {
      ...ConversationViewFields
    }
  }
`);

/** 02 §6 coldBot: the company's predefined cold tag on the conversation. */
export const MARK_COLD_MUTATION = graphql(`
  mutation PanelMarkCold($clientId: Int!) {
    markConversationCold(clientId: $clientId) {
      ...ConversationViewFields
    }
  }
`);

export const SET_CATEGORY_MUTATION = graphql(`
  mutation PanelSetCategory($clientId: Int!, $categoryId: Int) {
    setConversationCategory(clientId: $clientId, categoryId: $categoryId) {
      ...ConversationViewFields
    }
  }
`);

export const SET_ARCHIVED_MUTATION = graphql(`
  mutation PanelSetArchived($clientId: Int!, $archived: Boolean!) {
    setConversationArchived(clientId: $clientId, archived: $archived) {
      ...ConversationViewFields
    }
  }
`);

export const SET_VALUABLE_MUTATION = graphql(`
  mutation PanelSetValuable($clientId: Int!, $valuable: Boolean!) {
    setConversationValuable(clientId: $clientId, valuable: $valuable) {
      ...ConversationViewFields
    }
  }
`);

export const SET_FOLLOW_UP_FLAG_MUTATION = graphql(`
  mutation PanelSetFollowUpFlag($clientId: Int!, $followUp: Boolean!) {
    setConversationFollowUp(clientId: $clientId, followUp: $followUp) {
      ...ConversationViewFields
    }
  }
`);

export const MARK_UNREAD_MUTATION = graphql(`
    mutation PanelMarkUnread($clientId: Int!) {
      markConversationUnread(clientId: $clientId)
    }
  `);

export const CLOSE_MUTATION = graphql(`
  mutation PanelClose($clientId: Int!, $sendSurvey: Boolean) {
    closeConversation(clientId: $clientId, sendSurvey: $sendSurvey) {
      client {
        ...ConversationViewFields
      }
      surveySent
    }
  }
`);

export const REOPEN_MUTATION = graphql(`
  mutation PanelReopen($clientId: Int!) {
    reopenConversation(clientId: $clientId) {
      ...ConversationViewFields
    }
  }
`);

/** Whether closing is offered and whether to ask about the channel's satisfaction survey. */
export const CLOSE_OPTIONS_QUERY = graphql(`
  query PanelCloseOptions($clientId: Int!) {
    closeOptions(clientId: $clientId) {
      canClose
      surveyAvailable
      surveyByDefault
    }
  }
`);

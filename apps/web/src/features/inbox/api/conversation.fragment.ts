import { graphql } from '../../../gql';

/**
 * Every field of ConversationView (packages/shared), so a conversation read or answered through GraphQL has the
 * same shape as a list row or a real-time payload. Shared by the list, the panel and anything else of the inbox.
 */
export const CONVERSATION_VIEW_FRAGMENT = graphql(`
  fragment ConversationViewFields on Conversation {
    id
    companyId
    key
    senderId
    name
    nameFromChannel
    cleanedName
    imageUrl
    priority
    unreadMessages
    answered
    isArchived
    isBroadcastMessage
    isConversationValuable
    hasFollowUpMessage
    isClosed
    agentId
    agent {
      id
      name
      imageUrl
    }
    groupAdminId
    tags {
      id
      name
      color
    }
    category {
      id
      name
    }
    lastMessageId
    lastMessage
    lastMessageStatus
    lastMessageSender
    lastUpdate
    createdAt
    windowRemainingTime
    windowExpiresAt
    channel {
      id
      name
      platform
      phone
    }
  }
`);

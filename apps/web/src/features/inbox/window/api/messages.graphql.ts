import type { MessageSenderKind, MessageView } from '@crm/shared';
import { graphql } from '../../../../gql';
import type { WindowMessageFieldsFragment } from '../../../../gql/graphql';

/** One message to send: exactly one of text, media, location, contacts or template (a caption goes in text). */
export type { SendMediaInput, SendMessageInput, SendTemplateInput } from '../../../../gql/graphql';

export const MESSAGE_FIELDS = graphql(`
  fragment WindowMessageFields on Message {
    id
    clientId
    channelId
    type
    content
    sender
    senderUserId
    messageStatus
    messageApiId
    errorCode
    errorInfo
    quotedMsgId
    quotedMsgBody
    quotedMsgType
    seen
    payload
    fakeId
    editedAt
    time
    createdAt
  }
`);

/** 02 §7: a conversation's messages, newest first, 30 a page. */
export const WINDOW_MESSAGES_QUERY = graphql(`
  query WindowMessages($clientId: Int!, $skip: Int!, $first: Int!) {
    messages(clientId: $clientId, skip: $skip, first: $first) {
      ...WindowMessageFields
    }
  }
`);

export const SEND_MESSAGE_MUTATION = graphql(`
  mutation WindowSendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) {
      ...WindowMessageFields
    }
  }
`);

/**
 * A message read through GraphQL as the socket payloads carry it (MessageView): the schema types `sender` as a
 * String and `payload` as JSON; the API only sends the MessageSenderKind values and an object or null.
 */
export function toMessageView(message: WindowMessageFieldsFragment): MessageView {
  return {
    ...message,
    sender: message.sender as MessageSenderKind,
    payload: message.payload as MessageView['payload'],
  };
}

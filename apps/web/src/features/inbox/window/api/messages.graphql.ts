import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MessageView } from '@crm/shared';

/** The API's SendMediaInput (apps/api messages/dto/send-message.input.ts). */
export interface SendMediaInput {
  type: 'image' | 'video' | 'audio' | 'document' | 'sticker';
  url: string;
  filename?: string;
  mimeType?: string;
  weight?: number;
}

export interface SendTemplateInput {
  name: string;
  language: string;
  /** Values of the body's {{1}}, {{2}}… in order. */
  bodyParameters: string[];
}

/** One message: exactly one of text, media, location, contacts or template (a caption goes in text). */
export interface SendMessageInput {
  clientId: number;
  text?: string;
  media?: SendMediaInput;
  location?: { latitude: number; longitude: number; name?: string; address?: string };
  contacts?: Array<{ name: string; phone: string }>;
  template?: SendTemplateInput;
  quotedMsgId?: number;
  fakeId?: string;
}

const MESSAGE_FIELDS = gql`
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
`;

export interface WindowMessagesData {
  messages: MessageView[];
}

export interface WindowMessagesVariables {
  clientId: number;
  skip: number;
  first: number;
}

/** 02 §7: a conversation's messages, newest first, 30 a page. */
export const WINDOW_MESSAGES_QUERY: TypedDocumentNode<WindowMessagesData, WindowMessagesVariables> = gql`
  ${MESSAGE_FIELDS}
  query WindowMessages($clientId: Int!, $skip: Int!, $first: Int!) {
    messages(clientId: $clientId, skip: $skip, first: $first) {
      ...WindowMessageFields
    }
  }
`;

export interface SendMessageData {
  sendMessage: MessageView;
}

export const SEND_MESSAGE_MUTATION: TypedDocumentNode<SendMessageData, { input: SendMessageInput }> = gql`
  ${MESSAGE_FIELDS}
  mutation WindowSendMessage($input: SendMessageInput!) {
    sendMessage(input: $input) {
      ...WindowMessageFields
    }
  }
`;

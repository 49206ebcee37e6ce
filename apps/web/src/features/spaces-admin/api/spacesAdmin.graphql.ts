import { gql, type TypedDocumentNode } from '@apollo/client';

export type ChannelPlatform = 'whatsapp_cloud' | 'dialog360' | 'messenger' | 'sms' | 'sandbox' | string;

/** 02 §3 Channel as the spaces screen reads it (never its token). */
export interface AdminChannel {
  id: number;
  name: string;
  platform: ChannelPlatform;
  phone: string | null;
  pageId: string | null;
  imageUrl: string | null;
  isActive: boolean;
  useChatbot: boolean;
  expiresAt: string | null;
  /** Sandbox linked-device slot: AUTHENTICATED, LOGGING, or null without a slot. */
  slotStatus: string | null;
  spaceIds: number[];
}

export interface AdminSpace {
  id: number;
  name: string;
  isDefault: boolean;
  imageUrl: string | null;
  channels: Array<Pick<AdminChannel, 'id' | 'name' | 'platform' | 'isActive'>>;
}

const CHANNEL_FIELDS = `
  id
  name
  platform
  phone
  pageId
  imageUrl
  isActive
  useChatbot
  expiresAt
  slotStatus
  spaceIds
`;

export interface SpacesAdminData {
  spaces: AdminSpace[];
  channels: AdminChannel[];
}

export const SPACES_ADMIN_QUERY: TypedDocumentNode<SpacesAdminData, Record<string, never>> = gql`
  query SpacesAdmin {
    spaces {
      id
      name
      isDefault
      imageUrl
      channels {
        id
        name
        platform
        isActive
      }
    }
    channels {
      ${CHANNEL_FIELDS}
    }
  }
`;

export const SPACE_CHANNELS_QUERY: TypedDocumentNode<
  { channels: AdminChannel[] },
  Record<string, never>
> = gql`
  query SpaceFormChannels {
    channels {
      ${CHANNEL_FIELDS}
    }
  }
`;

export interface EditedSpaceData {
  space: {
    id: number;
    name: string;
    isDefault: boolean;
    imageUrl: string | null;
    channels: Array<{ id: number }>;
  };
}

export const EDITED_SPACE_QUERY: TypedDocumentNode<EditedSpaceData, { id: number }> = gql`
  query EditedSpace($id: Int!) {
    space(id: $id) {
      id
      name
      isDefault
      imageUrl
      channels {
        id
      }
    }
  }
`;

type ChannelResult<K extends string> = { [key in K]: AdminChannel };

export const ACTIVATE_CHANNEL_MUTATION: TypedDocumentNode<
  ChannelResult<'activateChannel'>,
  { id: number }
> = gql`
  mutation ActivateChannel($id: Int!) {
    activateChannel(id: $id) {
      ${CHANNEL_FIELDS}
    }
  }
`;

export const DEACTIVATE_CHANNEL_MUTATION: TypedDocumentNode<
  ChannelResult<'deactivateChannel'>,
  { id: number }
> = gql`
  mutation DeactivateChannel($id: Int!) {
    deactivateChannel(id: $id) {
      ${CHANNEL_FIELDS}
    }
  }
`;

export const SET_CHANNEL_CHATBOT_MUTATION: TypedDocumentNode<
  ChannelResult<'setChannelChatbot'>,
  { id: number; useChatbot: boolean }
> = gql`
  mutation SetChannelChatbot($id: Int!, $useChatbot: Boolean!) {
    setChannelChatbot(id: $id, useChatbot: $useChatbot) {
      ${CHANNEL_FIELDS}
    }
  }
`;

export const RENAME_CHANNEL_MUTATION: TypedDocumentNode<
  ChannelResult<'renameChannel'>,
  { id: number; name: string }
> = gql`
  mutation RenameChannel($id: Int!, $name: String!) {
    renameChannel(id: $id, name: $name) {
      ${CHANNEL_FIELDS}
    }
  }
`;

/** The "Agregar canal" forms: each checks the number with its provider before the server saves it. */
export interface ConnectSmsChannelInput {
  accountSid: string;
  authToken: string;
  /** E.164, e.g. +15557122661. */
  phoneNumber: string;
  name: string | null;
}

export interface ConnectDialog360ChannelInput {
  apiKey: string;
  phoneNumber: string;
  name: string | null;
}

export interface ConnectWhatsappCloudChannelInput {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  name: string | null;
}

export const CONNECT_SMS_CHANNEL_MUTATION: TypedDocumentNode<
  ChannelResult<'connectSmsChannel'>,
  { input: ConnectSmsChannelInput }
> = gql`
  mutation ConnectSmsChannel($input: ConnectSmsChannelInput!) {
    connectSmsChannel(input: $input) {
      ${CHANNEL_FIELDS}
    }
  }
`;

export const CONNECT_DIALOG360_CHANNEL_MUTATION: TypedDocumentNode<
  ChannelResult<'connectDialog360Channel'>,
  { input: ConnectDialog360ChannelInput }
> = gql`
  mutation ConnectDialog360Channel($input: ConnectDialog360ChannelInput!) {
    connectDialog360Channel(input: $input) {
      ${CHANNEL_FIELDS}
    }
  }
`;

export const CONNECT_WHATSAPP_CLOUD_CHANNEL_MUTATION: TypedDocumentNode<
  ChannelResult<'connectWhatsappCloudChannel'>,
  { input: ConnectWhatsappCloudChannelInput }
> = gql`
  mutation ConnectWhatsappCloudChannel($input: ConnectWhatsappCloudChannelInput!) {
    connectWhatsappCloudChannel(input: $input) {
      ${CHANNEL_FIELDS}
    }
  }
`;

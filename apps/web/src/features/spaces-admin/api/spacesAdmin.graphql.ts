import { graphql } from '../../../gql';
import type { AdminChannelFieldsFragment, SpacesAdminQuery } from '../../../gql/graphql';

/** 02 §3 Channel as the spaces screen reads it (never its token). */
export const ADMIN_CHANNEL_FIELDS = graphql(`
  fragment AdminChannelFields on Channel {
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
  }
`);

export type AdminChannel = AdminChannelFieldsFragment;

export type AdminSpace = SpacesAdminQuery['spaces'][number];

export const SPACES_ADMIN_QUERY = graphql(`
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
      ...AdminChannelFields
    }
  }
`);

export const SPACE_CHANNELS_QUERY = graphql(`
  query SpaceFormChannels {
    channels {
      ...AdminChannelFields
    }
  }
`);

export const EDITED_SPACE_QUERY = graphql(`
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
`);

export const ACTIVATE_CHANNEL_MUTATION = graphql(`
  mutation ActivateChannel($id: Int!) {
    activateChannel(id: $id) {
      ...AdminChannelFields
    }
  }
`);

export const DEACTIVATE_CHANNEL_MUTATION = graphql(`
  mutation DeactivateChannel($id: Int!) {
    deactivateChannel(id: $id) {
      ...AdminChannelFields
    }
  }
`);

export const SET_CHANNEL_CHATBOT_MUTATION = graphql(`
  mutation SetChannelChatbot($id: Int!, $useChatbot: Boolean!) {
    setChannelChatbot(id: $id, useChatbot: $useChatbot) {
      ...AdminChannelFields
    }
  }
`);

export const RENAME_CHANNEL_MUTATION = graphql(`
  mutation RenameChannel($id: Int!, $name: String!) {
    renameChannel(id: $id, name: $name) {
      ...AdminChannelFields
    }
  }
`);

export const CONNECT_SMS_CHANNEL_MUTATION = graphql(`
  mutation ConnectSmsChannel($input: ConnectSmsChannelInput!) {
    connectSmsChannel(input: $input) {
      ...AdminChannelFields
    }
  }
`);

export const CONNECT_DIALOG360_CHANNEL_MUTATION = graphql(`
  mutation ConnectDialog360Channel($input: ConnectDialog360ChannelInput!) {
    connectDialog360Channel(input: $input) {
      ...AdminChannelFields
    }
  }
`);

export const CONNECT_WHATSAPP_CLOUD_CHANNEL_MUTATION = graphql(`
  mutation ConnectWhatsappCloudChannel($input: ConnectWhatsappCloudChannelInput!) {
    connectWhatsappCloudChannel(input: $input) {
      ...AdminChannelFields
    }
  }
`);

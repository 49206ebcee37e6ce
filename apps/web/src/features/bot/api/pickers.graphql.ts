import { graphql } from '../../../gql';
import type {
  BotAcceptedTemplatesQuery,
  BotAgentsQuery,
  BotChannelsQuery,
  BotDatasheetFieldsQuery,
  BotSpacesQuery,
  BotTagsQuery,
} from '../../../gql/graphql';

/** The company's channels, for the channel selector of /bot, with the chatbot switch each one has (02 §4). */
export const BOT_CHANNELS_QUERY = graphql(`
  query BotChannels {
    channels {
      id
      name
      platform
      isActive
      useChatbot
    }
  }
`);

export type BotChannel = BotChannelsQuery['channels'][number];

/** 02 §4 'useChatbot': the channel's own switch (the spaces screen uses the same mutation). */
export const BOT_SET_CHANNEL_CHATBOT = graphql(`
  mutation BotSetChannelChatbot($id: Int!, $useChatbot: Boolean!) {
    setChannelChatbot(id: $id, useChatbot: $useChatbot) {
      id
      useChatbot
    }
  }
`);

// What the menu's actions point at. One query each: a picker the user may not read fails alone, not the editor.

export const BOT_DATASHEET_FIELDS_QUERY = graphql(`
  query BotDatasheetFields {
    datasheetFields {
      id
      name
      type
      options
    }
  }
`);

export type BotDatasheetField = BotDatasheetFieldsQuery['datasheetFields'][number];

export const BOT_TAGS_QUERY = graphql(`
  query BotTags {
    tags {
      id
      name
      color
    }
  }
`);

export type BotTag = BotTagsQuery['tags'][number];

export const BOT_AGENTS_QUERY = graphql(`
  query BotAgents {
    agents {
      id
      name
    }
  }
`);

export type BotAgent = BotAgentsQuery['agents'][number];

export const BOT_SPACES_QUERY = graphql(`
  query BotSpaces {
    spaces {
      id
      name
    }
  }
`);

export type BotSpace = BotSpacesQuery['spaces'][number];

/** 02 §4 Templates: only accepted templates of the channel can go out as a bot's template. */
export const BOT_ACCEPTED_TEMPLATES_QUERY = graphql(`
  query BotAcceptedTemplates($channelId: Int!) {
    whatsappTemplates(channelId: $channelId, status: "accepted") {
      id
      name
      variables
      components
    }
  }
`);

export type BotTemplate = BotAcceptedTemplatesQuery['whatsappTemplates'][number];

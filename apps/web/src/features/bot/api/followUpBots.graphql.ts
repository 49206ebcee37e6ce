import { graphql } from '../../../gql';

/** 02 §3 Message bot config as the 'Seguimiento' tab lists and edits it. */
export const FOLLOW_UP_BOT_FIELDS = graphql(`
  fragment BotFollowUpConfig on MessageBotConfig {
    id
    channelId
    content
    isActive
    timeLapseInSeconds
    templateId
    templateName
    variables
  }
`);

export const FOLLOW_UP_BOTS_QUERY = graphql(`
  query BotFollowUpConfigs($channelId: Int!) {
    messageBotConfigs(channelId: $channelId) {
      ...BotFollowUpConfig
    }
  }
`);

export const CREATE_FOLLOW_UP_BOT = graphql(`
  mutation BotCreateFollowUpConfig($input: CreateMessageBotConfigInput!) {
    createMessageBotConfig(input: $input) {
      ...BotFollowUpConfig
    }
  }
`);

export const UPDATE_FOLLOW_UP_BOT = graphql(`
  mutation BotUpdateFollowUpConfig($id: Int!, $input: UpdateMessageBotConfigInput!) {
    updateMessageBotConfig(id: $id, input: $input) {
      ...BotFollowUpConfig
    }
  }
`);

export const DELETE_FOLLOW_UP_BOT = graphql(`
  mutation BotDeleteFollowUpConfig($id: Int!) {
    deleteMessageBotConfig(id: $id)
  }
`);

import { graphql } from '../../../gql';

/** 02 §3 Welcome message as the 'Bienvenida' tab edits it. */
export const WELCOME_FIELDS = graphql(`
  fragment BotWelcomeMessage on WelcomeMessage {
    id
    channelId
    text
    isActive
    useInWorkingHours
    templateId
    variables
  }
`);

export const WELCOME_MESSAGES_QUERY = graphql(`
  query BotWelcomeMessages($channelId: Int!) {
    welcomeMessages(channelId: $channelId) {
      ...BotWelcomeMessage
    }
  }
`);

export const CREATE_WELCOME_MESSAGE = graphql(`
  mutation BotCreateWelcomeMessage($input: CreateWelcomeMessageInput!) {
    createWelcomeMessage(input: $input) {
      ...BotWelcomeMessage
    }
  }
`);

export const UPDATE_WELCOME_MESSAGE = graphql(`
  mutation BotUpdateWelcomeMessage($input: UpdateWelcomeMessageInput!) {
    updateWelcomeMessage(input: $input) {
      ...BotWelcomeMessage
    }
  }
`);

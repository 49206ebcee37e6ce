import { graphql } from '../../../gql';

/** The channel's menu chatbot (issue 17); `menu` is a ChatbotMenu as JSON. */
export const CHATBOT_MENU_QUERY = graphql(`
  query BotChatbotMenu($channelId: Int!) {
    chatbotMenu(channelId: $channelId) {
      channelId
      menu
      updatedAt
    }
  }
`);

/** Replaces the menu; a bad one is refused with VALIDATION_ERROR on the field `menu.<path>`. */
export const SAVE_CHATBOT_MENU = graphql(`
  mutation BotSaveChatbotMenu($channelId: Int!, $menu: JSON!) {
    saveChatbotMenu(channelId: $channelId, menu: $menu) {
      channelId
      menu
      updatedAt
    }
  }
`);

export const DELETE_CHATBOT_MENU = graphql(`
  mutation BotDeleteChatbotMenu($channelId: Int!) {
    deleteChatbotMenu(channelId: $channelId)
  }
`);

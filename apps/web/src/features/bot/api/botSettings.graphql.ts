import { graphql } from '../../../gql';

/** The company settings the 'Chatbot' configuration tab shows (02 §3), the disable-bot tags among them. */
export const BOT_SETTINGS_FIELDS = graphql(`
  fragment BotCompanySettingsFields on CompanySettings {
    isBotAutoAssignActive
    isBotActiveAfterDay
    isBotAutoAssignActiveAfterDay
    isWelcomeMessageActive
    sentClientSurveyByDefault
    disableBotTagIds
  }
`);

export const BOT_SETTINGS_QUERY = graphql(`
  query BotCompanySettings {
    companySettings {
      ...BotCompanySettingsFields
    }
  }
`);

export const UPDATE_BOT_SETTINGS = graphql(`
  mutation BotUpdateCompanySettings($input: CompanySettingsInput!) {
    updateCompanySettings(input: $input) {
      ...BotCompanySettingsFields
    }
  }
`);

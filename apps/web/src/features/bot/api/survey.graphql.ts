import { graphql } from '../../../gql';

/** 02 §3 Survey config with its options, as the 'Encuesta' tab edits it. */
export const SURVEY_CONFIG_FIELDS = graphql(`
  fragment BotSurveyConfig on SurveyConfig {
    id
    channelId
    initText
    isActive
    options {
      id
      text
      value
      index
      endText
    }
  }
`);

/** The company's surveys (one per channel); the tab keeps the selected channel's. */
export const SURVEY_CONFIGS_QUERY = graphql(`
  query BotSurveyConfigs {
    surveyConfigs {
      ...BotSurveyConfig
    }
  }
`);

export const CREATE_SURVEY_CONFIG = graphql(`
  mutation BotCreateSurveyConfig($input: CreateSurveyInput!) {
    createSurveyConfig(input: $input) {
      ...BotSurveyConfig
    }
  }
`);

export const UPDATE_SURVEY_CONFIG = graphql(`
  mutation BotUpdateSurveyConfig($input: UpdateSurveyInput!) {
    updateSurveyConfig(input: $input) {
      ...BotSurveyConfig
    }
  }
`);

import { graphql } from '../../../../gql';
/** 02 §3 company settings; the same keys as CompanySettings (@crm/shared). */
export const COMPANY_SETTINGS_FIELDS = graphql(`
  fragment CompanySettingsFields on CompanySettings {
    isWelcomeMessageActive
    isAgentNameInMessageActive
    canUnarchiveConversations
    canReturnInboxConversation
    isBotAutoAssignActive
    isBotAutoAssignActiveAfterDay
    isBotActiveAfterDay
    forceActiveAgentsReassignation
    automaticAssignment
    showClientCloseOption
    sentClientSurveyByDefault
    archiveClosedClientByDefault
    isShowActiveAgents
    includeAdsTags
    isShowGroupsAtReassign
    templateLanguage
  }
`);

export const COMPANY_SETTINGS_QUERY = graphql(`
  query ConfigCompanySettings {
    companySettings {
      ...CompanySettingsFields
    }
  }
`);

export const UPDATE_COMPANY_SETTINGS = graphql(`
  mutation ConfigUpdateCompanySettings($input: CompanySettingsInput!) {
    updateCompanySettings(input: $input) {
      ...CompanySettingsFields
    }
  }
`);

export const UPDATE_COMPANY_PROFILE = graphql(`
  mutation ConfigUpdateCompanyProfile($input: CompanyProfileInput!) {
    updateCompanyProfile(input: $input) {
      id
      name
      timezone
    }
  }
`);

/** A location or a category as the company tab lists it (locations also count their users). */
export interface NamedItem {
  id: number;
  name: string;
  userCount?: number;
}

export const LOCATIONS_QUERY = graphql(`
  query ConfigLocations {
    locations {
      id
      name
      userCount
    }
  }
`);

export const CREATE_LOCATION = graphql(`
  mutation ConfigCreateLocation($input: LocationInput!) {
    createLocation(input: $input) {
      id
    }
  }
`);

export const UPDATE_LOCATION = graphql(`
  mutation ConfigUpdateLocation($id: Int!, $input: LocationInput!) {
    updateLocation(id: $id, input: $input) {
      id
    }
  }
`);

export const DELETE_LOCATION = graphql(`
  mutation ConfigDeleteLocation($id: Int!) {
    deleteLocation(id: $id)
  }
`);

export const CATEGORIES_QUERY = graphql(`
  query ConfigCategories {
    categories {
      id
      name
    }
  }
`);

export const CREATE_CATEGORY = graphql(`
  mutation ConfigCreateCategory($input: CategoryInput!) {
    createCategory(input: $input) {
      id
    }
  }
`);

export const UPDATE_CATEGORY = graphql(`
  mutation ConfigUpdateCategory($id: Int!, $input: CategoryInput!) {
    updateCategory(id: $id, input: $input) {
      id
    }
  }
`);

export const DELETE_CATEGORY = graphql(`
  mutation ConfigDeleteCategory($id: Int!) {
    deleteCategory(id: $id)
  }
`);

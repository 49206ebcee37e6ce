import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CompanySettings } from '@crm/shared';

type NoVariables = Record<string, never>;

const SETTINGS_FIELDS = `
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
`;

export const COMPANY_SETTINGS_QUERY: TypedDocumentNode<{ companySettings: CompanySettings }, NoVariables> =
  gql`
  query ConfigCompanySettings {
    companySettings {
      ${SETTINGS_FIELDS}
    }
  }
`;

export const UPDATE_COMPANY_SETTINGS: TypedDocumentNode<
  { updateCompanySettings: CompanySettings },
  { input: Partial<CompanySettings> }
> = gql`
  mutation ConfigUpdateCompanySettings($input: CompanySettingsInput!) {
    updateCompanySettings(input: $input) {
      ${SETTINGS_FIELDS}
    }
  }
`;

export interface CompanyProfile {
  id: number;
  name: string;
  timezone: string;
}

export const UPDATE_COMPANY_PROFILE: TypedDocumentNode<
  { updateCompanyProfile: CompanyProfile },
  { input: { name?: string; timezone?: string } }
> = gql`
  mutation ConfigUpdateCompanyProfile($input: CompanyProfileInput!) {
    updateCompanyProfile(input: $input) {
      id
      name
      timezone
    }
  }
`;

export interface NamedItem {
  id: number;
  name: string;
  userCount?: number;
}

export const LOCATIONS_QUERY: TypedDocumentNode<{ locations: NamedItem[] }, NoVariables> = gql`
  query ConfigLocations {
    locations {
      id
      name
      userCount
    }
  }
`;

export const CREATE_LOCATION: TypedDocumentNode<{ createLocation: NamedItem }, { input: { name: string } }> =
  gql`
  mutation ConfigCreateLocation($input: LocationInput!) {
    createLocation(input: $input) {
      id
    }
  }
`;

export const UPDATE_LOCATION: TypedDocumentNode<
  { updateLocation: NamedItem },
  { id: number; input: { name: string } }
> = gql`
  mutation ConfigUpdateLocation($id: Int!, $input: LocationInput!) {
    updateLocation(id: $id, input: $input) {
      id
    }
  }
`;

export const DELETE_LOCATION: TypedDocumentNode<{ deleteLocation: boolean }, { id: number }> = gql`
  mutation ConfigDeleteLocation($id: Int!) {
    deleteLocation(id: $id)
  }
`;

export const CATEGORIES_QUERY: TypedDocumentNode<{ categories: NamedItem[] }, NoVariables> = gql`
  query ConfigCategories {
    categories {
      id
      name
    }
  }
`;

export const CREATE_CATEGORY: TypedDocumentNode<{ createCategory: NamedItem }, { input: { name: string } }> =
  gql`
  mutation ConfigCreateCategory($input: CategoryInput!) {
    createCategory(input: $input) {
      id
    }
  }
`;

export const UPDATE_CATEGORY: TypedDocumentNode<
  { updateCategory: NamedItem },
  { id: number; input: { name: string } }
> = gql`
  mutation ConfigUpdateCategory($id: Int!, $input: CategoryInput!) {
    updateCategory(id: $id, input: $input) {
      id
    }
  }
`;

export const DELETE_CATEGORY: TypedDocumentNode<{ deleteCategory: boolean }, { id: number }> = gql`
  mutation ConfigDeleteCategory($id: Int!) {
    deleteCategory(id: $id)
  }
`;

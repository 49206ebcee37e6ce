import { graphql } from '../../../gql';
import type { TeamQuery, TeamUserFieldsFragment } from '../../../gql/graphql';

/** 02 §3 User as the team screens read it; `canManage`: whether the signed-in user may edit or delete it. */
export type TeamUser = TeamUserFieldsFragment;

export type TeamLimits = TeamQuery['teamLimits'];

export const TEAM_USER_FIELDS = graphql(`
  fragment TeamUserFields on TeamUser {
    id
    name
    email
    phone
    imageUrl
    isAvailable
    rol { id name }
    spaces { id name }
    isAdminOfIds
    workingHours { timezone isActive days { day isActive start end } }
    location { id name }
    categories { id name }
    createdAt
    canManage
  }
`);

export const TEAM_QUERY = graphql(`
  query Team {
    teamUsers { ...TeamUserFields }
    teamLimits { users admins usersLimit adminsLimit }
  }
`);

export const TEAM_FORM_QUERY = graphql(`
  query TeamForm {
    teamFormOptions {
      roles { id name }
      spaces { id name }
      locations { id name }
      categories { id name }
      timezone
    }
    teamUsers { ...TeamUserFields }
  }
`);

export const UPDATE_AVAILABILITY_MUTATION = graphql(`
  mutation UpdateUserAvailability($id: Int!, $isAvailable: Boolean!) {
    updateUserAvailability(id: $id, isAvailable: $isAvailable) { ...TeamUserFields }
  }
`);

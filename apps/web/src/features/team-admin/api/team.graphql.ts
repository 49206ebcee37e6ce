import { gql, type TypedDocumentNode } from '@apollo/client';
import type { WorkingHours } from '@crm/shared';

/** 02 §3 User as the team screens read it. */
export interface TeamUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  imageUrl: string | null;
  isAvailable: boolean;
  rol: { id: number; name: string };
  spaces: Array<{ id: number; name: string }>;
  isAdminOfIds: number[];
  workingHours: WorkingHours | null;
  createdAt: string;
}

export interface TeamLimits {
  users: number;
  admins: number;
  usersLimit: number | null;
  adminsLimit: number | null;
}

export interface TeamFormOptions {
  roles: Array<{ id: number; name: string }>;
  spaces: Array<{ id: number; name: string }>;
  timezone: string;
}

type NoVariables = Record<string, never>;

const TEAM_USER_FIELDS = `
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
  createdAt
`;

export const TEAM_QUERY: TypedDocumentNode<{ teamUsers: TeamUser[]; teamLimits: TeamLimits }, NoVariables> =
  gql`
  query Team {
    teamUsers { ${TEAM_USER_FIELDS} }
    teamLimits { users admins usersLimit adminsLimit }
  }
`;

export const TEAM_FORM_QUERY: TypedDocumentNode<
  { teamFormOptions: TeamFormOptions; teamUsers: TeamUser[] },
  NoVariables
> = gql`
  query TeamForm {
    teamFormOptions {
      roles { id name }
      spaces { id name }
      timezone
    }
    teamUsers { ${TEAM_USER_FIELDS} }
  }
`;

export const UPDATE_AVAILABILITY_MUTATION: TypedDocumentNode<
  { updateUserAvailability: TeamUser },
  { id: number; isAvailable: boolean }
> = gql`
  mutation UpdateUserAvailability($id: Int!, $isAvailable: Boolean!) {
    updateUserAvailability(id: $id, isAvailable: $isAvailable) { ${TEAM_USER_FIELDS} }
  }
`;

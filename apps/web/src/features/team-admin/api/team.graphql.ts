import { gql, type TypedDocumentNode } from '@apollo/client';
import type { WorkingHours } from '@crm/shared';

/** 02 §3 Location and Category: an id and a name. */
export interface NamedItem {
  id: number;
  name: string;
}

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
  location: NamedItem | null;
  categories: NamedItem[];
  createdAt: string;
  /** Whether the signed-in user may edit or delete this one (the server's escalation rule). */
  canManage: boolean;
}

export interface TeamLimits {
  users: number;
  admins: number;
  usersLimit: number | null;
  adminsLimit: number | null;
}

export interface TeamFormOptions {
  /** Only the roles the signed-in user may give. */
  roles: Array<{ id: number; name: string }>;
  spaces: Array<{ id: number; name: string }>;
  locations: NamedItem[];
  categories: NamedItem[];
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
  location { id name }
  categories { id name }
  createdAt
  canManage
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
      locations { id name }
      categories { id name }
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

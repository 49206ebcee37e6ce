import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CompanyStatus } from '@crm/shared';

export interface MeRole {
  id: number;
  name: string;
}

export interface MeCompany {
  id: number;
  name: string;
  status: CompanyStatus | string;
  expirationDate: string | null;
  paymentIntents: number | null;
  paymentMethod: string | null;
  isBoardsActive: boolean;
  hasUsed2FA: boolean;
  /** IANA zone every date of the company is shown in (02 §9). */
  timezone: string;
}

export interface MeSpace {
  id: number;
  name: string;
  isDefault: boolean;
}

export interface Me {
  id: number;
  name: string;
  email: string;
  imageUrl: string | null;
  isAvailable: boolean;
  rol: MeRole | null;
  /** JSON scalar: permission name → true (02 §6). */
  permissions: Record<string, boolean> | null;
  company: MeCompany;
  spaces: MeSpace[];
  selectedSpaceId: number | null;
  /** Agents this user administers (02 §6). */
  isAdminOfIds: number[];
  /** Channels the inbox lists (the selected space's). */
  spaceChannelIds: number[];
}

export interface MeQueryData {
  me: Me;
}

export const ME_QUERY: TypedDocumentNode<MeQueryData, Record<string, never>> = gql`
  query Me {
    me {
      id
      name
      email
      imageUrl
      isAvailable
      rol {
        id
        name
      }
      permissions
      company {
        id
        name
        status
        expirationDate
        paymentIntents
        paymentMethod
        isBoardsActive
        hasUsed2FA
        timezone
      }
      spaces {
        id
        name
        isDefault
      }
      selectedSpaceId
      isAdminOfIds
      spaceChannelIds
    }
  }
`;

import { CompanyStatus, DEFAULT_ROLE_PERMISSIONS, type RoleName } from '@crm/shared';
import type { Me } from '../features/session/api/me.graphql';

// A signed-in user as the Me query returns it, with the seed permissions of a role.
export function makeMe(
  role: RoleName,
  overrides: Partial<Me> = {},
  companyOverrides: Partial<Me['company']> = {},
): Me {
  const permissions = Object.fromEntries(DEFAULT_ROLE_PERMISSIONS[role].map((name) => [name, true]));
  return {
    __typename: 'Me',
    id: 1,
    name: 'Ana Pérez',
    email: 'ana@demo.local',
    imageUrl: null,
    isAvailable: true,
    rol: { __typename: 'Rol', id: 1, name: role },
    permissions,
    company: {
      __typename: 'Company',
      id: 1,
      name: 'Demo',
      status: CompanyStatus.ACTIVE,
      expirationDate: null,
      paymentIntents: 0,
      paymentMethod: 'CARD',
      isBoardsActive: false,
      hasUsed2FA: false,
      isCustomPayment: false,
      timezone: 'America/Mexico_City',
      analyticsRangeDays: 15,
      ...companyOverrides,
    },
    spaces: [{ __typename: 'Space', id: 1, name: 'General', isDefault: true }],
    selectedSpaceId: 1,
    isAdminOfIds: [],
    spaceChannelIds: [1, 2, 3],
    ...overrides,
  };
}

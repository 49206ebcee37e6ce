import { ROLE_NAMES } from '@crm/shared';
import type { AuthUser } from '../../common/auth-user';

/** Who a caller is, as far as seeing conversations goes (02 §6). */
export interface Viewer {
  user: AuthUser;
  /** Agents a user administers (isAdminOfIds). */
  adminOf: number[];
}

export function seesWholeCompany(viewer: { user: Pick<AuthUser, 'roleName'>; adminOf: number[] }): boolean {
  return (
    (viewer.user.roleName === ROLE_NAMES.admin || viewer.user.roleName === ROLE_NAMES.superadmin) &&
    viewer.adminOf.length === 0
  );
}

/**
 * 02 §6: admins see every conversation; users with isAdminOfIds see those of their agents; group admins those
 * whose groupAdminId is theirs or whose agent they administer; everybody else only the ones assigned to them.
 */
export function canSeeClient(
  viewer: Pick<Viewer, 'user' | 'adminOf'>,
  client: { companyId: number; agentId: number | null; groupAdminId: number | null },
): boolean {
  if (client.companyId !== viewer.user.companyId) return false;
  if (seesWholeCompany(viewer)) return true;
  if (client.agentId === viewer.user.id) return true;
  if (client.agentId !== null && viewer.adminOf.includes(client.agentId)) return true;
  return viewer.user.roleName === ROLE_NAMES.groupadmin && client.groupAdminId === viewer.user.id;
}

import { seesConversationOf } from '@crm/shared';
import type { AuthUser } from '../../common/auth-user';

/** Who a caller is, as far as seeing conversations goes (02 §6). */
export interface Viewer {
  user: AuthUser;
  /** Agents a user administers (isAdminOfIds). */
  adminOf: number[];
}

/** 02 §6 for one conversation: its company, then the shared visibility rule (the one the web and the list use). */
export function canSeeClient(
  viewer: Pick<Viewer, 'user' | 'adminOf'>,
  client: { companyId: number; agentId: number | null; groupAdminId: number | null },
): boolean {
  if (client.companyId !== viewer.user.companyId) return false;
  return seesConversationOf(
    { userId: viewer.user.id, roleName: viewer.user.roleName, adminOf: viewer.adminOf },
    client,
  );
}

import type { PermissionMap } from '@crm/shared';

/** Who is calling, as established by AuthGuard from the token and its live session. */
export interface AuthUser {
  id: number;
  companyId: number;
  roleName: string;
  permissions: PermissionMap;
  sessionId: string;
  /** Agents this user administers (02 §6 isAdminOfIds), read with the session: visibility needs it everywhere. */
  adminOf: number[];
  selectedSpaceId: number | null;
}

declare global {
  // Express's own extension point for request properties.
  namespace Express {
    interface Request {
      user?: AuthUser;
      rawBody?: Buffer;
    }
  }
}

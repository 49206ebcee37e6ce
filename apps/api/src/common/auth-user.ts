import type { PermissionMap } from '@crm/shared';

/** Who is calling, as established by AuthGuard from the token and its live session. */
export interface AuthUser {
  id: number;
  companyId: number;
  roleName: string;
  permissions: PermissionMap;
  sessionId: string;
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

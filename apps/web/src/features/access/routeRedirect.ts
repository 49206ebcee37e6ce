import { canAccessRoute, FORBIDDEN_ROUTE, forcedRoute, type PermissionMap } from '@crm/shared';

export interface RouteCheck {
  path: string;
  permissions: PermissionMap;
  companyStatus: string | null | undefined;
}

// 01 §2.3: the company status may force a route first; then the guard table decides, and a
// user who fails it goes to /forbidden. Returns where to go, or null to stay.
export function routeRedirect({ path, permissions, companyStatus }: RouteCheck): string | null {
  const forced = forcedRoute(companyStatus, path);
  if (forced !== null) return forced;
  if (!canAccessRoute(path, permissions)) return FORBIDDEN_ROUTE;
  return null;
}

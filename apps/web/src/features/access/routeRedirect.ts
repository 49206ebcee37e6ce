import {
  canAccessRoute,
  FORBIDDEN_ROUTE,
  findRouteGuard,
  forcedRoute,
  isPublicRoute,
  type PermissionMap,
} from '@crm/shared';

export interface RouteCheck {
  path: string;
  permissions: PermissionMap;
  companyStatus: string | null | undefined;
}

// 01 §2.3: the company status may force a route first; then the guard table decides, and a
// user who fails it goes to /forbidden. Returns where to go, or null to stay. An address that is no route at all
// is not forbidden but unknown (issue 19): it stays, and the router's catch-all shows the not-found page.
export function routeRedirect({ path, permissions, companyStatus }: RouteCheck): string | null {
  const forced = forcedRoute(companyStatus, path);
  if (forced !== null) return forced;
  if (!findRouteGuard(path) && !isPublicRoute(path)) return null;
  if (!canAccessRoute(path, permissions)) return FORBIDDEN_ROUTE;
  return null;
}

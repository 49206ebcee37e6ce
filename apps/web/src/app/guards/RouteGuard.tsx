import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAccess } from '../../features/access/hooks/useAccess';
import { routeRedirect } from '../../features/access/routeRedirect';

// Company-status forcing and the permission guard of the shared table (01 §2.3).
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { permissions, companyStatus } = useAccess();
  const target = routeRedirect({ path: pathname, permissions, companyStatus });
  if (target !== null && target !== pathname) return <Navigate to={target} replace />;
  return children;
}

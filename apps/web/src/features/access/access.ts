import {
  canAccessRoute,
  type NavItem,
  type PermissionMap,
  toPermissionMap,
  visibleNavItems,
} from '@crm/shared';

export interface AccessSubject {
  permissions: Record<string, boolean> | null;
  rol: { name: string } | null;
  company: { isBoardsActive: boolean; status: string };
}

export interface Access {
  permissions: PermissionMap;
  roleName: string;
  isBoardsActive: boolean;
  companyStatus: string;
  navItems: NavItem[];
  canAccess: (path: string) => boolean;
}

// The one place that turns the signed-in user into access flags (CONVENTIONS: Web feature).
export function permissionMapOf(permissions: Record<string, boolean> | null): PermissionMap {
  const granted = Object.entries(permissions ?? {})
    .filter(([, value]) => value === true)
    .map(([name]) => name);
  return toPermissionMap(granted);
}

export function accessFor(subject: AccessSubject): Access {
  const permissions = permissionMapOf(subject.permissions);
  const roleName = subject.rol?.name ?? '';
  const isBoardsActive = subject.company.isBoardsActive;
  return {
    permissions,
    roleName,
    isBoardsActive,
    companyStatus: subject.company.status,
    navItems: visibleNavItems({ permissions, roleName, isBoardsActive }),
    canAccess: (path) => canAccessRoute(path, permissions),
  };
}

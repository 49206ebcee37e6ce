import { analyticsRangeLimit, hasAnyPermission, type PermissionName } from '@crm/shared';
import { permissionMapOf } from '../access/access';
import type { Me } from '../session/api/me.graphql';

export interface AnalyticsAccess {
  /** 01 §6: client phone numbers only with canSeePhoneNumber (the API sends null otherwise). */
  canSeePhone: boolean;
  /** 'Reportes por correo': changing the company's report recipients is writeCompany's. */
  canManageReports: boolean;
  /** /panel links to /analytics for users holding readAnalytics. */
  canReadAnalytics: boolean;
}

export function analyticsAccessFor(me: Pick<Me, 'permissions'>): AnalyticsAccess {
  const map = permissionMapOf(me.permissions);
  const has = (names: PermissionName[]) => hasAnyPermission(map, names);
  return {
    canSeePhone: has(['canSeePhoneNumber']),
    canManageReports: has(['writeCompany']),
    canReadAnalytics: has(['readAnalytics']),
  };
}

/** The company's range limit in days (01 §5/§9): `me.company.analyticsRangeDays`, already the override or 15. */
export function companyRangeLimit(company: Me['company']): number {
  return analyticsRangeLimit(company.analyticsRangeDays);
}

import { hasAnyPermission, type PermissionMap } from '@crm/shared';

/** 01 §2.3: the quick-answers action route (and the writes behind it) is open to agent or writeQuickAnswers. */
export function canWriteQuickAnswers(permissions: PermissionMap): boolean {
  return hasAnyPermission(permissions, ['agent', 'writeQuickAnswers']);
}

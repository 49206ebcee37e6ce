import { hasAnyPermission, type PermissionMap } from '@crm/shared';

/** 02 §2: /spaces/new and /spaces/new-whatsapp, and every change on the spaces screen, need writeSpaces. */
export function canWriteSpaces(permissions: PermissionMap): boolean {
  return hasAnyPermission(permissions, ['writeSpaces']);
}

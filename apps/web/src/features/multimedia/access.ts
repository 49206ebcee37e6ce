import type { PermissionMap } from '@crm/shared';

/** 01 §6: writeMultimedia creates albums, uploads and deletes; the readers only look. */
export function canWriteMultimedia(permissions: PermissionMap): boolean {
  return permissions.writeMultimedia === true;
}

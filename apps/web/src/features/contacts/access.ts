import { canExportContacts, hasAnyPermission } from '@crm/shared';
import { permissionMapOf } from '../access/access';

export interface ContactsAccess {
  /** 02 §5: the phone column, the phone in exports and the phone edit. */
  canSeePhone: boolean;
  /** 02 §6: 'Exportar' and 'Selecciona un agente' for admin, superadmin and the community-manager role. */
  canExport: boolean;
  /** 02 §2: 'Importar' and the create-contact button appear once the role is loaded. */
  roleLoaded: boolean;
}

export function contactsAccessFor(me: {
  permissions: Record<string, boolean> | null;
  rol: { name: string } | null;
}): ContactsAccess {
  const roleName = me.rol?.name ?? '';
  return {
    canSeePhone: hasAnyPermission(permissionMapOf(me.permissions), ['canSeePhoneNumber']),
    canExport: roleName !== '' && canExportContacts(roleName),
    roleLoaded: roleName !== '',
  };
}

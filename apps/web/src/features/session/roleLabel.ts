import { ROLE_NAMES } from '@crm/shared';

const ROLE_LABELS: Record<string, string> = {
  [ROLE_NAMES.superadmin]: 'Superadministrador',
  [ROLE_NAMES.admin]: 'Administrador',
  [ROLE_NAMES.groupadmin]: 'Administrador de grupo',
  [ROLE_NAMES.agente]: 'Agente',
};

// Display name of a role; custom roles (e.g. Community Manager) show as stored.
export function roleLabel(roleName: string | undefined): string {
  if (!roleName) return 'Sin rol';
  return ROLE_LABELS[roleName] ?? roleName;
}

import { userMessageFor } from './errors';
import { ROLE_NAMES } from './permissions';
import { collapseSpaces, maxCharactersMessage } from './rules/names';

// 02 §5 Role: the name the role form and the API accept.
export const ROLE_NAME_MAX = 60;

export const ROLE_MESSAGES = {
  nameRequired: 'El nombre del rol es obligatorio.',
  notFound: 'El rol no existe.',
  permissionsRequired: userMessageFor('EMPTY_PERMISSSIONS_ERROR'),
} as const;

/** 02 §5 Role name: required, at most 60 characters once its spaces are collapsed. */
export function roleNameError(raw: string | null | undefined): string | null {
  const name = collapseSpaces(raw);
  if (!name) return ROLE_MESSAGES.nameRequired;
  return name.length > ROLE_NAME_MAX ? maxCharactersMessage(ROLE_NAME_MAX) : null;
}

export function unknownPermissionMessage(permission: string): string {
  return `Permiso desconocido: ${permission}`;
}

/** The Spanish names of the default roles, as every screen shows them (issue 19: never 'admin' or 'groupadmin'). */
export const ROLE_LABELS: Readonly<Record<string, string>> = {
  [ROLE_NAMES.superadmin]: 'Superadministrador',
  [ROLE_NAMES.admin]: 'Administrador',
  [ROLE_NAMES.groupadmin]: 'Administrador de grupo',
  [ROLE_NAMES.agente]: 'Agente',
  // Older data and other products spell the agent role in English.
  agent: 'Agente',
};

export const NO_ROLE_LABEL = 'Sin rol';

/** Display name of a role: the default roles in Spanish; custom roles (e.g. Community Manager) as stored. */
export function roleLabel(roleName: string | null | undefined): string {
  if (!roleName) return NO_ROLE_LABEL;
  return ROLE_LABELS[roleName] ?? roleName;
}

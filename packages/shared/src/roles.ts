import { userMessageFor } from './errors';
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

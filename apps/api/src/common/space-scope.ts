import { ROLE_NAMES, SPACE_MESSAGES } from '@crm/shared';
import type { AuthUser } from './auth-user';
import { AppException } from './errors/app.exception';

/** Enough of a user to know the spaces they work in; the role name is the live one (read with the session). */
export interface SpaceUser {
  id: number;
  companyId: number;
  roleName: string;
}

/** Where the scope rules read spaces and memberships: the spaces module's SpacesRepository. */
export interface SpaceDirectory {
  /** The company's spaces the user may use (all of them when `everySpace`), in the switcher's order. */
  usableIds(companyId: number, userId: number, everySpace: boolean): Promise<number[]>;
  /** Whether the space exists and is another company's. */
  belongsToAnotherCompany(spaceId: number, companyId: number): Promise<boolean>;
}

const ALL_SPACES_ROLES: ReadonlySet<string> = new Set([ROLE_NAMES.admin, ROLE_NAMES.superadmin]);

/** Admins and superadmins work in every space of the company; other roles in the spaces given to them. */
export function seesEverySpace(roleName: string): boolean {
  return ALL_SPACES_ROLES.has(roleName);
}

/**
 * The ids of the company's spaces this user may switch to and whose per-space data (quick answers, albums)
 * they may use: the default space first, then by name, the order of the space switcher.
 */
export function usableSpaceIds(spaces: SpaceDirectory, user: SpaceUser): Promise<number[]> {
  return spaces.usableIds(user.companyId, user.id, seesEverySpace(user.roleName));
}

const SPACE_NOT_FOUND = SPACE_MESSAGES.spaceNotFound;

/**
 * The space a per-space resource (quick answers, albums) is read from or written to: the one named, if the caller
 * may use it (their own spaces, or every space of the company for admins: usableSpaceIds); else the caller's
 * selected space, falling back to the first space they may use. A space of the company the caller is not in is
 * refused like one that does not exist (400 on `field`); another company's stays a tenancy refusal (403).
 */
export async function resolveSpaceId(
  spaces: SpaceDirectory,
  user: AuthUser,
  spaceId: number | null | undefined,
  field = 'spaceId',
): Promise<number> {
  const usable = await usableSpaceIds(spaces, user);
  if (spaceId !== null && spaceId !== undefined) {
    if (usable.includes(spaceId)) return spaceId;
    if (await spaces.belongsToAnotherCompany(spaceId, user.companyId)) {
      throw new AppException('FORBIDDEN', { message: 'Space of another company' });
    }
    throw AppException.validation(field, SPACE_NOT_FOUND);
  }
  const selected = user.selectedSpaceId ?? null;
  if (selected !== null && usable.includes(selected)) return selected;
  if (usable.length === 0) throw new AppException('NOT_FOUND_SPACE', { field });
  return usable[0];
}

/**
 * Whether the caller may use the data of this space (an item found by id: a quick answer, an album, a file).
 * An item of a space they may not use is answered like one that does not exist.
 */
export async function mayUseSpace(
  spaces: SpaceDirectory,
  user: SpaceUser,
  spaceId: number,
): Promise<boolean> {
  return (await usableSpaceIds(spaces, user)).includes(spaceId);
}

import { MeDocument, type MeQuery } from '../../../gql/graphql';
import { jsonObject } from '../../../lib/json';

/**
 * The signed-in user (`company.timezone`: the IANA zone every date of the company is shown in, 02 §9;
 * `isAdminOfIds`: agents this user administers, 02 §6; `spaceChannelIds`: the channels the inbox lists).
 * `permissions` is JSON on the wire; here the map permission name → true (02 §6).
 */
export type Me = Omit<MeQuery['me'], 'permissions' | 'rol'> & {
  permissions: Record<string, boolean> | null;
  // The schema never answers null, but access checks treat a missing role as none (contactsPanel test).
  rol: MeQuery['me']['rol'] | null;
};

export type MeSpace = Me['spaces'][number];

/** The `me` answer with its permissions JSON read as the map (any value that is not `true` grants nothing). */
export function toMe(me: MeQuery['me']): Me {
  const map = jsonObject(me.permissions);
  return {
    ...me,
    permissions: map
      ? Object.fromEntries(Object.entries(map).map(([name, granted]) => [name, granted === true]))
      : null,
  };
}

// The document is src/features/session/api/me.query.graphql: the app's start preloads it as text (issue 22).
export const ME_QUERY = MeDocument;

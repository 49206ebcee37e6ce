import { sendRequest } from '../../../lib/multipart';
import { type TeamUserPayload, teamUserFormData } from '../teamForm';
import type { TeamUser } from './team.graphql';

/** 02 §7 POST /user (create) and PUT /user (edit), multipart: the photo travels beside the fields. */
export function saveTeamUser(id: number | null, payload: TeamUserPayload): Promise<TeamUser> {
  return sendRequest<TeamUser>({
    method: id === null ? 'POST' : 'PUT',
    path: '/user',
    body: teamUserFormData(id, payload),
  });
}

/** 02 §7 PUT /deleteUser. */
export function deleteTeamUser(id: number): Promise<{ id: number; deleted: true }> {
  return sendRequest({ method: 'PUT', path: '/deleteUser', body: { id } });
}

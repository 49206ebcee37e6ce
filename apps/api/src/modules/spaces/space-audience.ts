import { agentRoom, companyRoom, isCompanyWideRole } from '@crm/shared';
import type { DataSource, EntityManager } from 'typeorm';
import type { RealtimeService } from '../../realtime/realtime.service';

export interface SpaceAudienceScope {
  spaceIds?: readonly number[];
  /** Channels: every space that holds one of them. */
  channelIds?: readonly number[];
}

/**
 * The users whose channel lists depend on these spaces or channels: members of the spaces and whoever has one
 * selected. Admins, superadmins and group admins see every space and hear company-wide events, so they are
 * reached through the company room rather than one by one.
 */
export async function spaceAudience(
  db: DataSource | EntityManager,
  companyId: number,
  scope: SpaceAudienceScope,
): Promise<Array<{ id: number; roleName: string }>> {
  return db.query(
    `WITH scoped AS (
       SELECT unnest($2::int[]) AS "spaceId"
       UNION SELECT sc."spaceId" FROM space_channels sc WHERE sc."channelId" = ANY($3::int[])
     )
     SELECT DISTINCT u.id, r.name AS "roleName"
       FROM users u JOIN roles r ON r.id = u."roleId"
      WHERE u."companyId" = $1
        AND (u."selectedSpaceId" IN (SELECT "spaceId" FROM scoped)
             OR EXISTS (SELECT 1 FROM user_spaces us
                         WHERE us."userId" = u.id AND us."spaceId" IN (SELECT "spaceId" FROM scoped)))`,
    [companyId, [...(scope.spaceIds ?? [])], [...(scope.channelIds ?? [])]],
  );
}

/**
 * 02 §7 updateUserData: the affected users load their data again (spaces, channel lists). Once to the company
 * room, once to each other affected user's own room: nobody hears it twice.
 */
export function notifyUserData(
  realtime: RealtimeService,
  companyId: number,
  callerId: number,
  audience: ReadonlyArray<{ id: number; roleName: string }>,
  reason: string,
): void {
  realtime.emit([companyRoom(companyId)], 'updateUserData', { userId: callerId, companyId, reason });
  for (const user of audience) {
    if (isCompanyWideRole(user.roleName)) continue;
    realtime.emit([agentRoom(user.id)], 'updateUserData', { userId: user.id, companyId, reason });
  }
}

import { agentRoom, companyRoom, isCompanyWideRole } from '@crm/shared';
import type { RealtimeService } from '../../realtime/realtime.service';

/**
 * 02 §7 updateUserData: the affected users load their data again (spaces, channel lists). Once to the company
 * room, once to each other affected user's own room: nobody hears it twice. The audience
 * (SpacesRepository.audience) is the members of the spaces concerned and whoever has one selected; admins,
 * superadmins and group admins see every space and hear company-wide events, so they are reached through the
 * company room rather than one by one.
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

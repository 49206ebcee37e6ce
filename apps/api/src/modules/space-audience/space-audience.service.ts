import { agentRoom, companyRoom, isCompanyWideRole } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { RealtimeService } from '../../realtime/realtime.service';
import {
  type SpaceAudienceMember,
  SpaceAudienceRepository,
  type SpaceAudienceScope,
} from './space-audience.repository';

/**
 * 02 §7 updateUserData for a change of spaces or channels: the affected users load their data again (spaces,
 * channel lists). Below both the spaces and the channels modules, which both announce such changes, so that
 * neither imports the other for it.
 */
@Injectable()
export class SpaceAudienceService {
  constructor(
    private readonly audience: SpaceAudienceRepository,
    private readonly realtime: RealtimeService,
  ) {}

  /** Who hears of a change of these spaces or channels: read before a change that drops the memberships. */
  of(companyId: number, scope: SpaceAudienceScope): Promise<SpaceAudienceMember[]> {
    return this.audience.members(companyId, scope);
  }

  /** Tells whoever depends on these spaces or channels, as they are now, that the caller changed them. */
  async notifyOf(caller: AuthUser, scope: SpaceAudienceScope, reason: string): Promise<void> {
    this.notify(caller, await this.of(caller.companyId, scope), reason);
  }

  /**
   * Once to the company room, once to each other affected user's own room: nobody hears it twice. Admins,
   * superadmins and group admins see every space and hear company-wide events, so they are reached through the
   * company room rather than one by one.
   */
  notify(caller: AuthUser, audience: readonly SpaceAudienceMember[], reason: string): void {
    const { companyId } = caller;
    this.realtime.emit([companyRoom(companyId)], 'updateUserData', { userId: caller.id, companyId, reason });
    for (const user of audience) {
      if (isCompanyWideRole(user.roleName)) continue;
      this.realtime.emit([agentRoom(user.id)], 'updateUserData', { userId: user.id, companyId, reason });
    }
  }
}

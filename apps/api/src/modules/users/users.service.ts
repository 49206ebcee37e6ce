import { agentRoom, companyRoom, fullPermissionMap } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import { CompanyModel } from '../companies/models/company.model';
import { SpaceModel } from '../spaces/models/space.model';
import { SpacesService } from '../spaces/spaces.service';
import { MeModel, UserSummaryModel } from './models/me.model';
import { type UserProfile, UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly spaces: SpacesService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The user with role and company (to-one joins only: one light query). */
  private async load(id: number): Promise<UserProfile> {
    const profile = await this.users.profile(id);
    if (!profile) throw new AppException('ERROR_GETTING_USER');
    return profile;
  }

  /** The spaces the user may switch to and work in: one rule with quick answers and albums (usableSpaceIds). */
  private visibleSpaces({ user, role }: UserProfile) {
    return this.spaces.listUsable({ id: user.id, companyId: user.companyId, roleName: role.name });
  }

  async me(caller: AuthUser): Promise<MeModel> {
    const profile = await this.load(caller.id);
    const { user, role, company } = profile;
    const spaces = await this.visibleSpaces(profile);
    const selected = spaces.find((s) => s.id === user.selectedSpaceId) ?? spaces[0] ?? null;
    // Same rule as the conversation list (ClientsService.viewer): the selected space, else every visible one.
    const listedSpaces = spaces.some((s) => s.id === user.selectedSpaceId)
      ? [user.selectedSpaceId as number]
      : spaces.map((s) => s.id);
    const spaceChannelIds = await this.users.channelIdsOfSpaces(listedSpaces);
    return Object.assign(new MeModel(), {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      imageUrl: user.imageUrl,
      isAvailable: user.isAvailable,
      rol: { id: role.id, name: role.name },
      // Read by AuthGuard in this same request from the live role; 01 §3: a boolean for every permission name.
      permissions: fullPermissionMap(caller.permissions),
      company: CompanyModel.from(company),
      spaces: spaces.map(SpaceModel.from),
      selectedSpaceId: selected?.id ?? null,
      twoFactorEnabled: company.hasUsed2FA || user.twoFactorStatus === 'verified',
      isAdminOfIds: user.isAdminOfIds ?? [],
      spaceChannelIds,
    });
  }

  async selectSpace(caller: AuthUser, spaceId: number): Promise<MeModel> {
    const space = await this.spaces.getForCompany(caller.companyId, spaceId);
    const allowed = await this.visibleSpaces(await this.load(caller.id));
    if (!allowed.some((s) => s.id === space.id)) {
      throw new AppException('FORBIDDEN', { message: 'Space not assigned to the user' });
    }
    await this.users.setSelectedSpace(caller.id, space.id);
    this.realtime.toUser(caller.id, 'updateUserData', {
      userId: caller.id,
      companyId: caller.companyId,
      reason: 'space',
    });
    return this.me(caller);
  }

  async setAvailability(caller: AuthUser, isAvailable: boolean): Promise<MeModel> {
    await this.users.setAvailability(caller.id, isAvailable);
    this.realtime.emit([agentRoom(caller.id), companyRoom(caller.companyId)], 'updateUserData', {
      userId: caller.id,
      companyId: caller.companyId,
      reason: 'availability',
    });
    return this.me(caller);
  }

  async getForCompany(caller: AuthUser, id: number): Promise<UserSummaryModel> {
    const user = await this.users.summary(id);
    if (!user) throw new AppException('USER_WITH_EMAIL_NOT_FOUND');
    if (user.companyId !== caller.companyId)
      throw new AppException('FORBIDDEN', { message: 'User of another company' });
    return Object.assign(new UserSummaryModel(), {
      id: user.id,
      name: user.name,
      email: user.email,
      imageUrl: user.imageUrl,
      isAvailable: user.isAvailable,
      rol: { id: user.roleId, name: user.roleName },
    });
  }
}

import { agentRoom, companyRoom } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import { CompanyModel } from '../companies/models/company.model';
import type { Space } from '../spaces/entities/space.entity';
import { SpaceModel } from '../spaces/models/space.model';
import { SpacesService } from '../spaces/spaces.service';
import { User } from './entities/user.entity';
import { MeModel, UserSummaryModel } from './models/me.model';

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly spaces: SpacesService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The user with role and company (to-one joins only: one light query). */
  private async load(id: number): Promise<User> {
    const user = await this.users.findOne({ where: { id }, relations: { role: true, company: true } });
    if (!user) throw new AppException('ERROR_GETTING_USER');
    return user;
  }

  /** The spaces the user may switch to and work in: one rule with quick answers and albums (usableSpaceIds). */
  private visibleSpaces(user: User): Promise<Space[]> {
    return this.spaces.listUsable({ id: user.id, companyId: user.companyId, roleName: user.role.name });
  }

  async me(caller: AuthUser): Promise<MeModel> {
    const user = await this.load(caller.id);
    const spaces = await this.visibleSpaces(user);
    const selected = spaces.find((s) => s.id === user.selectedSpaceId) ?? spaces[0] ?? null;
    // Same rule as the conversation list (ClientsService.viewer): the selected space, else every visible one.
    const listedSpaces = spaces.some((s) => s.id === user.selectedSpaceId)
      ? [user.selectedSpaceId as number]
      : spaces.map((s) => s.id);
    const channelRows: Array<{ channelId: number }> = await this.users.manager.query(
      `SELECT DISTINCT "channelId" FROM space_channels WHERE "spaceId" = ANY($1) ORDER BY 1`,
      [listedSpaces],
    );
    return Object.assign(new MeModel(), {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      imageUrl: user.imageUrl,
      isAvailable: user.isAvailable,
      rol: { id: user.role.id, name: user.role.name },
      // Read by AuthGuard in this same request from the live role.
      permissions: caller.permissions,
      company: CompanyModel.from(user.company),
      spaces: spaces.map(SpaceModel.from),
      selectedSpaceId: selected?.id ?? null,
      twoFactorEnabled: user.company.hasUsed2FA || user.twoFactorStatus === 'verified',
      isAdminOfIds: user.isAdminOfIds ?? [],
      spaceChannelIds: channelRows.map((r) => r.channelId),
    });
  }

  async selectSpace(caller: AuthUser, spaceId: number): Promise<MeModel> {
    const space = await this.spaces.getForCompany(caller.companyId, spaceId);
    const user = await this.load(caller.id);
    const allowed = await this.visibleSpaces(user);
    if (!allowed.some((s) => s.id === space.id)) {
      throw new AppException('FORBIDDEN', { message: 'Space not assigned to the user' });
    }
    await this.users.update({ id: caller.id }, { selectedSpaceId: space.id });
    this.realtime.toUser(caller.id, 'updateUserData', {
      userId: caller.id,
      companyId: caller.companyId,
      reason: 'space',
    });
    return this.me(caller);
  }

  async setAvailability(caller: AuthUser, isAvailable: boolean): Promise<MeModel> {
    await this.users.update({ id: caller.id }, { isAvailable });
    this.realtime.emit([agentRoom(caller.id), companyRoom(caller.companyId)], 'updateUserData', {
      userId: caller.id,
      companyId: caller.companyId,
      reason: 'availability',
    });
    return this.me(caller);
  }

  async getForCompany(caller: AuthUser, id: number): Promise<UserSummaryModel> {
    const user = await this.users.findOne({ where: { id }, relations: { role: true } });
    if (!user) throw new AppException('USER_WITH_EMAIL_NOT_FOUND');
    if (user.companyId !== caller.companyId)
      throw new AppException('FORBIDDEN', { message: 'User of another company' });
    return Object.assign(new UserSummaryModel(), {
      id: user.id,
      name: user.name,
      email: user.email,
      imageUrl: user.imageUrl,
      isAvailable: user.isAvailable,
      rol: { id: user.role.id, name: user.role.name },
    });
  }
}

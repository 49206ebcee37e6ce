import { Args, Int, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ChannelAdminService } from '../channels/channel-admin.service';
import { ChannelModel } from '../channels/models/channel.model';
import { SpaceModel } from './models/space.model';
import { SpacesService } from './spaces.service';

@Resolver(() => SpaceModel)
export class SpacesResolver {
  constructor(
    private readonly spacesService: SpacesService,
    private readonly channelAdmin: ChannelAdminService,
  ) {}

  // Issue 17: a menu bot option assigns to a space's agents, so the bot editor lists the spaces.
  @RequirePermissions('readSpaces', 'writeSpaces', 'readBot', 'writeBot')
  @Query(() => [SpaceModel])
  async spaces(@CurrentUser() user: AuthUser): Promise<SpaceModel[]> {
    return (await this.spacesService.listVisible(user)).map(SpaceModel.from);
  }

  // The channels list lives here because its scope is the caller's spaces (02 §6); the channel mutations stay in
  // ChannelsResolver. The templates tab and the bot pages pick a channel too (issues 16 and 17).
  @RequirePermissions('readSpaces', 'writeSpaces', 'whatsappTemplate', 'readBot', 'writeBot')
  @Query(() => [ChannelModel], {
    name: 'channels',
    description:
      "The company's channels with the spaces they belong to; roles other than admin and superadmin without writeSpaces: those of their spaces (02 §6).",
  })
  channelList(@CurrentUser() user: AuthUser): Promise<ChannelModel[]> {
    return this.spacesService.visibleChannels(user);
  }

  @RequirePermissions('readSpaces', 'writeSpaces')
  @Query(() => SpaceModel)
  async space(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<SpaceModel> {
    return SpaceModel.from(await this.spacesService.getVisible(user, id));
  }

  /** 02 §2 "Spaces list with linked channels". The parent space was already read within the caller's company. */
  @ResolveField(() => [ChannelModel])
  async channels(@Parent() space: SpaceModel, @CurrentUser() user: AuthUser): Promise<ChannelModel[]> {
    return this.channelAdmin.list(user.companyId, [space.id]);
  }
}

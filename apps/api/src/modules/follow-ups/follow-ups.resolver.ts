import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { FollowUpInput } from './dto/follow-up.input';
import { FollowUpsService } from './follow-ups.service';
import { FollowUpMessageModel } from './models/follow-up-message.model';

@Resolver(() => FollowUpMessageModel)
export class FollowUpsResolver {
  constructor(private readonly followUps: FollowUpsService) {}

  @RequirePermissions('followUp')
  @Query(() => [FollowUpMessageModel], { description: "A conversation's scheduled follow-up messages." })
  followUpMessages(@CurrentUser() user: AuthUser, @Args('clientId', { type: () => Int }) clientId: number) {
    return this.followUps.list(user, clientId);
  }

  @RequirePermissions('followUp')
  @Mutation(() => FollowUpMessageModel)
  createFollowUpMessage(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
    @Args('input') input: FollowUpInput,
  ) {
    return this.followUps.create(user, clientId, input);
  }

  @RequirePermissions('followUp')
  @Mutation(() => FollowUpMessageModel)
  updateFollowUpMessage(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
    @Args('input') input: FollowUpInput,
  ) {
    return this.followUps.update(user, id, input);
  }

  @RequirePermissions('followUp')
  @Mutation(() => Int, { description: 'Id of the deleted follow-up message.' })
  deleteFollowUpMessage(@CurrentUser() user: AuthUser, @Args('id', { type: () => Int }) id: number) {
    return this.followUps.remove(user, id);
  }
}

import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { Authenticated, CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { MeModel, UserSummaryModel } from './models/me.model';
import { UsersService } from './users.service';

@Resolver(() => MeModel)
export class UsersResolver {
  constructor(private readonly users: UsersService) {}

  @Authenticated()
  @Query(() => MeModel)
  me(@CurrentUser() user: AuthUser): Promise<MeModel> {
    return this.users.me(user);
  }

  @Authenticated()
  @Mutation(() => MeModel, { description: '01 §2.2: the avatar panel switches the selected space.' })
  selectSpace(
    @CurrentUser() user: AuthUser,
    @Args('spaceId', { type: () => Int }) spaceId: number,
  ): Promise<MeModel> {
    return this.users.selectSpace(user, spaceId);
  }

  @Authenticated()
  @Mutation(() => MeModel)
  setAvailability(
    @CurrentUser() user: AuthUser,
    @Args('isAvailable') isAvailable: boolean,
  ): Promise<MeModel> {
    return this.users.setAvailability(user, isAvailable);
  }

  @RequirePermissions('readUsers', 'writeUsers')
  @Query(() => UserSummaryModel)
  user(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<UserSummaryModel> {
    return this.users.getForCompany(user, id);
  }
}

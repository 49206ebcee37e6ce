import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { TeamFormOptionsModel, TeamLimitsModel, TeamUserModel } from './models/team-user.model';
import { TeamService } from './team.service';
import { TeamQueriesService } from './team-queries.service';

/** 02 §2 /users and /users/new: the team list, one user, the plan's seats and the form's choices. */
@Resolver(() => TeamUserModel)
export class TeamResolver {
  constructor(
    private readonly queries: TeamQueriesService,
    private readonly team: TeamService,
  ) {}

  @RequirePermissions('readUsers', 'writeUsers')
  @Query(() => [TeamUserModel])
  teamUsers(@CurrentUser() user: AuthUser): Promise<TeamUserModel[]> {
    return this.queries.list(user);
  }

  @RequirePermissions('readUsers', 'writeUsers')
  @Query(() => TeamUserModel)
  teamUser(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<TeamUserModel> {
    return this.queries.get(user, id);
  }

  @RequirePermissions('readUsers', 'writeUsers')
  @Query(() => TeamLimitsModel)
  teamLimits(@CurrentUser() user: AuthUser): Promise<TeamLimitsModel> {
    return this.queries.limits(user);
  }

  @RequirePermissions('writeUsers')
  @Query(() => TeamFormOptionsModel)
  teamFormOptions(@CurrentUser() user: AuthUser): Promise<TeamFormOptionsModel> {
    return this.queries.formOptions(user);
  }

  @RequirePermissions('writeUsers')
  @Mutation(() => TeamUserModel)
  updateUserAvailability(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
    @Args('isAvailable') isAvailable: boolean,
  ): Promise<TeamUserModel> {
    return this.team.setAvailability(user, id, isAvailable);
  }
}

import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { SpaceModel } from './models/space.model';
import { SpacesService } from './spaces.service';

@Resolver(() => SpaceModel)
export class SpacesResolver {
  constructor(private readonly spacesService: SpacesService) {}

  @RequirePermissions('readSpaces', 'writeSpaces')
  @Query(() => [SpaceModel])
  async spaces(@CurrentUser() user: AuthUser): Promise<SpaceModel[]> {
    return (await this.spacesService.listForCompany(user.companyId)).map(SpaceModel.from);
  }

  @RequirePermissions('readSpaces', 'writeSpaces')
  @Query(() => SpaceModel)
  async space(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<SpaceModel> {
    return SpaceModel.from(await this.spacesService.getForCompany(user.companyId, id));
  }
}

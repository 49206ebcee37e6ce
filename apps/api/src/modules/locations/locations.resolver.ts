import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { LocationsService } from './locations.service';
import { LocationInput, LocationModel } from './models/location.model';

@Resolver(() => LocationModel)
export class LocationsResolver {
  constructor(private readonly service: LocationsService) {}

  /** 02 §7 "locations list": the company configuration and the user form both offer it. */
  @RequirePermissions('readCompany', 'writeCompany', 'readUsers', 'writeUsers')
  @Query(() => [LocationModel])
  locations(@CurrentUser() user: AuthUser): Promise<LocationModel[]> {
    return this.service.list(user.companyId);
  }

  @RequirePermissions('writeCompany')
  @Mutation(() => LocationModel)
  createLocation(@CurrentUser() user: AuthUser, @Args('input') input: LocationInput): Promise<LocationModel> {
    return this.service.create(user, input.name);
  }

  @RequirePermissions('writeCompany')
  @Mutation(() => LocationModel)
  updateLocation(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
    @Args('input') input: LocationInput,
  ): Promise<LocationModel> {
    return this.service.update(user, id, input.name);
  }

  @RequirePermissions('writeCompany')
  @Mutation(() => Boolean)
  deleteLocation(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<boolean> {
    return this.service.delete(user, id);
  }
}

import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { CategoriesService } from './categories.service';
import { CategoryInput, CategoryModel } from './models/category.model';

@Resolver(() => CategoryModel)
export class CategoriesResolver {
  constructor(private readonly service: CategoriesService) {}

  /** The inbox's category picker (02 §2) and the company configuration read the same list. */
  @RequirePermissions('readChat', 'agent', 'readCompany', 'writeCompany')
  @Query(() => [CategoryModel])
  categories(@CurrentUser() user: AuthUser): Promise<CategoryModel[]> {
    return this.service.list(user.companyId);
  }

  @RequirePermissions('writeCompany')
  @Mutation(() => CategoryModel)
  createCategory(@CurrentUser() user: AuthUser, @Args('input') input: CategoryInput): Promise<CategoryModel> {
    return this.service.create(user, input.name);
  }

  @RequirePermissions('writeCompany')
  @Mutation(() => CategoryModel)
  updateCategory(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
    @Args('input') input: CategoryInput,
  ): Promise<CategoryModel> {
    return this.service.update(user, id, input.name);
  }

  @RequirePermissions('writeCompany')
  @Mutation(() => Boolean)
  deleteCategory(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<boolean> {
    return this.service.delete(user, id);
  }
}

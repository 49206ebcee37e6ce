import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { CreateSurveyInput, UpdateSurveyInput } from './dto/survey.input';
import { SurveyConfigModel } from './models/survey.model';
import { SurveysService } from './surveys.service';

/** 02 §7 GraphQL survey calls, the REST ones' equivalents (same permissions, rules and errors). */
@Resolver(() => SurveyConfigModel)
export class SurveysResolver {
  constructor(private readonly surveys: SurveysService) {}

  @RequirePermissions('readBot', 'writeBot')
  @Query(() => [SurveyConfigModel], { description: "The company's surveys, one per channel." })
  surveyConfigs(
    @CurrentUser() user: AuthUser,
    @Args('companyId', { type: () => Int, nullable: true }) companyId: number | null,
  ): Promise<SurveyConfigModel[]> {
    return this.surveys.list(user, companyId);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => SurveyConfigModel)
  createSurveyConfig(
    @CurrentUser() user: AuthUser,
    @Args('input') input: CreateSurveyInput,
  ): Promise<SurveyConfigModel> {
    return this.surveys.create(user, input);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => SurveyConfigModel)
  updateSurveyConfig(
    @CurrentUser() user: AuthUser,
    @Args('input') input: UpdateSurveyInput,
  ): Promise<SurveyConfigModel> {
    return this.surveys.update(user, input);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => [SurveyConfigModel], {
    description: 'Deletes options by id; answers the surveys they left.',
  })
  deleteManySurveyOptions(
    @CurrentUser() user: AuthUser,
    @Args('ids', { type: () => [Int] }) ids: number[],
  ): Promise<SurveyConfigModel[]> {
    return this.surveys.deleteOptions(user, ids);
  }
}

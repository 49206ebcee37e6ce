import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { QuickAnswerModel } from './models/quick-answer.model';
import { QuickAnswersService } from './quick-answers.service';

/** Quick answers of a space (the caller's selected one by default), for the composer's '/' menu and /quickAnswers. */
@Resolver(() => QuickAnswerModel)
export class QuickAnswersResolver {
  constructor(private readonly service: QuickAnswersService) {}

  @RequirePermissions('agent', 'readQuickAnswers', 'writeQuickAnswers')
  @Query(() => [QuickAnswerModel])
  quickAnswers(
    @CurrentUser() user: AuthUser,
    @Args('order', { type: () => String, defaultValue: 'desc' }) order: string,
    @Args('spaceId', { type: () => Int, nullable: true }) spaceId: number | null,
    @Args('search', { type: () => String, nullable: true }) search: string | null,
  ): Promise<QuickAnswerModel[]> {
    return this.service.list(user, { order, spaceId, search });
  }

  @RequirePermissions('agent', 'readQuickAnswers', 'writeQuickAnswers')
  @Query(() => QuickAnswerModel)
  quickAnswer(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<QuickAnswerModel> {
    return this.service.get(user, id);
  }

  /** Called when the composer inserts one: keeps lastUse and frecuency for ordering by use. */
  @RequirePermissions('agent', 'readQuickAnswers', 'writeQuickAnswers')
  @Mutation(() => QuickAnswerModel)
  useQuickAnswer(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<QuickAnswerModel> {
    return this.service.use(user, id);
  }

  /**
   * 02 §7 names the GraphQL mutation "updateQuickAnswer lastUse": the same use count as useQuickAnswer (the text,
   * shortcut and file change through REST POST /updateQuickAnswer).
   */
  @RequirePermissions('agent', 'readQuickAnswers', 'writeQuickAnswers')
  @Mutation(() => QuickAnswerModel, { description: '02 §7: records a use (lastUse now, frecuency + 1).' })
  updateQuickAnswer(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<QuickAnswerModel> {
    return this.service.use(user, id);
  }

  /** 02 §7 deleteQuickAnswer by id; answers the deleted answer. */
  @RequirePermissions('agent', 'writeQuickAnswers')
  @Mutation(() => QuickAnswerModel)
  deleteQuickAnswer(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
  ): Promise<QuickAnswerModel> {
    return this.service.remove(user, id);
  }
}

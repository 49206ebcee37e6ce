import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { CreateWelcomeMessageInput, UpdateWelcomeMessageInput } from './dto/welcome-message.input';
import { WelcomeMessageModel } from './models/welcome-message.model';
import { WelcomeMessagesService } from './welcome-messages.service';

/** 02 §7 welcome-message calls: bot administration (02 §6 readBot / writeBot). */
@Resolver(() => WelcomeMessageModel)
export class WelcomeMessagesResolver {
  constructor(private readonly welcome: WelcomeMessagesService) {}

  @RequirePermissions('readBot', 'writeBot')
  @Query(() => [WelcomeMessageModel], {
    description:
      "The company's welcome messages, of one channel when given; 02 §7 also reads them by templateId (those that send it).",
  })
  async welcomeMessages(
    @CurrentUser() user: AuthUser,
    @Args('channelId', { type: () => Int, nullable: true }) channelId: number | null,
    @Args('templateId', { type: () => Int, nullable: true }) templateId: number | null,
  ): Promise<WelcomeMessageModel[]> {
    if (templateId === null || templateId === undefined) return this.welcome.list(user, channelId ?? null);
    // Both ids are checked as the caller's (another company's channel or template is FORBIDDEN).
    const byTemplate = await this.welcome.listByTemplate(user, templateId);
    if (channelId === null || channelId === undefined) return byTemplate;
    const ofChannel = await this.welcome.list(user, channelId);
    return ofChannel.filter((row) => row.templateId === templateId);
  }

  @RequirePermissions('readBot', 'writeBot')
  @Query(() => [WelcomeMessageModel], { description: 'The welcome messages that send this template.' })
  welcomeMessagesByTemplate(
    @CurrentUser() user: AuthUser,
    @Args('templateId', { type: () => Int }) templateId: number,
  ): Promise<WelcomeMessageModel[]> {
    return this.welcome.listByTemplate(user, templateId);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => WelcomeMessageModel)
  createWelcomeMessage(
    @CurrentUser() user: AuthUser,
    @Args('input') input: CreateWelcomeMessageInput,
  ): Promise<WelcomeMessageModel> {
    return this.welcome.create(user, input);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => WelcomeMessageModel)
  updateWelcomeMessage(
    @CurrentUser() user: AuthUser,
    @Args('input') input: UpdateWelcomeMessageInput,
  ): Promise<WelcomeMessageModel> {
    return this.welcome.update(user, input);
  }
}

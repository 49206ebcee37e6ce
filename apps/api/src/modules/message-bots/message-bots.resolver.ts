import { Args, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { CreateMessageBotInput } from './dto/message-bot.input';
import { CreateMessageBotConfigInput, UpdateMessageBotConfigInput } from './dto/message-bot-config.input';
import { MessageBotsService } from './message-bots.service';
import { MessageBotModel } from './models/message-bot.model';
import { MessageBotConfigModel } from './models/message-bot-config.model';

/** 02 §7 follow-up bots: messageBotConfigs by channel or template, their create / update / delete, messageBots. */
@Resolver(() => MessageBotConfigModel)
export class MessageBotsResolver {
  constructor(private readonly service: MessageBotsService) {}

  @RequirePermissions('readBot', 'writeBot')
  @Query(() => [MessageBotConfigModel], {
    description: "A channel's follow-up bots (shortest wait first), or the company's that send a template.",
  })
  messageBotConfigs(
    @CurrentUser() user: AuthUser,
    @Args('channelId', { type: () => Int, nullable: true }) channelId: number | null,
    @Args('templateId', { type: () => Int, nullable: true }) templateId: number | null,
  ) {
    return this.service.listConfigs(user, { channelId, templateId });
  }

  @RequirePermissions('writeBot')
  @Mutation(() => MessageBotConfigModel)
  createMessageBotConfig(@CurrentUser() user: AuthUser, @Args('input') input: CreateMessageBotConfigInput) {
    return this.service.createConfig(user, input);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => MessageBotConfigModel, { description: 'Fields left out keep their value.' })
  updateMessageBotConfig(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
    @Args('input') input: UpdateMessageBotConfigInput,
  ) {
    return this.service.updateConfig(user, id, input);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => Int, { description: 'Id of the deleted config; its pending firings go with it.' })
  deleteMessageBotConfig(@CurrentUser() user: AuthUser, @Args('id', { type: () => Int }) id: number) {
    return this.service.deleteConfig(user, id);
  }

  @RequirePermissions('readBot', 'writeBot')
  @Query(() => [MessageBotModel], { description: "A config's firings per conversation, pending first." })
  messageBots(@CurrentUser() user: AuthUser, @Args('configId', { type: () => Int }) configId: number) {
    return this.service.listBots(user, configId);
  }

  /** 02 §3 Bot follow-up config: "id with a list of message bots" — its firings, pending first. */
  @ResolveField('messageBots', () => [MessageBotModel])
  firings(
    @Parent() config: MessageBotConfigModel,
    @CurrentUser() user: AuthUser,
  ): Promise<MessageBotModel[]> {
    return this.service.listBots(user, config.id);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => MessageBotModel, {
    description:
      '02 §7 message bots create: arms a follow-up bot for one conversation by hand; the customer answering cancels it.',
  })
  createMessageBot(
    @CurrentUser() user: AuthUser,
    @Args('input') input: CreateMessageBotInput,
  ): Promise<MessageBotModel> {
    return this.service.createBot(user, input);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => Int, { description: 'Id of the deleted firing (a pending one is cancelled).' })
  deleteMessageBot(@CurrentUser() user: AuthUser, @Args('id', { type: () => Int }) id: number) {
    return this.service.deleteBot(user, id);
  }
}

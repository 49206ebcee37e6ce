import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { JsonScalar } from '../../common/graphql/json.scalar';
import { ConversationModel } from '../clients/models/conversation.model';
import { ChatbotService } from './chatbot.service';
import { ChatbotMenuModel } from './models/chatbot-menu.model';

const CHANNEL_ID = { name: 'channelId', type: () => Int } as const;

/** Issue 17: the menu chatbot of each channel (02 §6 readBot / writeBot), and coldBot's 'Frío' tag. */
@Resolver(() => ChatbotMenuModel)
export class ChatbotResolver {
  constructor(private readonly chatbot: ChatbotService) {}

  @RequirePermissions('readBot', 'writeBot')
  @Query(() => ChatbotMenuModel, {
    nullable: true,
    description: "The channel's menu chatbot; null when it has none.",
  })
  chatbotMenu(
    @CurrentUser() user: AuthUser,
    @Args(CHANNEL_ID) channelId: number,
  ): Promise<ChatbotMenuModel | null> {
    return this.chatbot.get(user, channelId);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => ChatbotMenuModel, {
    description: "Replaces the channel's menu; a bad menu is refused with 400 on the field menu.<path>.",
  })
  saveChatbotMenu(
    @CurrentUser() user: AuthUser,
    @Args(CHANNEL_ID) channelId: number,
    @Args('menu', { type: () => JsonScalar }) menu: unknown,
  ): Promise<ChatbotMenuModel> {
    return this.chatbot.save(user, channelId, menu);
  }

  @RequirePermissions('writeBot')
  @Mutation(() => Boolean, {
    description:
      "Removes the channel's menu (false: it had none); its open bot conversations go to the inbox.",
  })
  deleteChatbotMenu(@CurrentUser() user: AuthUser, @Args(CHANNEL_ID) channelId: number): Promise<boolean> {
    return this.chatbot.remove(user, channelId);
  }

  @RequirePermissions('coldBot')
  @Mutation(() => ConversationModel, {
    description: "02 §6 coldBot: tags the conversation with the company's predefined cold tag.",
  })
  markConversationCold(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
  ) {
    return this.chatbot.markCold(user, clientId);
  }
}

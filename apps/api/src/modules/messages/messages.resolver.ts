import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { SendMessageInput } from './dto/send-message.input';
import { MessagesService } from './messages.service';
import { MessageModel } from './models/message.model';

@Resolver(() => MessageModel)
export class MessagesResolver {
  constructor(private readonly messagesService: MessagesService) {}

  /** 02 §7: a conversation's messages, newest first, 30 a page. */
  @RequirePermissions('readChat', 'agent')
  @Query(() => [MessageModel])
  messages(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
    @Args('skip', { type: () => Int, defaultValue: 0 }) skip: number,
    @Args('first', { type: () => Int, defaultValue: 30 }) first: number,
  ): Promise<MessageModel[]> {
    return this.messagesService.list(user, clientId, Math.max(0, skip), Math.max(1, first));
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => Int, { description: 'Marks the conversation read; answers its unread count (0).' })
  async markConversationRead(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
  ) {
    return (await this.messagesService.markRead(user, clientId)).unreadMessages;
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => Int, {
    description: 'Marks the conversation unread; answers its unread count (at least 1).',
  })
  async markConversationUnread(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
  ) {
    return (await this.messagesService.markUnread(user, clientId)).unreadMessages;
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => MessageModel, {
    description: 'Stores the message as pending and sends it through the channel.',
  })
  sendMessage(@CurrentUser() user: AuthUser, @Args('input') input: SendMessageInput): Promise<MessageModel> {
    return this.messagesService.send(user, input);
  }

  @RequirePermissions('readChat', 'agent')
  @Mutation(() => [MessageModel], { description: '02 §5: 1–6 messages to 1–2 conversations.' })
  forwardMessages(
    @CurrentUser() user: AuthUser,
    @Args('messageIds', { type: () => [Int] }) messageIds: number[],
    @Args('clientIds', { type: () => [Int] }) clientIds: number[],
  ): Promise<MessageModel[]> {
    return this.messagesService.forward(user, messageIds, clientIds);
  }
}

import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { ConversationActionsService } from './conversation-actions.service';
import { ConversationsController } from './conversations.controller';
import { ConversationsResolver } from './conversations.resolver';

/** Issue 4: what agents do to a conversation (assign, tag, archive, close, delete, send to CRM…). */
@Module({
  imports: [MessagesModule],
  controllers: [ConversationsController],
  providers: [ConversationActionsService, ConversationsResolver],
  exports: [ConversationActionsService],
})
export class ConversationsModule {}

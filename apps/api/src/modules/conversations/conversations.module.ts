import { Module } from '@nestjs/common';
import { CategoriesModule } from '../categories/categories.module';
import { CompaniesModule } from '../companies/companies.module';
import { MessagesModule } from '../messages/messages.module';
import { SurveysModule } from '../surveys/surveys.module';
import { TagsModule } from '../tags/tags.module';
import { ConversationActionsService } from './conversation-actions.service';
import { ConversationAssignmentService } from './conversation-assignment.service';
import { ConversationCloseService } from './conversation-close.service';
import { ConversationCrmService } from './conversation-crm.service';
import { ConversationsController } from './conversations.controller';
import { ConversationsResolver } from './conversations.resolver';

/** Issue 4: what agents do to a conversation (assign, tag, archive, close, delete, send to CRM…). */
@Module({
  imports: [MessagesModule, CompaniesModule, TagsModule, CategoriesModule, SurveysModule],
  controllers: [ConversationsController],
  providers: [
    ConversationActionsService,
    ConversationAssignmentService,
    ConversationCloseService,
    ConversationCrmService,
    ConversationsResolver,
  ],
  exports: [ConversationActionsService],
})
export class ConversationsModule {}

import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { ChatbotModule } from '../chatbot/chatbot.module';
import { MessageBotsModule } from '../message-bots/message-bots.module';
import { MessagesModule } from '../messages/messages.module';
import { SurveysModule } from '../surveys/surveys.module';
import { WelcomeMessagesModule } from '../welcome-messages/welcome-messages.module';
import { AutomationRepository } from './automation.repository';
import { InboundAutomationService } from './inbound-automation.service';

/** Issue 17: runs the automation steps of each customer message (welcome, menu bot, surveys, follow-up bots). */
@Module({
  imports: [
    ChannelsModule,
    MessagesModule,
    MessageBotsModule,
    SurveysModule,
    WelcomeMessagesModule,
    ChatbotModule,
  ],
  providers: [AutomationRepository, InboundAutomationService],
})
export class AutomationModule {}

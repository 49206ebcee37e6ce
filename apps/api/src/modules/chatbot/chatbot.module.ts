import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { CompaniesModule } from '../companies/companies.module';
import { DatasheetModule } from '../datasheet/datasheet.module';
import { MessagesModule } from '../messages/messages.module';
import { ChatbotController } from './chatbot.controller';
import { ChatbotRepository } from './chatbot.repository';
import { ChatbotResolver } from './chatbot.resolver';
import { ChatbotService } from './chatbot.service';
import { ChatbotRunnerService } from './chatbot-runner.service';

/** Issue 17: the menu chatbot — its configuration per channel and its turn in each customer message. */
@Module({
  imports: [MessagesModule, ChannelsModule, CompaniesModule, DatasheetModule],
  controllers: [ChatbotController],
  providers: [ChatbotRepository, ChatbotService, ChatbotRunnerService, ChatbotResolver],
  exports: [ChatbotRunnerService, ChatbotService],
})
export class ChatbotModule {}

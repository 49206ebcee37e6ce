import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { ChatbotRunnerService } from './chatbot-runner.service';

@Module({
  imports: [MessagesModule],
  providers: [ChatbotRunnerService],
  exports: [ChatbotRunnerService],
})
export class ChatbotModule {}

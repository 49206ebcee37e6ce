import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { WelcomeMessagesService } from './welcome-messages.service';

@Module({
  imports: [MessagesModule],
  providers: [WelcomeMessagesService],
  exports: [WelcomeMessagesService],
})
export class WelcomeMessagesModule {}

import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { WelcomeMessagesRepository } from './welcome-messages.repository';
import { WelcomeMessagesResolver } from './welcome-messages.resolver';
import { WelcomeMessagesService } from './welcome-messages.service';

/** Issue 17: each channel's welcome message — its configuration, and the bot sending it to new conversations. */
@Module({
  imports: [MessagesModule],
  providers: [WelcomeMessagesRepository, WelcomeMessagesService, WelcomeMessagesResolver],
  exports: [WelcomeMessagesService],
})
export class WelcomeMessagesModule {}

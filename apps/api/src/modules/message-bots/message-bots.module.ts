import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { FollowUpsModule } from '../follow-ups/follow-ups.module';
import { MessagesModule } from '../messages/messages.module';
import { AutomationSweepService } from './automation-sweep.service';
import { MessageBotsRepository } from './message-bots.repository';
import { MessageBotsResolver } from './message-bots.resolver';
import { MessageBotsService } from './message-bots.service';

@Module({
  imports: [ChannelsModule, MessagesModule, FollowUpsModule],
  providers: [MessageBotsRepository, MessageBotsService, MessageBotsResolver, AutomationSweepService],
  exports: [MessageBotsService],
})
export class MessageBotsModule {}

import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { FollowUpsRepository } from './follow-ups.repository';
import { FollowUpsResolver } from './follow-ups.resolver';
import { FollowUpsService } from './follow-ups.service';

@Module({
  imports: [ChannelsModule, MessagesModule],
  providers: [FollowUpsRepository, FollowUpsService, FollowUpsResolver],
  exports: [FollowUpsService],
})
export class FollowUpsModule {}

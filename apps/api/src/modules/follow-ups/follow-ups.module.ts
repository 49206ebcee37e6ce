import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { FollowUpsResolver } from './follow-ups.resolver';
import { FollowUpsService } from './follow-ups.service';

@Module({
  imports: [MessagesModule],
  providers: [FollowUpsService, FollowUpsResolver],
  exports: [FollowUpsService],
})
export class FollowUpsModule {}

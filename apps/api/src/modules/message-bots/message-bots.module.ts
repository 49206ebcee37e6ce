import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { MessageBotsService } from './message-bots.service';

@Module({
  imports: [MessagesModule],
  providers: [MessageBotsService],
  exports: [MessageBotsService],
})
export class MessageBotsModule {}

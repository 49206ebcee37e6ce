import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { SandboxController } from './sandbox.controller';
import { SandboxService } from './sandbox.service';

@Module({
  imports: [ChannelsModule, MessagesModule],
  controllers: [SandboxController],
  providers: [SandboxService],
})
export class SandboxModule {}

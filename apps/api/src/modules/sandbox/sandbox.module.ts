import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { SandboxController } from './sandbox.controller';
import { SandboxService } from './sandbox.service';
import { SandboxSlotController } from './sandbox-slot.controller';
import { SandboxSlotService } from './sandbox-slot.service';

@Module({
  imports: [ChannelsModule, MessagesModule],
  controllers: [SandboxController, SandboxSlotController],
  providers: [SandboxService, SandboxSlotService],
})
export class SandboxModule {}

import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { ChannelSlotsRepository } from './channel-slots.repository';
import { SandboxController } from './sandbox.controller';
import { SandboxService } from './sandbox.service';
import { SandboxSlotController } from './sandbox-slot.controller';
import { SandboxSlotService } from './sandbox-slot.service';
import { SimulatorRepository } from './simulator.repository';

@Module({
  imports: [ChannelsModule, MessagesModule],
  controllers: [SandboxController, SandboxSlotController],
  providers: [ChannelSlotsRepository, SimulatorRepository, SandboxService, SandboxSlotService],
})
export class SandboxModule {}

import { Module } from '@nestjs/common';
import { SpacesRepository } from '../spaces/spaces.repository';
import { ChannelAdminService } from './channel-admin.service';
import { ChannelConnectService } from './channel-connect.service';
import { ChannelRegistry } from './channel-registry.service';
import { ChannelsController } from './channels.controller';
import { ChannelsRepository } from './channels.repository';
import { ChannelsResolver } from './channels.resolver';
import { ChannelsService } from './channels.service';
import { MessengerSyncService } from './messenger-sync.service';

@Module({
  controllers: [ChannelsController],
  providers: [
    ChannelsRepository,
    ChannelsService,
    ChannelRegistry,
    ChannelAdminService,
    ChannelConnectService,
    MessengerSyncService,
    ChannelsResolver,
    // Who hears that a channel changed (SpacesRepository.audience): a stateless repository listed here rather
    // than the spaces module imported, which imports this one.
    SpacesRepository,
  ],
  exports: [ChannelsRepository, ChannelsService, ChannelRegistry, ChannelAdminService],
})
export class ChannelsModule {}

import { Module } from '@nestjs/common';
import { SpaceAudienceModule } from '../space-audience/space-audience.module';
import { ChannelAdminService } from './channel-admin.service';
import { ChannelConnectService } from './channel-connect.service';
import { ChannelRegistry } from './channel-registry.service';
import { ChannelsController } from './channels.controller';
import { ChannelsRepository } from './channels.repository';
import { ChannelsResolver } from './channels.resolver';
import { ChannelsService } from './channels.service';
import { MessengerSyncService } from './messenger-sync.service';

@Module({
  imports: [SpaceAudienceModule],
  controllers: [ChannelsController],
  providers: [
    ChannelsRepository,
    ChannelsService,
    ChannelRegistry,
    ChannelAdminService,
    ChannelConnectService,
    MessengerSyncService,
    ChannelsResolver,
  ],
  exports: [ChannelsRepository, ChannelsService, ChannelRegistry, ChannelAdminService],
})
export class ChannelsModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelAdminService } from './channel-admin.service';
import { ChannelConnectService } from './channel-connect.service';
import { ChannelRegistry } from './channel-registry.service';
import { ChannelsController } from './channels.controller';
import { ChannelsResolver } from './channels.resolver';
import { ChannelsService } from './channels.service';
import { Channel } from './entities/channel.entity';
import { MessengerSyncService } from './messenger-sync.service';

@Module({
  imports: [TypeOrmModule.forFeature([Channel])],
  controllers: [ChannelsController],
  providers: [
    ChannelsService,
    ChannelRegistry,
    ChannelAdminService,
    ChannelConnectService,
    MessengerSyncService,
    ChannelsResolver,
  ],
  exports: [ChannelsService, ChannelRegistry, ChannelAdminService],
})
export class ChannelsModule {}

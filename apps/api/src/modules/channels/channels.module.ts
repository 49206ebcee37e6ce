import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelRegistry } from './channel-registry.service';
import { ChannelsService } from './channels.service';
import { Channel } from './entities/channel.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Channel])],
  providers: [ChannelsService, ChannelRegistry],
  exports: [ChannelsService, ChannelRegistry],
})
export class ChannelsModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { Space } from './entities/space.entity';
import { SpacesController } from './spaces.controller';
import { SpacesResolver } from './spaces.resolver';
import { SpacesService } from './spaces.service';

@Module({
  imports: [TypeOrmModule.forFeature([Space]), ChannelsModule],
  controllers: [SpacesController],
  providers: [SpacesService, SpacesResolver],
  exports: [SpacesService],
})
export class SpacesModule {}

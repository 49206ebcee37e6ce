import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { SpacesController } from './spaces.controller';
import { SpacesRepository } from './spaces.repository';
import { SpacesResolver } from './spaces.resolver';
import { SpacesService } from './spaces.service';

@Module({
  imports: [ChannelsModule],
  controllers: [SpacesController],
  providers: [SpacesRepository, SpacesService, SpacesResolver],
  exports: [SpacesService, SpacesRepository],
})
export class SpacesModule {}

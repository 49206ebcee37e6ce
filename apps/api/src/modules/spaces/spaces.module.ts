import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { SpaceAudienceModule } from '../space-audience/space-audience.module';
import { SpacesController } from './spaces.controller';
import { SpacesRepository } from './spaces.repository';
import { SpacesResolver } from './spaces.resolver';
import { SpacesService } from './spaces.service';

@Module({
  imports: [ChannelsModule, SpaceAudienceModule],
  controllers: [SpacesController],
  providers: [SpacesRepository, SpacesService, SpacesResolver],
  exports: [SpacesService, SpacesRepository],
})
export class SpacesModule {}

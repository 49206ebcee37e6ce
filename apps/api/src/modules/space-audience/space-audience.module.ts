import { Module } from '@nestjs/common';
import { SpaceAudienceRepository } from './space-audience.repository';
import { SpaceAudienceService } from './space-audience.service';

@Module({
  providers: [SpaceAudienceRepository, SpaceAudienceService],
  exports: [SpaceAudienceService],
})
export class SpaceAudienceModule {}

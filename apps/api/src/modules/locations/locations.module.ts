import { Module } from '@nestjs/common';
import { LocationsRepository } from './locations.repository';
import { LocationsResolver } from './locations.resolver';
import { LocationsService } from './locations.service';

@Module({
  providers: [LocationsRepository, LocationsService, LocationsResolver],
  exports: [LocationsRepository],
})
export class LocationsModule {}

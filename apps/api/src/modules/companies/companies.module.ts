import { Module } from '@nestjs/common';
import { RolesModule } from '../roles/roles.module';
import { SpacesModule } from '../spaces/spaces.module';
import { CompaniesRepository } from './companies.repository';
import { CompaniesResolver } from './companies.resolver';
import { CompaniesService } from './companies.service';

@Module({
  imports: [RolesModule, SpacesModule],
  providers: [CompaniesRepository, CompaniesService, CompaniesResolver],
  exports: [CompaniesService, CompaniesRepository],
})
export class CompaniesModule {}

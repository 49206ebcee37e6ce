import { Module } from '@nestjs/common';
import { ChannelsModule } from '../modules/channels/channels.module';
import { CompaniesModule } from '../modules/companies/companies.module';
import { RolesModule } from '../modules/roles/roles.module';
import { SessionsModule } from '../modules/sessions/sessions.module';
import { SpacesModule } from '../modules/spaces/spaces.module';
import { UsersModule } from '../modules/users/users.module';
import { DemoSeedRepository } from './demo-seed.repository';
import { DemoSeedService } from './demo-seed.service';

/**
 * The demo data of a first run (DemoSeedService.seedIfEmpty, called by createApp when DEMO_DATA is on). It sits
 * above the domain modules and seeds through their services and repositories; the database layer below them
 * imports none.
 */
@Module({
  imports: [ChannelsModule, CompaniesModule, RolesModule, SessionsModule, SpacesModule, UsersModule],
  providers: [DemoSeedRepository, DemoSeedService],
  exports: [DemoSeedService],
})
export class DemoSeedModule {}

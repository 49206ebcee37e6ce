import { Module } from '@nestjs/common';
import { AuthModule } from '../modules/auth/auth.module';
import { ChannelsModule } from '../modules/channels/channels.module';
import { CompaniesModule } from '../modules/companies/companies.module';
import { RolesModule } from '../modules/roles/roles.module';
import { SpacesModule } from '../modules/spaces/spaces.module';
import { UsersRepository } from '../modules/users/users.repository';
import { DemoSeedRepository } from './demo-seed.repository';
import { DemoSeedService } from './demo-seed.service';

/**
 * The demo data of a first run (DemoSeedService.seedIfEmpty, called by createApp when DEMO_DATA is on). It sits
 * above the domain modules and seeds through their services and repositories; the database layer below them
 * imports none.
 */
@Module({
  imports: [AuthModule, ChannelsModule, CompaniesModule, RolesModule, SpacesModule],
  // The users module exports no repository: a stateless repository of its own here, as PasswordService there.
  providers: [DemoSeedRepository, DemoSeedService, UsersRepository],
  exports: [DemoSeedService],
})
export class DemoSeedModule {}

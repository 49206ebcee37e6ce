import { Module } from '@nestjs/common';
import { PasswordService } from '../auth/password.service';
import { SessionsModule } from '../auth/sessions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { TeamController } from './team.controller';
import { TeamResolver } from './team.resolver';
import { TeamService } from './team.service';
import { TeamPhotosService } from './team-photos.service';
import { TeamQueriesService } from './team-queries.service';
import { TeamRulesService } from './team-rules.service';
import { UsersRepository } from './users.repository';
import { UsersResolver } from './users.resolver';
import { UsersService } from './users.service';

@Module({
  imports: [SpacesModule, SessionsModule],
  controllers: [TeamController],
  // PasswordService is stateless: its own instance here spares importing the auth module.
  providers: [
    UsersRepository,
    UsersService,
    UsersResolver,
    TeamService,
    TeamQueriesService,
    TeamRulesService,
    TeamPhotosService,
    TeamResolver,
    PasswordService,
  ],
  exports: [UsersService, UsersRepository],
})
export class UsersModule {}

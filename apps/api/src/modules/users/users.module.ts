import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
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
  providers: [
    UsersRepository,
    UsersService,
    UsersResolver,
    TeamService,
    TeamQueriesService,
    TeamRulesService,
    TeamPhotosService,
    TeamResolver,
  ],
  exports: [UsersService, UsersRepository],
})
export class UsersModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordService } from '../auth/password.service';
import { SpacesModule } from '../spaces/spaces.module';
import { User } from './entities/user.entity';
import { TeamController } from './team.controller';
import { TeamResolver } from './team.resolver';
import { TeamService } from './team.service';
import { UsersResolver } from './users.resolver';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User]), SpacesModule],
  controllers: [TeamController],
  // PasswordService is stateless: its own instance here spares importing the auth module.
  providers: [UsersService, UsersResolver, TeamService, TeamResolver, PasswordService],
  exports: [UsersService],
})
export class UsersModule {}

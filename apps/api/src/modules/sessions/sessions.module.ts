import { Module } from '@nestjs/common';
import { PasswordService } from './password.service';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { TokenService } from './token.service';

/**
 * Sessions, their tokens and password hashing: below both sign-in (auth) and the team (users), which open, check
 * and revoke sessions and hash passwords, so neither has to import the other for them.
 */
@Module({
  providers: [SessionsRepository, SessionsService, TokenService, PasswordService],
  exports: [SessionsService, PasswordService],
})
export class SessionsModule {}

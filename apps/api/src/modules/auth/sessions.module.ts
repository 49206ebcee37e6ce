import { Module } from '@nestjs/common';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { TokenService } from './token.service';

/** Sessions and their tokens, apart from sign-in so that the team (users module) can revoke them too. */
@Module({
  providers: [SessionsRepository, SessionsService, TokenService],
  exports: [SessionsService],
})
export class SessionsModule {}

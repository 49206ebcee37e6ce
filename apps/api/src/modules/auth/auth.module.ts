import { Module } from '@nestjs/common';
import { RealtimeGateway } from '../../realtime/realtime.gateway';
import { CompaniesModule } from '../companies/companies.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailVerificationsRepository } from './email-verifications.repository';
import { PasswordService } from './password.service';
import { PasswordResetsRepository } from './password-resets.repository';
import { RateLimitRepository } from './rate-limit.repository';
import { RateLimitService } from './rate-limit.service';
import { SessionsModule } from './sessions.module';
import { TotpService } from './totp.service';

@Module({
  imports: [CompaniesModule, UsersModule, SessionsModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    EmailVerificationsRepository,
    PasswordResetsRepository,
    RateLimitRepository,
    RateLimitService,
    PasswordService,
    TotpService,
    RealtimeGateway,
  ],
  exports: [AuthService, PasswordService],
})
export class AuthModule {}

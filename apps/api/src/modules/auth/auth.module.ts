import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { RealtimeGateway } from '../../realtime/realtime.gateway';
import { SOCKET_AUTHENTICATOR } from '../../realtime/socket-authenticator';
import { CompaniesModule } from '../companies/companies.module';
import { OnboardingModule } from '../onboarding/onboarding.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailVerificationsRepository } from './email-verifications.repository';
import { PasswordResetsRepository } from './password-resets.repository';
import { TotpService } from './totp.service';

@Module({
  imports: [CompaniesModule, UsersModule, SessionsModule, OnboardingModule, RateLimitModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    EmailVerificationsRepository,
    PasswordResetsRepository,
    TotpService,
    // The socket gateway lives here because its handshake needs sign-in's check; realtime only names the contract.
    RealtimeGateway,
    { provide: SOCKET_AUTHENTICATOR, useExisting: AuthService },
  ],
  exports: [AuthService],
})
export class AuthModule {}

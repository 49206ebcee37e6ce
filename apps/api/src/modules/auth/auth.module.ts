import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RealtimeGateway } from '../../realtime/realtime.gateway';
import { CompaniesModule } from '../companies/companies.module';
import { User } from '../users/entities/user.entity';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailVerification } from './entities/email-verification.entity';
import { PasswordResetToken } from './entities/password-reset-token.entity';
import { RateLimitBucket } from './entities/rate-limit-bucket.entity';
import { Session } from './entities/session.entity';
import { PasswordService } from './password.service';
import { RateLimitService } from './rate-limit.service';
import { TokenService } from './token.service';
import { TotpService } from './totp.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([User, Session, EmailVerification, PasswordResetToken, RateLimitBucket]),
    CompaniesModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, PasswordService, TotpService, TokenService, RateLimitService, RealtimeGateway],
  exports: [AuthService, PasswordService],
})
export class AuthModule {}

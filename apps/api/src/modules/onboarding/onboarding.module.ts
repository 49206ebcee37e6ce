import { Module } from '@nestjs/common';
import { RateLimitModule } from '../../common/rate-limit/rate-limit.module';
import { ChannelsModule } from '../channels/channels.module';
import { CompaniesModule } from '../companies/companies.module';
import { UsersModule } from '../users/users.module';
import { OnboardingController } from './onboarding.controller';
import { OnboardingRepository } from './onboarding.repository';
import { OnboardingResolver } from './onboarding.resolver';
import { OnboardingService } from './onboarding.service';
import { OnboardingFinishService } from './onboarding-finish.service';

/** Issue 19: the sign-up record (01 §2.4, §7). Registration (auth) finishes it through OnboardingFinishService. */
@Module({
  imports: [ChannelsModule, CompaniesModule, UsersModule, RateLimitModule],
  controllers: [OnboardingController],
  providers: [OnboardingRepository, OnboardingService, OnboardingFinishService, OnboardingResolver],
  exports: [OnboardingFinishService],
})
export class OnboardingModule {}

import { Module } from '@nestjs/common';
import { RateLimitRepository } from './rate-limit.repository';
import { RateLimitService } from './rate-limit.service';

/** Attempt counters shared by sign-in, sign-up and the public onboarding lookups. */
@Module({
  providers: [RateLimitRepository, RateLimitService],
  exports: [RateLimitService],
})
export class RateLimitModule {}

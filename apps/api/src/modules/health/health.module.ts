import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { MetricsController } from './metrics.controller';
import { ReadinessService } from './readiness.service';

@Module({
  controllers: [HealthController, MetricsController],
  providers: [HealthRepository, ReadinessService],
})
export class HealthModule {}

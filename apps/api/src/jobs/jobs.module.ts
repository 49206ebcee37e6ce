import { Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { JobQueueService } from './job-queue.service';
import { JobsRepository } from './jobs.repository';
import { MaintenanceRepository } from './maintenance.repository';
import { MaintenanceService } from './maintenance.service';

@Global()
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [JobQueueService, JobsRepository, MaintenanceRepository, MaintenanceService],
  exports: [JobQueueService],
})
export class JobsModule {}

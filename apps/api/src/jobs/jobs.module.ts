import { Global, Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { JobQueueService } from './job-queue.service';
import { MaintenanceService } from './maintenance.service';

@Global()
@Module({
  imports: [ScheduleModule.forRoot()],
  providers: [JobQueueService, MaintenanceService],
  exports: [JobQueueService],
})
export class JobsModule {}

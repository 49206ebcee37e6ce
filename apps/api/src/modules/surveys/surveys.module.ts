import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { SurveysService } from './surveys.service';

@Module({
  imports: [MessagesModule],
  providers: [SurveysService],
  exports: [SurveysService],
})
export class SurveysModule {}

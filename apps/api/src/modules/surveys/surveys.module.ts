import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MessagesModule } from '../messages/messages.module';
import { SurveysController } from './surveys.controller';
import { SurveysRepository } from './surveys.repository';
import { SurveysResolver } from './surveys.resolver';
import { SurveysService } from './surveys.service';

/** Issue 17: satisfaction surveys — their configuration, sending on close, and the customers' answers. */
@Module({
  imports: [MessagesModule, ChannelsModule],
  controllers: [SurveysController],
  providers: [SurveysRepository, SurveysService, SurveysResolver],
  exports: [SurveysService, SurveysRepository],
})
export class SurveysModule {}

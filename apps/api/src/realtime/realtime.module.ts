import { Global, Module } from '@nestjs/common';
import { RealtimeRepository } from './realtime.repository';
import { RealtimeService } from './realtime.service';

@Global()
@Module({ providers: [RealtimeRepository, RealtimeService], exports: [RealtimeService] })
export class RealtimeModule {}

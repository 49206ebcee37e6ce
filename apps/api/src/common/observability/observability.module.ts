import { type DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../../config/app-config';
import { loggerParams } from './logger-params';
import { MetricsService } from './metrics.service';
import { RequestUserLog } from './request-user-log';

/** Structured logs (nestjs-pino) and Prometheus metrics (prom-client), for every module (issue 22). */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ObservabilityModule,
      imports: [LoggerModule.forRoot(loggerParams(config))],
      providers: [MetricsService, RequestUserLog],
      exports: [MetricsService, RequestUserLog],
    };
  }
}

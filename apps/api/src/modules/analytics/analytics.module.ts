import { Module } from '@nestjs/common';
import { ChatbotModule } from '../chatbot/chatbot.module';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsResolver } from './analytics.resolver';
import { AnalyticsService } from './analytics.service';
import { AnalyticsExportService } from './analytics-export.service';
import { AnalyticsScopeService } from './analytics-scope.service';

/** Issue 20: statistics — the dashboard, its export, the bot report and the panel. */
@Module({
  imports: [ChatbotModule],
  controllers: [AnalyticsController],
  providers: [
    AnalyticsRepository,
    AnalyticsScopeService,
    AnalyticsService,
    AnalyticsExportService,
    AnalyticsResolver,
  ],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}

import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { AnalyticsReportsController } from './analytics-reports.controller';
import { AnalyticsReportsRepository } from './analytics-reports.repository';
import { AnalyticsReportsResolver } from './analytics-reports.resolver';
import { AnalyticsReportsService } from './analytics-reports.service';
import { ReportDigestService } from './report-digest.service';

/** Issue 20: statistics report e-mails — their recipients (01 §3, §7) and the hourly digest that mails them. */
@Module({
  imports: [AnalyticsModule],
  controllers: [AnalyticsReportsController],
  providers: [
    AnalyticsReportsRepository,
    AnalyticsReportsService,
    AnalyticsReportsResolver,
    ReportDigestService,
  ],
})
export class AnalyticsReportsModule {}

import {
  ANALYTICS_EXPORT_FILE_NAME,
  type AnalyticsResponse,
  BOT_REPORT_FILE_NAME,
  type PanelOverview,
} from '@crm/shared';
import { Body, Controller, Get, HttpCode, Logger, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiFileResponse, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { AnalyticsService } from './analytics.service';
import { AnalyticsExportService, type WorkbookWriter } from './analytics-export.service';
import { AnalyticsExportQuery, AnalyticsInput, BotReportQuery } from './dto/analytics.input';

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Issue 20: the statistics dashboard, its export, the bot report's workbook and the panel (01 §2.8, §3, §7
 * Statistics). The bot report's JSON, GET /botFlow/clienInfo, is the chatbot module's (issue 17).
 */
@ApiTags('analytics')
@ApiSignedIn()
@Controller()
export class AnalyticsController {
  private readonly logger = new Logger(AnalyticsController.name);

  constructor(
    private readonly analytics: AnalyticsService,
    private readonly exports: AnalyticsExportService,
  ) {}

  @ApiOperation({
    summary: 'The statistics of a date range: cards, previous period, agents, sessions, charts',
  })
  @ApiErrors(400, 403)
  @RequirePermissions('readCompany', 'writeCompany', 'readAnalytics')
  @Post('analytics')
  @HttpCode(200)
  dashboard(@CurrentUser() user: AuthUser, @Body() input: AnalyticsInput): Promise<AnalyticsResponse> {
    return this.analytics.dashboard(user, input);
  }

  @ApiOperation({ summary: `Download the range's sessions and agents as ${ANALYTICS_EXPORT_FILE_NAME}` })
  @ApiFileResponse(ANALYTICS_EXPORT_FILE_NAME, XLSX_CONTENT_TYPE)
  @ApiErrors(400, 403)
  @RequirePermissions('readCompany', 'writeCompany', 'readAnalytics')
  @Get('analytics/export')
  async export(
    @CurrentUser() user: AuthUser,
    @Query() query: AnalyticsExportQuery,
    @Res() res: Response,
  ): Promise<void> {
    await this.send(res, ANALYTICS_EXPORT_FILE_NAME, await this.exports.prepareExport(user, query));
  }

  // The same permissions as GET /botFlow/clienInfo, whose rows this is.
  @ApiOperation({ summary: `The bot report of GET /botFlow/clienInfo as ${BOT_REPORT_FILE_NAME}` })
  @ApiFileResponse(BOT_REPORT_FILE_NAME, XLSX_CONTENT_TYPE)
  @ApiErrors(400, 403)
  @RequirePermissions('readAnalytics', 'readBot', 'writeBot', 'readCompany')
  @Get('analytics/bot-report')
  async botReport(
    @CurrentUser() user: AuthUser,
    @Query() query: BotReportQuery,
    @Res() res: Response,
  ): Promise<void> {
    await this.send(res, BOT_REPORT_FILE_NAME, await this.exports.prepareBotReport(user, query));
  }

  @ApiOperation({ summary: 'The company at a glance: today, what waits now, the team and the plan' })
  @ApiErrors(403)
  @RequirePermissions('readCompany')
  @Get('panel')
  panel(@CurrentUser() user: AuthUser): Promise<PanelOverview> {
    return this.analytics.panel(user);
  }

  private async send(res: Response, fileName: string, write: WorkbookWriter): Promise<void> {
    res.status(200);
    res.setHeader('Content-Type', XLSX_CONTENT_TYPE);
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await write(res);
    } catch (error) {
      // Headers and part of the file are out: all that is left is to cut the download so it is not taken as whole.
      this.logger.error(`analytics export failed: ${String(error)}`);
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

import { CAMPAIGN_EXPORT_TEXTS } from '@crm/shared';
import { Body, Controller, Get, HttpCode, Logger, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiFileResponse, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import {
  CampaignAnalyticsService,
  type CampaignAnalyticsView,
  type CampaignStatisticsView,
} from './campaign-analytics.service';
import { CampaignIdInput } from './dto/campaign.input';

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Issue 18: a campaign's results page, its five lists and its export (01 §2.7 analytics, §3, §7 Campaigns). */
@ApiTags('campaigns')
@ApiSignedIn()
@RequirePermissions('campaigns')
@Controller()
export class CampaignAnalyticsController {
  private readonly logger = new Logger(CampaignAnalyticsController.name);

  constructor(private readonly analytics: CampaignAnalyticsService) {}

  @ApiOperation({
    summary: 'The campaign with its recipients by delivery status and the reasons of its failures',
  })
  @ApiErrors(400, 403, 404)
  @Post('campaign/analitycs')
  @HttpCode(200)
  results(@CurrentUser() user: AuthUser, @Body() input: CampaignIdInput): Promise<CampaignAnalyticsView> {
    return this.analytics.analytics(user, input.campaignId);
  }

  @ApiOperation({
    summary: "The campaign's five lists of phones (contact names without canSeePhoneNumber)",
  })
  @ApiErrors(400, 403, 404)
  @Get('campaign/:id/statistics')
  statistics(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
  ): Promise<CampaignStatisticsView> {
    return this.analytics.statistics(user, id);
  }

  @ApiOperation({ summary: "Download the campaign's lists as an XLSX workbook (campana-<id>.xlsx)" })
  @ApiFileResponse('campana-<id>.xlsx', XLSX_CONTENT_TYPE)
  @ApiErrors(400, 403, 404)
  @Get('campaign/:id/export')
  async export(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    // Refusals (another company's campaign) answer as JSON errors: nothing is sent before this resolves.
    const write = await this.analytics.prepareExport(user, id);
    res.status(200);
    res.setHeader('Content-Type', XLSX_CONTENT_TYPE);
    res.setHeader('Content-Disposition', `attachment; filename="${CAMPAIGN_EXPORT_TEXTS.fileName(id)}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await write(res);
    } catch (error) {
      // Headers and part of the file are out: all that is left is to cut the download so it is not taken as whole.
      this.logger.error(`campaign ${id} export failed: ${String(error)}`);
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

import { CAMPAIGN_MEDIA_TYPES, CAMPAIGN_MESSAGES, campaignMediaError } from '@crm/shared';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Req,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiErrors, ApiMultipart, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { FileStorageService } from '../../providers/storage/file-storage.service';
import { SpooledUploadInterceptor, spooledFiles } from '../../providers/storage/spooled-upload.interceptor';
import { checkUploadContent } from '../../providers/storage/upload-check';
import { type AccountStatusView, CampaignsService, type CampaignView } from './campaigns.service';
import {
  CampaignAudienceInput,
  CampaignListQuery,
  ChannelQuery,
  CreateCampaignInput,
  ProviderIdQuery,
} from './dto/campaign.input';

const MEDIA_MIME_TYPES = Object.keys(CAMPAIGN_MEDIA_TYPES);

/** Issue 18: the broadcast wizard's calls and the campaign list (01 §7 Campaigns), for holders of `campaigns`. */
@ApiTags('campaigns')
@ApiSignedIn()
@RequirePermissions('campaigns')
@Controller()
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly storage: FileStorageService,
  ) {}

  @ApiOperation({
    summary: "The company's campaigns (of one channel when given), newest first, after 2023-04-24",
  })
  @ApiErrors(400, 403)
  @Get('campaigns')
  list(@CurrentUser() user: AuthUser, @Query() query: CampaignListQuery): Promise<CampaignView[]> {
    return this.campaigns.listOf(user, query.companyId, query.channelId);
  }

  @ApiOperation({ summary: 'Create a campaign from the wizard’s draft; it starts at sendAt' })
  @ApiErrors(400, 403)
  @Post('campaign')
  create(@CurrentUser() user: AuthUser, @Body() input: CreateCampaignInput): Promise<CampaignView> {
    return this.campaigns.create(user, input);
  }

  @ApiOperation({ summary: 'Delete a campaign: a running one stops first; what was sent stays' })
  @ApiErrors(403, 404)
  @Delete('campaign/:id')
  remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    return this.campaigns.remove(user, id);
  }

  @ApiOperation({ summary: 'Pause a scheduled or running campaign' })
  @ApiErrors(400, 403, 404)
  @Post('campaign/:id/pause')
  @HttpCode(200)
  pause(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<CampaignView> {
    return this.campaigns.pause(user, id);
  }

  @ApiOperation({ summary: 'Resume a paused campaign where it was' })
  @ApiErrors(400, 403, 404)
  @Post('campaign/:id/resume')
  @HttpCode(200)
  resume(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number): Promise<CampaignView> {
    return this.campaigns.resume(user, id);
  }

  @ApiOperation({ summary: 'What the campaign would cost now ($, 4 decimals), per recipient by country' })
  @ApiErrors(400, 403)
  @Post('broadcast/getTotalPricing')
  @HttpCode(200)
  pricing(@CurrentUser() user: AuthUser, @Body() input: CampaignAudienceInput) {
    return this.campaigns.pricing(user, input);
  }

  @ApiOperation({ summary: 'How many contacts of the channel the tags reach now (valid numbers)' })
  @ApiErrors(400, 403)
  @Post('broadcast/audience')
  @HttpCode(200)
  audience(@CurrentUser() user: AuthUser, @Body() input: CampaignAudienceInput) {
    return this.campaigns.audience(user, input);
  }

  @ApiOperation({ summary: "The company's tags with how many contacts of the channel carry each" })
  @ApiErrors(400, 403)
  @Get('broadcast/tags')
  tags(@CurrentUser() user: AuthUser, @Query() query: ChannelQuery) {
    return this.campaigns.tagsOfChannel(user, query.channelId);
  }

  @ApiOperation({ summary: "The number's daily tier and quality rating, from its provider" })
  @ApiErrors(400, 403)
  @Get('broadcast/get360Status')
  status(@CurrentUser() user: AuthUser, @Query() query: ProviderIdQuery): Promise<AccountStatusView> {
    return this.campaigns.accountStatus(user, query);
  }

  @ApiOperation({
    summary: "Upload a campaign's header file (JPG, PNG, PDF or MP4; name up to 50 characters)",
  })
  @ApiMultipart({ file: 'file', fileRequired: true })
  @ApiErrors(400, 403)
  @Post('broadcast/media')
  @HttpCode(200)
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  async media(@Req() req: Request) {
    const file = spooledFiles(req)[0];
    if (!file) throw AppException.validation('file', CAMPAIGN_MESSAGES.fileRequired);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const name = typeof body.name === 'string' && body.name.trim() ? body.name.trim() : file.originalname;
    const rule = await checkUploadContent(file, MEDIA_MIME_TYPES);
    const refusal = campaignMediaError({ name, mime: rule.mimeType });
    if (refusal) throw AppException.validation('file', refusal);
    const stored = await this.storage.put({ path: file.path, size: file.size }, rule.mimeType);
    return { url: stored.url, name, fileType: rule.mediaType, mimeType: rule.mimeType, weight: file.size };
  }
}

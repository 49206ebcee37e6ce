import {
  type BusinessProfileView,
  type LinkedChannelsView,
  type LinkingBookingView,
  type LinkingQrView,
  UPLOAD_MESSAGES,
  type WhatsappLinkingConfigView,
} from '@crm/shared';
import { Body, Controller, Get, HttpCode, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiErrors, ApiMultipart, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import {
  type SpooledFile,
  SpooledUploadInterceptor,
  spooledFiles,
} from '../../providers/storage/spooled-upload.interceptor';
import {
  BusinessProfileInput,
  LinkDialog360Input,
  LinkingBookingInput,
  LinkMetaInput,
  LinkSandboxInput,
} from './dto/whatsapp-linking.input';
import { WhatsappLinkingService } from './whatsapp-linking.service';

function singlePhoto(req: Request): SpooledFile | null {
  const files = spooledFiles(req);
  if (files.length > 1) throw AppException.validation('file', UPLOAD_MESSAGES.singleImage);
  return files[0] ?? null;
}

/**
 * Issue 19, 01 §2.5 / §7: linking the company's WhatsApp number, its business profile, the QR page and the booking
 * of an expert's help. Everything needs writeSpaces (a linked number is a channel of the default space).
 */
@ApiTags('whatsapp-linking')
@ApiSignedIn()
@RequirePermissions('writeSpaces')
@Controller()
export class WhatsappLinkingController {
  constructor(private readonly linking: WhatsappLinkingService) {}

  @ApiOperation({ summary: 'Which ways of linking a number are configured (none: the sandbox linking)' })
  @Get('link-whatsapp/config')
  config(): WhatsappLinkingConfigView {
    return this.linking.linkingConfig();
  }

  @ApiOperation({ summary: "Link the numbers 360dialog's Connect flow returned (client and channels)" })
  @ApiErrors(400)
  @Post('link-whatsapp')
  @HttpCode(200)
  linkDialog360(
    @CurrentUser() user: AuthUser,
    @Body() input: LinkDialog360Input,
  ): Promise<LinkedChannelsView> {
    return this.linking.linkDialog360(user, input);
  }

  @ApiOperation({ summary: "Link the number of Meta's embedded signup (code, WABA id, phone number id)" })
  @ApiErrors(400)
  @Post('link-whatsapp/meta')
  @HttpCode(200)
  linkMeta(@CurrentUser() user: AuthUser, @Body() input: LinkMetaInput): Promise<LinkedChannelsView> {
    return this.linking.linkMeta(user, input);
  }

  @ApiOperation({ summary: 'Link the sandbox number (only without a provider account)' })
  @ApiErrors(400)
  @Post('link-whatsapp/sandbox')
  @HttpCode(200)
  linkSandbox(@CurrentUser() user: AuthUser, @Body() input: LinkSandboxInput): Promise<LinkedChannelsView> {
    return this.linking.linkSandbox(user, input);
  }

  @ApiOperation({ summary: 'The business profile last sent for a channel (default: the first WhatsApp one)' })
  @ApiQuery({ name: 'channelId', required: false, type: 'integer' })
  @ApiErrors(404)
  @Get('link-whatsapp/profile')
  profile(
    @CurrentUser() user: AuthUser,
    @Query('channelId') channelId?: string,
  ): Promise<BusinessProfileView> {
    return this.linking.profile(user, channelId);
  }

  @ApiOperation({
    summary: 'Send the business profile (photo, about, website, vertical, e-mail, description, address)',
  })
  @ApiMultipart({ body: BusinessProfileInput, file: 'file' })
  @ApiErrors(400, 404)
  @Post('link-whatsapp/profile')
  @HttpCode(200)
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  updateProfile(
    @CurrentUser() user: AuthUser,
    @Body() input: BusinessProfileInput,
    @Req() req: Request,
  ): Promise<BusinessProfileView> {
    return this.linking.updateProfile(user, input, singlePhoto(req));
  }

  @ApiOperation({ summary: "QR page: a wa.me link to the company's first WhatsApp number, valid 40 s" })
  @ApiErrors(404)
  @Get('link-whatsapp/qr')
  qr(@CurrentUser() user: AuthUser): Promise<LinkingQrView> {
    return this.linking.qr(user);
  }

  @ApiOperation({
    summary: 'Record the expert session booked through the scheduling link; support is mailed once',
  })
  @ApiErrors(400)
  @Post('onboarding/booking')
  @HttpCode(200)
  book(@CurrentUser() user: AuthUser, @Body() input: LinkingBookingInput): Promise<LinkingBookingView> {
    return this.linking.book(user, input);
  }
}

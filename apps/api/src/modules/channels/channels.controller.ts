import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ChannelIdInput, FacebookTokenInput } from './dto/channels.input';
import { type MessengerSyncResult, MessengerSyncService } from './messenger-sync.service';

/** 02 §7 REST calls of the channels screen that reach Facebook's Graph API. */
@ApiTags('channels')
@ApiSignedIn()
@Controller()
export class ChannelsController {
  constructor(private readonly messenger: MessengerSyncService) {}

  @ApiOperation({ summary: "Exchange the Facebook user's token for a long-lived one" })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Post('fbUserPermanentToken')
  @HttpCode(200)
  permanentToken(@Body() input: FacebookTokenInput): Promise<{ token: string; expiresAt: string | null }> {
    return this.messenger.permanentToken(input.accessToken);
  }

  /** 02 §4 Messenger channel sync: the Pages of the signed-in Facebook user become the company's channels. */
  @ApiOperation({ summary: "Sync the Facebook user's Pages as the company's Messenger channels" })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Post('syncMessengerPages')
  @HttpCode(200)
  syncPages(@CurrentUser() user: AuthUser, @Body() input: FacebookTokenInput): Promise<MessengerSyncResult> {
    return this.messenger.sync(user, input.accessToken);
  }

  @ApiOperation({ summary: "Refresh a Messenger channel's token expiration date" })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Post('setExpirationDate')
  @HttpCode(200)
  setExpirationDate(
    @CurrentUser() user: AuthUser,
    @Body() input: ChannelIdInput,
  ): Promise<{ channelId: number; expiresAt: string | null }> {
    return this.messenger.setExpirationDate(user, input.channelId);
  }
}

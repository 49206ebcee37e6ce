import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ChannelStatusInput, GetQrInput, ScanSlotInput, SlotChannelInput } from './dto/slot.input';
import { type QrResult, SandboxSlotService, type SlotStatusResult } from './sandbox-slot.service';

/** 02 §7 linked-device calls (getQR, getChannelStatus, logoutSlot) for the sandbox channel; /spaces/new-whatsapp. */
@ApiTags('sandbox')
@ApiSignedIn()
@Controller()
export class SandboxSlotController {
  constructor(private readonly slots: SandboxSlotService) {}

  @ApiOperation({ summary: 'Request the QR that links a WhatsApp line (sandbox channel)' })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Post('getQR')
  @HttpCode(200)
  getQr(@CurrentUser() user: AuthUser, @Body() input: GetQrInput): Promise<QrResult> {
    return this.slots.requestQr(user, input);
  }

  @ApiOperation({ summary: "A channel's linked-device status" })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Post('getChannelStatus')
  @HttpCode(200)
  status(@CurrentUser() user: AuthUser, @Body() input: ChannelStatusInput): Promise<SlotStatusResult> {
    return this.slots.status(user, input);
  }

  @ApiOperation({ summary: "Unlink a channel's device" })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Post('logoutSlot')
  @HttpCode(200)
  logout(@CurrentUser() user: AuthUser, @Body() input: SlotChannelInput): Promise<SlotStatusResult> {
    return this.slots.logout(user, input.channelId);
  }

  /** The device that opened the QR's link (or the sandbox's "scan" button) links the slot. */
  @ApiOperation({ summary: "Link the slot with the QR's one-time code" })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Post('sandbox/scan')
  @HttpCode(200)
  scan(@CurrentUser() user: AuthUser, @Body() input: ScanSlotInput): Promise<SlotStatusResult> {
    return this.slots.scan(user, input.code);
  }
}

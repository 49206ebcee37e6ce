import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { SimulateMessageInput, SimulatorConversationQuery } from './dto/simulate.input';
import { SandboxService } from './sandbox.service';

/** The customer simulator behind /simulador: admins only (writeSpaces), like channel management. */
@Controller('sandbox')
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  @RequirePermissions('writeSpaces')
  @Get('channels')
  channels(@CurrentUser() user: AuthUser) {
    return this.sandbox.listChannels(user);
  }

  @RequirePermissions('writeSpaces')
  @Post('simulate')
  @HttpCode(200)
  simulate(@CurrentUser() user: AuthUser, @Body() input: SimulateMessageInput) {
    return this.sandbox.simulate(user, input);
  }

  @RequirePermissions('writeSpaces')
  @Get('conversation')
  conversation(@CurrentUser() user: AuthUser, @Query() query: SimulatorConversationQuery) {
    return this.sandbox.conversation(user, query.channelId, query.from);
  }
}

import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { SimulateMessageInput, SimulatorConversationQuery } from './dto/simulate.input';
import { SandboxService } from './sandbox.service';

/** The customer simulator behind /simulador: admins only (writeSpaces), like channel management. */
@ApiTags('sandbox')
@ApiSignedIn()
@Controller('sandbox')
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  @ApiOperation({ summary: 'The sandbox channels the simulator can write to' })
  @RequirePermissions('writeSpaces')
  @Get('channels')
  channels(@CurrentUser() user: AuthUser) {
    return this.sandbox.listChannels(user);
  }

  @ApiOperation({ summary: 'Simulate a message from a customer' })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Post('simulate')
  @HttpCode(200)
  simulate(@CurrentUser() user: AuthUser, @Body() input: SimulateMessageInput) {
    return this.sandbox.simulate(user, input);
  }

  @ApiOperation({ summary: "The simulated customer's conversation" })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Get('conversation')
  conversation(@CurrentUser() user: AuthUser, @Query() query: SimulatorConversationQuery) {
    return this.sandbox.conversation(user, query.channelId, query.from);
  }
}

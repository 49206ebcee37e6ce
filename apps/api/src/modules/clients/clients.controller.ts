import type { ContactsPage } from '@crm/shared';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ClientsService, type ConversationPage } from './clients.service';
import { ConversationsFilterInput } from './dto/conversations-filter.input';

@ApiTags('conversations')
@ApiSignedIn()
@Controller()
export class ClientsController {
  constructor(private readonly clients: ClientsService) {}

  /**
   * 02 §7 POST /conversations_by_filter → { clients, hasMore, cursor }: conversation views for the inbox, or with
   * `custom: true` the contacts panel's report rows (02 §2, §3).
   */
  @ApiOperation({
    summary: "Page of inbox conversations by filter, or with custom: true the contacts panel's rows",
  })
  @ApiErrors(400)
  @RequirePermissions('readChat', 'agent')
  @Post('conversations_by_filter')
  @HttpCode(200)
  list(
    @CurrentUser() user: AuthUser,
    @Body() input: ConversationsFilterInput,
  ): Promise<ConversationPage | ContactsPage> {
    return input.custom ? this.clients.report(user, input) : this.clients.list(user, input);
  }
}

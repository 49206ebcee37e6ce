import type { ConversationView } from '@crm/shared';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ConversationActionsService } from './conversation-actions.service';
import { ConversationIdInput, ReassignAgentInput } from './dto/conversation-action.input';

/** The REST conversation actions the spec names (02 §7); the rest are GraphQL mutations. */
@Controller()
export class ConversationsController {
  constructor(private readonly actions: ConversationActionsService) {}

  @RequirePermissions('reasignConversations')
  @Post('reassign-agent')
  @HttpCode(200)
  reassign(@CurrentUser() user: AuthUser, @Body() input: ReassignAgentInput): Promise<ConversationView> {
    if (input.groupAdminId !== undefined) {
      if (input.agentId !== undefined && input.agentId !== null) {
        throw AppException.validation('groupAdminId', 'Elige un agente o un grupo, no ambos.');
      }
      return this.actions.reassignToGroup(user, input.clientId, input.groupAdminId);
    }
    return this.actions.reassign(user, input.clientId, input.agentId ?? null);
  }

  @RequirePermissions('deleteConversations')
  @Post('delete-conversation')
  @HttpCode(200)
  async delete(
    @CurrentUser() user: AuthUser,
    @Body() input: ConversationIdInput,
  ): Promise<{ deleted: number[] }> {
    return { deleted: await this.actions.deleteConversations(user, [input.clientId]) };
  }

  @RequirePermissions('readChat', 'agent')
  @Post('sendToCRM')
  @HttpCode(200)
  sendToCrm(@CurrentUser() user: AuthUser, @Body() input: ConversationIdInput): Promise<{ sent: true }> {
    return this.actions.sendToCrm(user, input.clientId);
  }
}

import { ASSIGNMENT_MESSAGES, type ConversationView } from '@crm/shared';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ConversationActionsService } from './conversation-actions.service';
import { ConversationAssignmentService } from './conversation-assignment.service';
import { ConversationCrmService } from './conversation-crm.service';
import { ConversationIdInput, ReassignAgentInput } from './dto/conversation-action.input';

/** The REST conversation actions the spec names (02 §7); the rest are GraphQL mutations. */
@ApiTags('conversations')
@ApiSignedIn()
@Controller()
export class ConversationsController {
  constructor(
    private readonly actions: ConversationActionsService,
    private readonly assignment: ConversationAssignmentService,
    private readonly crm: ConversationCrmService,
  ) {}

  @ApiOperation({
    summary: "Reassign a conversation to an agent (null: unassigned) or to a group admin's group",
  })
  @ApiErrors(400)
  @RequirePermissions('reasignConversations')
  @Post('reassign-agent')
  @HttpCode(200)
  reassign(@CurrentUser() user: AuthUser, @Body() input: ReassignAgentInput): Promise<ConversationView> {
    if (input.groupAdminId !== undefined) {
      if (input.agentId !== undefined && input.agentId !== null) {
        throw AppException.validation('groupAdminId', ASSIGNMENT_MESSAGES.agentOrGroup);
      }
      return this.assignment.reassignToGroup(user, input.clientId, input.groupAdminId);
    }
    return this.assignment.reassign(user, input.clientId, input.agentId ?? null);
  }

  @ApiOperation({ summary: 'Delete a conversation' })
  @ApiErrors(400)
  @RequirePermissions('deleteConversations')
  @Post('delete-conversation')
  @HttpCode(200)
  async delete(
    @CurrentUser() user: AuthUser,
    @Body() input: ConversationIdInput,
  ): Promise<{ deleted: number[] }> {
    return { deleted: await this.actions.deleteConversations(user, [input.clientId]) };
  }

  @ApiOperation({ summary: 'Send a conversation to the CRM' })
  @ApiErrors(400)
  @RequirePermissions('readChat', 'agent')
  @Post('sendToCRM')
  @HttpCode(200)
  sendToCrm(@CurrentUser() user: AuthUser, @Body() input: ConversationIdInput): Promise<{ sent: true }> {
    return this.crm.sendToCrm(user, input.clientId);
  }

  /**
   * 02 §7 POST /addVinteInfo {clientId}: the spec's real-estate company hands a contact's information to its own
   * system. The spec names neither the company nor that system, so here it is every company's: the contact goes to
   * the company's CRM webhook, exactly as POST /sendToCRM sends it.
   */
  @ApiOperation({ summary: "Hand a conversation's contact information to the company's CRM (as sendToCRM)" })
  @ApiErrors(400)
  @RequirePermissions('readChat', 'agent')
  @Post('addVinteInfo')
  @HttpCode(200)
  addVinteInfo(@CurrentUser() user: AuthUser, @Body() input: ConversationIdInput): Promise<{ sent: true }> {
    return this.crm.sendToCrm(user, input.clientId);
  }
}

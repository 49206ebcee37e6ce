import {
  ASSIGNMENT_MESSAGES,
  type ConversationView,
  companyScopedKey,
  DEFAULT_COMPANY_SETTINGS,
  DEFAULT_TAG_COLOR,
  REASSIGNED_TAG_NAME,
  ROLE_NAMES,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { ConversationsRepository } from '../clients/conversations.repository';
import { CompaniesRepository } from '../companies/companies.repository';
import { companySettingsOf, emitConversationChanged } from './conversation-context';

/** 02 §4 Reassignment (issue 4): to an agent, to nobody, or to a group admin's group. */
@Injectable()
export class ConversationAssignmentService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly companies: CompaniesRepository,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  /** 02 §4 Reassignment: new agent (null = 'Sin asignar'), tag 'Reasignada', the old agent loses it live. */
  async reassign(user: AuthUser, clientId: number, agentId: number | null): Promise<ConversationView> {
    const { client, channel } = await this.clients.getVisible(user, clientId);
    if (agentId !== null) {
      const agent = await this.conversations.reassignTarget(
        agentId,
        channel.id,
        DEFAULT_COMPANY_SETTINGS.forceActiveAgentsReassignation,
      );
      if (!agent || agent.companyId !== user.companyId) {
        throw AppException.validation('agentId', ASSIGNMENT_MESSAGES.agentNotInCompany);
      }
      // 02 §6: the `agent` permission marks who may be given conversations, as automatic assignment reads it.
      if (!agent.isAgent) throw AppException.validation('agentId', ASSIGNMENT_MESSAGES.notAnAgent);
      if (!agent.inSpace && !agent.everySpace) {
        throw AppException.validation('agentId', ASSIGNMENT_MESSAGES.agentWithoutChannel);
      }
      // 02 §3 forceActiveAgentsReassignation.
      if (agent.onlyAvailable && !agent.isAvailable) {
        throw AppException.validation('agentId', ASSIGNMENT_MESSAGES.agentUnavailable);
      }
    }
    if (client.agentId === agentId) return this.clients.view(clientId);
    return this.assign(user, clientId, client.agentId, { agentId });
  }

  /**
   * 02 §3 isShowGroupsAtReassign: a conversation given to a group waits, unassigned, for its group admin to pass
   * it to one of their agents (group admins see the conversations whose groupAdminId is theirs, 02 §6).
   */
  async reassignToGroup(user: AuthUser, clientId: number, groupAdminId: number): Promise<ConversationView> {
    const { client } = await this.clients.getVisible(user, clientId);
    if (!(await companySettingsOf(this.companies, user.companyId)).isShowGroupsAtReassign) {
      throw AppException.validation('groupAdminId', ASSIGNMENT_MESSAGES.groupsDisabled);
    }
    const leader = await this.conversations.userRole(groupAdminId);
    if (!leader || leader.companyId !== user.companyId || leader.roleName !== ROLE_NAMES.groupadmin) {
      throw AppException.validation('groupAdminId', ASSIGNMENT_MESSAGES.groupNotInCompany);
    }
    if (client.agentId === null && client.groupAdminId === groupAdminId) return this.clients.view(clientId);
    const view = await this.assign(user, clientId, client.agentId, { agentId: null, groupAdminId });
    // 02 §7 groupAdmin: the group's admin (and every viewer of the conversation) hears that it is the group's now.
    this.realtime.emit(conversationRooms(view), 'groupAdmin', { clientId, groupAdminId, client: view });
    return view;
  }

  /** The new owner, the 'Reasignada' tag, and the previous agent losing the conversation live. */
  private async assign(
    user: AuthUser,
    clientId: number,
    previousAgentId: number | null,
    owner: { agentId: number | null; groupAdminId?: number },
  ): Promise<ConversationView> {
    await this.conversations.assign(clientId, owner, {
      companyId: user.companyId,
      name: REASSIGNED_TAG_NAME,
      color: DEFAULT_TAG_COLOR,
      key: companyScopedKey(user.companyId, REASSIGNED_TAG_NAME),
    });
    const view = await this.clients.view(clientId);
    if (previousAgentId !== null && previousAgentId !== owner.agentId) {
      // Those who saw the conversation through its previous agent (the agent and whoever administers them) lose
      // it; its group admin keeps it unless the new owner says otherwise, and hears of that through openClient.
      this.realtime.emit(
        conversationRooms({ companyId: view.companyId, agentId: previousAgentId, groupAdminId: null }),
        'unassignClient',
        {
          clientId,
          agentId: previousAgentId,
          client: view,
        },
      );
    }
    emitConversationChanged(this.realtime, view, 'reassigned');
    return view;
  }
}

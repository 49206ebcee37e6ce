import { DEFAULT_COMPANY_SETTINGS, pickAgentForNewConversation } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { Executor } from '../../database/kysely';
import { ConversationsRepository } from './conversations.repository';

/** 02 §3 automaticAssignment: new conversations are spread over the agents on duty. */
@Injectable()
export class AutoAssignmentService {
  private readonly logger = new Logger(AutoAssignmentService.name);

  constructor(private readonly conversations: ConversationsRepository) {}

  /**
   * The agent the new conversation was given to, or null (setting off, or nobody on duty). `db`: the caller's
   * transaction when it already holds the conversation's row (issue 17: the menu bot hands over inside its turn).
   */
  async assignNew(
    companyId: number,
    channelId: number,
    clientId: number,
    at = new Date(),
    db?: Executor,
  ): Promise<number | null> {
    const candidates = await this.conversations.assignmentCandidates(
      companyId,
      channelId,
      DEFAULT_COMPANY_SETTINGS.automaticAssignment,
    );
    const agentId = pickAgentForNewConversation(candidates, at);
    if (agentId === null) return null;
    // Only if nobody assigned it meanwhile (an admin quicker than us keeps their choice).
    if (!(await this.conversations.assignIfUnassigned(clientId, agentId, db))) return null;
    this.logger.log(`conversation ${clientId} assigned to agent ${agentId} automatically`);
    return agentId;
  }
}

import { IsInt, IsOptional, Min, ValidateIf } from 'class-validator';

const INVALID_CONVERSATION = 'Conversación inválida';

/** Body of the REST conversation actions that name one conversation (02 §7). */
export class ConversationIdInput {
  @IsInt({ message: INVALID_CONVERSATION })
  @Min(1, { message: INVALID_CONVERSATION })
  clientId: number;
}

/** POST /reassign-agent: agentId null leaves the conversation 'Sin asignar'. */
export class ReassignAgentInput extends ConversationIdInput {
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsInt({ message: 'Agente inválido' })
  @Min(1, { message: 'Agente inválido' })
  agentId: number | null;

  /** 02 §3 isShowGroupsAtReassign: the conversation goes to this group admin's group instead of an agent. */
  @IsOptional()
  @IsInt({ message: 'Grupo inválido' })
  @Min(1, { message: 'Grupo inválido' })
  groupAdminId?: number;
}

import { INPUT_MESSAGES } from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateIf } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

const INVALID_CONVERSATION = INPUT_MESSAGES.invalidConversation;

/** Body of the REST conversation actions that name one conversation (02 §7). */
export class ConversationIdInput {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The conversation (client) id' })
  @IsId(INVALID_CONVERSATION)
  clientId: number;
}

/** POST /reassign-agent: agentId null leaves the conversation 'Sin asignar'. */
export class ReassignAgentInput extends ConversationIdInput {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    nullable: true,
    description: "null leaves the conversation 'Sin asignar'",
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsId(INPUT_MESSAGES.invalidAgent)
  agentId: number | null;

  /** 02 §3 isShowGroupsAtReassign: the conversation goes to this group admin's group instead of an agent. */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: "Send the conversation to this group admin's group instead of an agent",
  })
  @IsOptional()
  @IsId(INPUT_MESSAGES.invalidGroup)
  groupAdminId?: number;
}

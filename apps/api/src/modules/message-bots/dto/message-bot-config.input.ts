import { INPUT_MESSAGES, MESSAGE_BOT_MESSAGES, MESSAGE_BOT_TEXT_MAX } from '@crm/shared';
import { Field, InputType, Int } from '@nestjs/graphql';
import { IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import {
  OptionalBooleanField,
  OptionalTemplateIdField,
  OptionalTemplateVariablesField,
} from '../../../common/decorators/optional-input-fields.decorator';

/**
 * 02 §3 "Message bot config" as an edit sends it: every field optional, the stored value kept for one left out.
 * The rules that need the channel or the template (the waiting time's bounds, the template of that channel and
 * accepted, its variables, text or template) are the service's, so they answer with the field at fault.
 */
@InputType()
export class UpdateMessageBotConfigInput {
  @Field(() => String, { nullable: true, description: 'The text sent while the reply window is open.' })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidText })
  @MaxLength(MESSAGE_BOT_TEXT_MAX, { message: MESSAGE_BOT_MESSAGES.contentTooLong })
  content?: string | null;

  @OptionalBooleanField()
  isActive?: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description: "Seconds after the agent's unanswered message (60 to 2592000, 30 days).",
  })
  @IsOptional()
  @IsInt({ message: MESSAGE_BOT_MESSAGES.lapseInvalid })
  timeLapseInSeconds?: number | null;

  @OptionalTemplateIdField('An accepted template of the channel; null: the text.')
  templateId?: number | null;

  @OptionalTemplateVariablesField("The template's variables, in order.")
  variables?: string[] | null;
}

/** A new config of a channel (02 §7 message bot config create). */
@InputType()
export class CreateMessageBotConfigInput extends UpdateMessageBotConfigInput {
  @Field(() => Int)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;
}

import { INPUT_MESSAGES, WELCOME_MESSAGE_TEXT_MAX, WELCOME_MESSAGES } from '@crm/shared';
import { Field, InputType, Int } from '@nestjs/graphql';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import {
  OptionalBooleanField,
  OptionalTemplateIdField,
  OptionalTemplateVariablesField,
} from '../../../common/decorators/optional-input-fields.decorator';

/** The fields both calls take; absent ones keep their value on an edit (null clears the template). */
@InputType({ isAbstract: true })
class WelcomeMessageFields {
  @Field(() => String, {
    nullable: true,
    description: `Up to ${WELCOME_MESSAGE_TEXT_MAX} characters; {{nombre_cliente}}: the contact's name.`,
  })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidText })
  @MaxLength(WELCOME_MESSAGE_TEXT_MAX, { message: WELCOME_MESSAGES.textTooLong })
  text?: string | null;

  @OptionalBooleanField()
  isActive?: boolean | null;

  @OptionalBooleanField("Only while an agent of the channel's spaces is within their working hours.")
  useInWorkingHours?: boolean | null;

  @OptionalTemplateIdField('An accepted template of the channel, sent instead of the text.')
  templateId?: number | null;

  @OptionalTemplateVariablesField(
    "The template's variable values, in order; {{nombre_cliente}}: the contact's name.",
  )
  variables?: string[] | null;
}

/** 02 §7 createWelcomeMessage: one per channel. */
@InputType()
export class CreateWelcomeMessageInput extends WelcomeMessageFields {
  @Field(() => Int)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;
}

/** 02 §7 updateWelcomeMessage (isActive, text, useInWorkingHours, templateId, variables). */
@InputType()
export class UpdateWelcomeMessageInput extends WelcomeMessageFields {
  @Field(() => Int)
  @IsId(WELCOME_MESSAGES.welcomeNotFound)
  id: number;
}

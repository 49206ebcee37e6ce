import { INPUT_MESSAGES, WELCOME_MESSAGE_TEXT_MAX, WELCOME_MESSAGES } from '@crm/shared';
import { Field, InputType, Int } from '@nestjs/graphql';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

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

  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isActive?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "Only while an agent of the channel's spaces is within their working hours.",
  })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  useInWorkingHours?: boolean | null;

  @Field(() => Int, {
    nullable: true,
    description: 'An accepted template of the channel, sent instead of the text.',
  })
  @IsOptional()
  @IsId(INPUT_MESSAGES.invalidTemplate)
  templateId?: number | null;

  @Field(() => [String], {
    nullable: true,
    description: "The template's variable values, in order; {{nombre_cliente}}: the contact's name.",
  })
  @IsOptional()
  @IsArray({ message: INPUT_MESSAGES.invalidList })
  @ArrayMaxSize(20, { message: INPUT_MESSAGES.invalidList })
  @IsString({ each: true, message: INPUT_MESSAGES.invalidText })
  @MaxLength(1024, { each: true, message: INPUT_MESSAGES.invalidText })
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

import { FOLLOW_UP_MESSAGES, FOLLOW_UP_TEXT_MAX, INPUT_MESSAGES } from '@crm/shared';
import { Field, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

@InputType()
export class FollowUpFileInput {
  @Field()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: FOLLOW_UP_MESSAGES.fileUrl })
  @MaxLength(2000, { message: FOLLOW_UP_MESSAGES.fileUrl })
  url: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(255, { message: INPUT_MESSAGES.fileNameTooLong })
  name?: string | null;

  @Field()
  @IsString()
  @MaxLength(20)
  fileType: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  mimeType?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  weight?: number | null;
}

/** 02 §5: a follow-up needs its conversation, the agent (the caller), a send time and the channel (the conversation's). */
@InputType()
export class FollowUpInput {
  @Field()
  @IsISO8601({}, { message: FOLLOW_UP_MESSAGES.sendAtInvalid })
  sendAt: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(FOLLOW_UP_TEXT_MAX, { message: FOLLOW_UP_MESSAGES.contentTooLong })
  content?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsId(INPUT_MESSAGES.invalidTemplate)
  templateId?: number | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  variables?: string[] | null;

  @Field(() => FollowUpFileInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => FollowUpFileInput)
  file?: FollowUpFileInput | null;
}

import { INPUT_MESSAGES, SURVEY_LIMITS, SURVEY_MESSAGES } from '@crm/shared';
import { applyDecorators } from '@nestjs/common';
import { Field, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import { OptionalBooleanField } from '../../../common/decorators/optional-input-fields.decorator';

// Shapes only here (types, Spanish messages); the survey's rules (lengths, unique values…) are validateSurveyDraft's
// in packages/shared, which the service applies, so the form and the API refuse the same things in the same words.

/** 02 §3 Survey config option: `id` keeps an option the survey has (an edit); a new option has none. */
@InputType()
export class SurveyOptionInput {
  @ApiPropertyOptional({
    type: 'integer',
    description: 'An option of this survey (edits); absent for a new one',
  })
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsId(SURVEY_MESSAGES.optionNotFound)
  id?: number | null;

  @ApiProperty({ example: 'Excelente', maxLength: SURVEY_LIMITS.optionTextMax })
  @Field()
  @IsString({ message: SURVEY_MESSAGES.optionTextRequired })
  text: string;

  @ApiProperty({ type: 'integer', example: 5, description: 'What the answer scores (unique in the survey)' })
  @Field(() => Int)
  @IsInt({ message: SURVEY_MESSAGES.optionValueInvalid })
  value: number;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description: 'Place in the menu; the list order otherwise',
  })
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: SURVEY_MESSAGES.optionIndexInvalid })
  index?: number | null;

  @ApiPropertyOptional({ description: 'What the bot answers when the customer picks this option' })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidText })
  endText?: string | null;
}

function OptionsList(): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: SURVEY_MESSAGES.optionsRequired }),
    ArrayMinSize(1, { message: SURVEY_MESSAGES.optionsRequired }),
    ArrayMaxSize(SURVEY_LIMITS.optionsMax, { message: SURVEY_MESSAGES.optionsTooMany }),
    ValidateNested({ each: true }),
    Type(() => SurveyOptionInput),
  );
}

/** 02 §7 POST /survey and createSurveyConfig: one survey per channel. */
@InputType()
export class CreateSurveyInput {
  @ApiPropertyOptional({
    type: 'integer',
    description: "The caller's company (another one: 403); from the token",
  })
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidValue)
  companyId?: number | null;

  @ApiProperty({ type: 'integer', minimum: 1 })
  @Field(() => Int)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;

  @ApiProperty({ description: 'The question the survey opens with', maxLength: SURVEY_LIMITS.initTextMax })
  @Field()
  @IsString({ message: SURVEY_MESSAGES.initTextRequired })
  initText: string;

  @ApiProperty({ type: [SurveyOptionInput], minItems: 1, maxItems: SURVEY_LIMITS.optionsMax })
  @Field(() => [SurveyOptionInput])
  @OptionsList()
  options: SurveyOptionInput[];

  @ApiPropertyOptional({ description: 'Sent on close (default true)' })
  @OptionalBooleanField()
  isActive?: boolean | null;
}

/** 02 §7 PUT /survey and updateSurveyConfig: the whole option list (kept ones by id, new ones without). */
@InputType()
export class UpdateSurveyInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Field(() => Int)
  @IsId(SURVEY_MESSAGES.surveyNotFound)
  id: number;

  @ApiProperty({ maxLength: SURVEY_LIMITS.initTextMax })
  @Field()
  @IsString({ message: SURVEY_MESSAGES.initTextRequired })
  initText: string;

  @ApiProperty({ type: [SurveyOptionInput], minItems: 1, maxItems: SURVEY_LIMITS.optionsMax })
  @Field(() => [SurveyOptionInput])
  @OptionsList()
  options: SurveyOptionInput[];

  @ApiPropertyOptional({ description: 'Unchanged when absent' })
  @OptionalBooleanField()
  isActive?: boolean | null;
}

/** 02 §7 POST /survey/options and deleteManySurveyOptions. */
export class DeleteSurveyOptionsInput {
  @ApiProperty({ type: [Number], description: 'Option ids of the caller company’s surveys' })
  @IsArray({ message: INPUT_MESSAGES.invalidList })
  @ArrayMinSize(1, { message: INPUT_MESSAGES.invalidList })
  @ArrayMaxSize(100, { message: INPUT_MESSAGES.invalidList })
  @IsId(SURVEY_MESSAGES.optionsNotFound, { each: true })
  ids: number[];
}

/** 02 §7 POST /saveClientSurvey: the answer of the conversation's waiting survey, given by value. */
export class SaveClientSurveyInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @IsId(INPUT_MESSAGES.invalidConversation)
  clientId: number;

  @ApiProperty({ type: 'integer', description: "One of the survey's option values" })
  @IsInt({ message: SURVEY_MESSAGES.valueNotAnOption })
  value: number;
}

export class SurveysOfCompanyQuery {
  @ApiPropertyOptional({
    type: 'integer',
    description: "The caller's company (another one: 403); from the token",
  })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidValue)
  companyId?: number;
}

export class LastSurveyQuery {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidConversation)
  clientId: number;
}

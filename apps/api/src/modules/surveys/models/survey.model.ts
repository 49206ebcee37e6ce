import type { SurveyAnswerView } from '@crm/shared';
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

@ObjectType('SurveyOption')
export class SurveyOptionModel {
  @ApiProperty({
    type: 'integer',
    description: 'Unique across the company (POST /api/survey/options takes it)',
  })
  @Field(() => Int)
  id: number;

  @ApiProperty()
  @Field()
  text: string;

  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  value: number;

  @ApiProperty({ type: 'integer', description: 'Place in the menu, from 0' })
  @Field(() => Int)
  index: number;

  @ApiProperty({ description: "The bot's answer to this option; empty: none" })
  @Field()
  endText: string;
}

/** 02 §3 Survey config: one per channel, its options in menu order. */
@ObjectType('SurveyConfig')
export class SurveyConfigModel {
  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  id: number;

  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  companyId: number;

  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  channelId: number;

  @ApiProperty()
  @Field()
  initText: string;

  @ApiProperty()
  @Field()
  isActive: boolean;

  @ApiProperty({ type: [SurveyOptionModel] })
  @Field(() => [SurveyOptionModel])
  options: SurveyOptionModel[];
}

/** A survey sent to a conversation and its answer (SurveyAnswerView of packages/shared). */
@ObjectType('SurveyAnswer')
export class SurveyAnswerModel implements SurveyAnswerView {
  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  id: number;

  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  clientId: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: 'Null once its survey is gone' })
  @Field(() => Int, { nullable: true })
  surveyConfigId: number | null;

  @ApiProperty({ format: 'date-time' })
  @Field()
  sentAt: string;

  @ApiPropertyOptional({
    format: 'date-time',
    nullable: true,
    description: 'Null while waiting for the answer',
  })
  @Field(() => String, { nullable: true })
  answeredAt: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, description: "The chosen option's value" })
  @Field(() => Int, { nullable: true })
  value: number | null;

  @ApiPropertyOptional({ nullable: true, description: "The chosen option's text when answered" })
  @Field(() => String, { nullable: true })
  optionText: string | null;
}

export class LastSurveyAnswer {
  @ApiPropertyOptional({ type: SurveyAnswerModel, nullable: true, description: 'Null: never sent a survey' })
  survey: SurveyAnswerModel | null;
}

export class DeletedSurveyOptionsAnswer {
  @ApiProperty({
    type: [SurveyConfigModel],
    description: 'The surveys the options were taken from, as they are now',
  })
  surveys: SurveyConfigModel[];
}

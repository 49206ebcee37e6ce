import {
  INPUT_MESSAGES,
  REPORT_FREQUENCIES,
  REPORT_MESSAGES,
  REPORT_NAME_MAX,
  type ReportFrequency,
  reportFrequencyError,
  reportNameError,
  validateEmail,
} from '@crm/shared';
import { Field, InputType, Int, ObjectType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import { Rule } from '../../../common/decorators/rule.decorator';

/** 01 §3 Report e-mail recipient. */
@ObjectType('ReportRecipient')
export class ReportRecipientModel {
  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  id: number;

  @ApiProperty()
  @Field()
  name: string;

  @ApiProperty({ enum: REPORT_FREQUENCIES })
  @Field(() => String, { description: 'DAILY, WEEKLY or MONTHLY.' })
  frequency: ReportFrequency;

  @ApiProperty()
  @Field()
  email: string;

  @ApiProperty()
  @Field()
  isActive: boolean;

  @ApiProperty({ type: 'integer', description: "The recipient's company" })
  @Field(() => Int, { description: "The recipient's company." })
  company: number;
}

// The rules themselves are packages/shared's (reportNameError, validateEmail, reportFrequencyError), so the form
// and the API refuse the same things in the same words. Frequency is a String, not a GraphQL enum, so that a wrong
// one is a 400 naming the field like every other.

/** createReport (01 §7): the company comes from the session; a `company` sent must be the caller's. */
@InputType()
export class CreateReportInput {
  @ApiProperty({ maxLength: REPORT_NAME_MAX, example: 'Gerencia' })
  @Field()
  @Rule(reportNameError)
  name: string;

  @ApiProperty({ enum: REPORT_FREQUENCIES })
  @Field()
  @Rule(reportFrequencyError)
  frequency: string;

  @ApiProperty({ example: 'gerencia@example.com' })
  @Field()
  @Rule(validateEmail)
  email: string;

  @ApiPropertyOptional({ default: true })
  @Field(() => Boolean, { nullable: true, defaultValue: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isActive?: boolean | null;

  @ApiPropertyOptional({
    type: 'integer',
    description: "Accepted for compatibility: must be the caller's company",
  })
  @Field(() => Int, {
    nullable: true,
    description: "Accepted for compatibility: must be the caller's company.",
  })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidValue)
  company?: number | null;
}

/** updateReport: only the fields sent change. */
@InputType()
export class UpdateReportInput {
  @ApiPropertyOptional({ maxLength: REPORT_NAME_MAX })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Rule(reportNameError)
  name?: string | null;

  @ApiPropertyOptional({ enum: REPORT_FREQUENCIES })
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Rule(reportFrequencyError)
  frequency?: string | null;

  @ApiPropertyOptional()
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Rule(validateEmail)
  email?: string | null;

  @ApiPropertyOptional()
  @Field(() => Boolean, { nullable: true })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isActive?: boolean | null;

  @ApiPropertyOptional({
    type: 'integer',
    description: "Accepted for compatibility: must be the caller's company",
  })
  @Field(() => Int, {
    nullable: true,
    description: "Accepted for compatibility: must be the caller's company.",
  })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidValue)
  company?: number | null;
}

/** DELETE /api/analytics/reports body: deleteManyReports by e-mail. */
export class DeleteReportsInput {
  @ApiProperty({ type: [String], example: ['gerencia@example.com'] })
  @IsArray({ message: REPORT_MESSAGES.emailsRequired })
  @ArrayMinSize(1, { message: REPORT_MESSAGES.emailsRequired })
  @ArrayMaxSize(500, { message: INPUT_MESSAGES.invalidList })
  @IsString({ each: true, message: INPUT_MESSAGES.invalidText })
  @MaxLength(320, { each: true, message: INPUT_MESSAGES.invalidText })
  emails: string[];
}

import { ANALYTICS_MESSAGES, INPUT_MESSAGES } from '@crm/shared';
import { Field, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsInt, IsOptional, IsString } from 'class-validator';

// Shapes only; the range rules (parseable dates, order, today, the company's limit) are AnalyticsScopeService's,
// which answers the specific error codes of 01 §5.

/** POST /api/analytics and the GraphQL `analytics` query (01 §7 Statistics). */
@InputType()
export class AnalyticsInput {
  @ApiProperty({ example: '2026-11-01T06:00:00.000Z', description: 'UTC ISO instant, inclusive' })
  @Field()
  @IsString({ message: ANALYTICS_MESSAGES.invalidDate })
  startDate: string;

  @ApiProperty({
    example: '2026-11-08T05:59:59.999Z',
    description: 'UTC ISO instant: exclusive, or the last millisecond of the last day',
  })
  @Field()
  @IsString({ message: ANALYTICS_MESSAGES.invalidDate })
  endDate: string;

  @ApiPropertyOptional({ type: [Number], description: 'Empty: every channel the user may see' })
  @Field(() => [Int], { nullable: true })
  @IsOptional()
  @IsArray({ message: INPUT_MESSAGES.invalidList })
  @IsInt({ each: true, message: INPUT_MESSAGES.invalidList })
  channelsIds?: number[] | null;
}

/** GET /api/analytics/export's query string (channelsIds as '1,2'). */
export class AnalyticsExportQuery {
  @ApiProperty({ example: '2026-11-01T06:00:00.000Z' })
  @IsString({ message: ANALYTICS_MESSAGES.invalidDate })
  startDate: string;

  @ApiProperty({ example: '2026-11-08T05:59:59.999Z' })
  @IsString({ message: ANALYTICS_MESSAGES.invalidDate })
  endDate: string;

  @ApiPropertyOptional({
    example: '1,2',
    description: 'Comma-separated channel ids; empty: every visible channel',
  })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidList })
  channelsIds?: string;
}

/** GET /api/analytics/bot-report: GET /botFlow/clienInfo's query (dates as ISO instants or YYYY-MM-DD). */
export class BotReportQuery {
  @ApiProperty({ example: '2026-11-01' })
  @IsOptional()
  @IsString({ message: ANALYTICS_MESSAGES.invalidDate })
  startDate?: string;

  @ApiProperty({ example: '2026-11-07' })
  @IsOptional()
  @IsString({ message: ANALYTICS_MESSAGES.invalidDate })
  endDate?: string;

  @ApiPropertyOptional({ type: 'integer', description: "Must be the caller's company" })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidValue })
  companyId?: string;

  @ApiPropertyOptional({ example: '1,2', description: 'Comma-separated channel ids; empty: every channel' })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidList })
  channelsIds?: string;
}

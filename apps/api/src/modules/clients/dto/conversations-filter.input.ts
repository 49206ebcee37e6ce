import { CONVERSATION_MESSAGES, INPUT_MESSAGES } from '@crm/shared';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

export const CONVERSATION_FILTER_TYPES = [
  'assigned',
  'all',
  'unanswered',
  'unreadMessages',
  'archived',
  'archivedBroadcast',
  'valuable',
  'others',
] as const;
export type ConversationFilterType = (typeof CONVERSATION_FILTER_TYPES)[number];

const INVALID = CONVERSATION_MESSAGES.filterValue;

/** 02 §7 POST /conversations_by_filter. companyId is accepted for compatibility and ignored: it comes from the token. */
export class ConversationsFilterInput {
  @ApiPropertyOptional({
    type: 'integer',
    description: 'Accepted for compatibility and ignored: the company comes from the token',
  })
  @IsOptional()
  @IsId(INVALID)
  companyId?: number;

  @ApiPropertyOptional({ enum: [...CONVERSATION_FILTER_TYPES] })
  @IsOptional()
  @IsIn(CONVERSATION_FILTER_TYPES, { message: CONVERSATION_MESSAGES.filterType })
  filterType?: ConversationFilterType;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 200 })
  @IsOptional()
  @IsString({ message: INVALID })
  @MaxLength(200, { message: CONVERSATION_MESSAGES.keywordTooLong })
  keyword?: string | null;

  @ApiPropertyOptional({ type: 'integer', isArray: true })
  @IsOptional()
  @IsArray({ message: INVALID })
  @IsId(INVALID, { each: true })
  channelsIds?: number[];

  /** 02 §7: conversations carrying any one of these tags. */
  @ApiPropertyOptional({
    type: 'integer',
    isArray: true,
    description: 'Conversations carrying any one of these tags',
  })
  @IsOptional()
  @IsArray({ message: INVALID })
  @IsId(INVALID, { each: true })
  tagsIds?: number[];

  @ApiPropertyOptional({ type: 'integer', nullable: true })
  @IsOptional()
  @IsId(INVALID)
  agentId?: number | null;

  @ApiPropertyOptional({ type: 'integer', isArray: true })
  @IsOptional()
  @IsArray({ message: INVALID })
  @IsId(INVALID, { each: true })
  agentIdIn?: number[];

  @ApiPropertyOptional({ type: 'integer', nullable: true })
  @IsOptional()
  @IsId(INVALID)
  groupAdminId?: number | null;

  @ApiPropertyOptional({ type: 'string', format: 'date-time', nullable: true })
  @IsOptional()
  @IsISO8601({}, { message: INPUT_MESSAGES.invalidDate })
  createdAtFrom?: string | null;

  @ApiPropertyOptional({ type: 'string', format: 'date-time', nullable: true })
  @IsOptional()
  @IsISO8601({}, { message: INPUT_MESSAGES.invalidDate })
  createdAtTo?: string | null;

  @ApiPropertyOptional({ enum: ['createdAt', 'lastUpdate'] })
  @IsOptional()
  @IsIn(['createdAt', 'lastUpdate'], { message: INVALID })
  filterContactsBy?: 'createdAt' | 'lastUpdate';

  @ApiPropertyOptional({ type: 'integer', minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: INVALID })
  @Min(0, { message: INVALID })
  skip?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 5000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: INVALID })
  @Min(1, { message: INVALID })
  @Max(5000, { message: CONVERSATION_MESSAGES.pageTooLarge })
  first?: number;

  /** Opaque keyset cursor from the previous page's `cursor`. */
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: 200,
    description: "Opaque keyset cursor: the previous page's `cursor`",
  })
  @IsOptional()
  @IsString({ message: INVALID })
  @MaxLength(200, { message: INVALID })
  after?: string | null;

  @ApiPropertyOptional({
    description: "true: the contacts panel's report rows instead of inbox conversations",
  })
  @IsOptional()
  @IsBoolean({ message: INVALID })
  custom?: boolean;
}

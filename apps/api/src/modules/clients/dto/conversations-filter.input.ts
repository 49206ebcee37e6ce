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

const INVALID = 'Valor de filtro inválido';

/** 02 §7 POST /conversations_by_filter. companyId is accepted for compatibility and ignored: it comes from the token. */
export class ConversationsFilterInput {
  @IsOptional()
  @IsId(INVALID)
  companyId?: number;

  @IsOptional()
  @IsIn(CONVERSATION_FILTER_TYPES, { message: 'Tipo de filtro inválido' })
  filterType?: ConversationFilterType;

  @IsOptional()
  @IsString({ message: INVALID })
  @MaxLength(200, { message: 'La búsqueda es demasiado larga' })
  keyword?: string | null;

  @IsOptional()
  @IsArray({ message: INVALID })
  @IsId(INVALID, { each: true })
  channelsIds?: number[];

  /** 02 §7: conversations carrying any one of these tags. */
  @IsOptional()
  @IsArray({ message: INVALID })
  @IsId(INVALID, { each: true })
  tagsIds?: number[];

  @IsOptional()
  @IsId(INVALID)
  agentId?: number | null;

  @IsOptional()
  @IsArray({ message: INVALID })
  @IsId(INVALID, { each: true })
  agentIdIn?: number[];

  @IsOptional()
  @IsId(INVALID)
  groupAdminId?: number | null;

  @IsOptional()
  @IsISO8601({}, { message: 'Fecha inválida' })
  createdAtFrom?: string | null;

  @IsOptional()
  @IsISO8601({}, { message: 'Fecha inválida' })
  createdAtTo?: string | null;

  @IsOptional()
  @IsIn(['createdAt', 'lastUpdate'], { message: INVALID })
  filterContactsBy?: 'createdAt' | 'lastUpdate';

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: INVALID })
  @Min(0, { message: INVALID })
  skip?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: INVALID })
  @Min(1, { message: INVALID })
  @Max(5000, { message: 'Se pueden pedir como máximo 5000 conversaciones' })
  first?: number;

  /** Opaque keyset cursor from the previous page's `cursor`. */
  @IsOptional()
  @IsString({ message: INVALID })
  @MaxLength(200, { message: INVALID })
  after?: string | null;

  @IsOptional()
  @IsBoolean({ message: INVALID })
  custom?: boolean;
}

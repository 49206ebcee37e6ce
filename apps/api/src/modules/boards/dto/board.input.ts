import { BOARD_LIMITS, BOARD_MESSAGES, INPUT_MESSAGES } from '@crm/shared';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

// Members and guests of one board: far more than a team has, small enough to bound the query.
const SHARED_MAX = 500;

/** 02 §3 Column.followUpMessage: sent to a contact whose card enters the column, after `delayMinutes`. */
export class BoardFollowUpInput {
  @ApiProperty({ maxLength: BOARD_LIMITS.followUpTextMax })
  @IsString({ message: BOARD_MESSAGES.invalidFollowUp })
  @MaxLength(BOARD_LIMITS.followUpTextMax, { message: BOARD_MESSAGES.invalidFollowUp })
  text: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: BOARD_LIMITS.followUpDelayMaxMinutes })
  @IsInt({ message: BOARD_MESSAGES.invalidFollowUp })
  @Min(0, { message: BOARD_MESSAGES.invalidFollowUp })
  @Max(BOARD_LIMITS.followUpDelayMaxMinutes, { message: BOARD_MESSAGES.invalidFollowUp })
  delayMinutes: number;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description: "Sent instead of the text when the contact's reply window is closed",
  })
  @IsOptional()
  @IsId(INPUT_MESSAGES.invalidTemplate)
  templateId?: number | null;
}

/** The name and description boards and their columns share. */
class NamedInput {
  @ApiProperty({ maxLength: BOARD_LIMITS.nameMax })
  @IsString({ message: BOARD_MESSAGES.nameRequired })
  @MaxLength(BOARD_LIMITS.nameMax, { message: BOARD_MESSAGES.nameTooLong })
  name: string;

  @ApiPropertyOptional({ maxLength: BOARD_LIMITS.descriptionMax, nullable: true })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidText })
  @MaxLength(BOARD_LIMITS.descriptionMax, { message: BOARD_MESSAGES.descriptionTooLong })
  description?: string | null;
}

export class BoardColumnInput extends NamedInput {
  @ApiPropertyOptional({
    type: 'integer',
    description: "An existing column's id (PUT); none for a new column",
  })
  @IsOptional()
  @IsId(INPUT_MESSAGES.invalidValue)
  id?: number;

  @ApiPropertyOptional({ type: BoardFollowUpInput, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => BoardFollowUpInput)
  followUpMessage?: BoardFollowUpInput | null;
}

/** POST /api/boards. */
export class CreateBoardInput extends NamedInput {
  @ApiPropertyOptional({
    type: [BoardColumnInput],
    maxItems: BOARD_LIMITS.columnsMax,
    description:
      'Every column in order (PUT: with id kept, without id added; columns left out go with their cards)',
  })
  @IsOptional()
  @IsArray({ message: INPUT_MESSAGES.invalidList })
  @ArrayMaxSize(BOARD_LIMITS.columnsMax, { message: BOARD_MESSAGES.tooManyColumns })
  @ValidateNested({ each: true })
  @Type(() => BoardColumnInput)
  columns?: BoardColumnInput[];

  @ApiPropertyOptional({
    type: [Number],
    description: 'Users of the company who may edit the board (PUT: owner and superadmin only)',
  })
  @IsOptional()
  @IsArray({ message: INPUT_MESSAGES.invalidList })
  @ArrayMaxSize(SHARED_MAX, { message: INPUT_MESSAGES.invalidList })
  @IsId(INPUT_MESSAGES.invalidUser, { each: true })
  members?: number[];

  @ApiPropertyOptional({
    type: [Number],
    description: 'Users of the company who may only look at the board (PUT: owner and superadmin only)',
  })
  @IsOptional()
  @IsArray({ message: INPUT_MESSAGES.invalidList })
  @ArrayMaxSize(SHARED_MAX, { message: INPUT_MESSAGES.invalidList })
  @IsId(INPUT_MESSAGES.invalidUser, { each: true })
  guests?: number[];
}

/** PUT /api/boards/{id}: only what is sent changes; `columns` is the full ordered list. */
export class UpdateBoardInput extends PartialType(CreateBoardInput) {}

// An amount: positive, two decimals at most, within numeric(12,2).
function IsAmount(): PropertyDecorator {
  return (target, key) => {
    IsNumber(
      { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false },
      { message: BOARD_MESSAGES.invalidAmount },
    )(target, key);
    Min(0, { message: BOARD_MESSAGES.invalidAmount })(target, key);
    Max(BOARD_LIMITS.amountMax, { message: BOARD_MESSAGES.invalidAmount })(target, key);
  };
}

/** POST /api/boards/{id}/items: a contact of the company as a card at the end of a column. */
export class AddBoardItemInput {
  @ApiProperty({ type: 'integer' })
  @IsId(INPUT_MESSAGES.invalidConversation)
  clientId: number;

  @ApiProperty({ type: 'integer' })
  @IsId(INPUT_MESSAGES.invalidValue)
  columnId: number;

  @ApiPropertyOptional({ type: 'number', nullable: true, maximum: BOARD_LIMITS.amountMax })
  @IsOptional()
  @IsAmount()
  amount?: number | null;
}

/** PUT /api/boards/{id}/items/{itemId}: the deal's amount (null clears it). */
export class UpdateBoardItemInput {
  @ApiPropertyOptional({ type: 'number', nullable: true, maximum: BOARD_LIMITS.amountMax })
  @IsOptional()
  @IsAmount()
  amount?: number | null;
}

/** POST /api/boards/{id}/items/{itemId}/move: the card's column and place in it (clamped to the column). */
export class MoveBoardItemInput {
  @ApiProperty({ type: 'integer' })
  @IsId(INPUT_MESSAGES.invalidValue)
  columnId: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  @IsInt({ message: INPUT_MESSAGES.invalidOrder })
  @Min(0, { message: INPUT_MESSAGES.invalidOrder })
  index: number;
}

import {
  INPUT_MESSAGES,
  QUICK_ANSWER_FILE_NAME_MAX,
  QUICK_ANSWER_MESSAGES,
  quickAnswerShortcutError,
} from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import { Rule } from '../../../common/decorators/rule.decorator';

/**
 * 02 §7 POST /createQuickAnswer and /updateQuickAnswer (multipart, or JSON without a file). The spec's weight,
 * fileType and type fields are accepted and ignored: the server reads them from the file itself.
 */
export class SaveQuickAnswerInput {
  /** The answer's space; the caller's selected space when absent (creation only). */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: "The answer's space; the caller's selected space when absent (creation only)",
  })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidSpace)
  spaceId?: number;

  /** With or without its leading '/'; stored without it (02 §5). */
  @ApiProperty({ example: '/saludo', description: "With or without its leading '/'" })
  @Rule(quickAnswerShortcutError)
  shortcut: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidText })
  text?: string;

  /** The name shown for the attached file; the uploaded file's own name when absent. */
  @ApiPropertyOptional({
    maxLength: 255,
    description: "Name shown for the attached file; the uploaded file's name when absent",
  })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidFileName })
  @MaxLength(QUICK_ANSWER_FILE_NAME_MAX, { message: QUICK_ANSWER_MESSAGES.fileNameTooLong })
  fileName?: string;

  /** 'true' drops the answer's current file (update only). */
  @ApiPropertyOptional({ type: 'boolean', description: "true drops the answer's current file (update only)" })
  @IsOptional()
  @IsIn(['true', 'false', true, false], { message: INPUT_MESSAGES.invalidValue })
  removeFile?: string | boolean;

  @ApiPropertyOptional({ description: 'Accepted and ignored: read from the file' })
  @IsOptional()
  weight?: unknown;

  @ApiPropertyOptional({ description: 'Accepted and ignored: read from the file' })
  @IsOptional()
  fileType?: unknown;

  @ApiPropertyOptional({ description: 'Accepted and ignored: read from the file' })
  @IsOptional()
  type?: unknown;

  /** Accepted for compatibility and ignored: the company comes from the token. */
  @ApiPropertyOptional({
    description: 'Accepted for compatibility and ignored: the company comes from the token',
  })
  @IsOptional()
  companyId?: unknown;
}

export class UpdateQuickAnswerInput extends SaveQuickAnswerInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidQuickAnswer)
  id: number;
}

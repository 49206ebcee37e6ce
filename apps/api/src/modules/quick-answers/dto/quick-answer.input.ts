import { quickAnswerShortcutError } from '@crm/shared';
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
  @IsOptional()
  @Type(() => Number)
  @IsId('Espacio inválido')
  spaceId?: number;

  /** With or without its leading '/'; stored without it (02 §5). */
  @Rule(quickAnswerShortcutError)
  shortcut: string;

  @IsOptional()
  @IsString({ message: 'Texto inválido' })
  text?: string;

  /** The name shown for the attached file; the uploaded file's own name when absent. */
  @IsOptional()
  @IsString({ message: 'Nombre de archivo inválido' })
  @MaxLength(255, { message: 'El nombre del archivo no debe exceder los 255 caracteres' })
  fileName?: string;

  /** 'true' drops the answer's current file (update only). */
  @IsOptional()
  @IsIn(['true', 'false', true, false], { message: 'Valor inválido' })
  removeFile?: string | boolean;

  @IsOptional()
  weight?: unknown;

  @IsOptional()
  fileType?: unknown;

  @IsOptional()
  type?: unknown;

  /** Accepted for compatibility and ignored: the company comes from the token. */
  @IsOptional()
  companyId?: unknown;
}

export class UpdateQuickAnswerInput extends SaveQuickAnswerInput {
  @Type(() => Number)
  @IsId('Respuesta rápida inválida')
  id: number;
}

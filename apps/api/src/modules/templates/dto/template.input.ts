import {
  INPUT_MESSAGES,
  TEMPLATE_CATEGORIES,
  TEMPLATE_MESSAGES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_TYPES,
} from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

/** 02 §7 POST /identify-variables. */
export class IdentifyVariablesInput {
  @ApiProperty({ description: 'The template message, as the user wrote it' })
  @IsString({ message: INPUT_MESSAGES.invalidText })
  text: string;

  @ApiPropertyOptional({
    description: 'true: propose variables (answered as a JSON string); else the category only',
  })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  isIdentifyVariables?: boolean;
}

/**
 * 02 §7 POST /whatsappTemplate. Only the shapes are checked here: the template rules (02 §5) are the shared
 * draft rules, applied by the service with their own codes and texts.
 */
export class CreateTemplateInput {
  @ApiProperty({ example: 'pedido_listo', maxLength: TEMPLATE_NAME_MAX })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidName })
  name?: string;

  @ApiProperty({ enum: TEMPLATE_CATEGORIES })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidValue })
  category?: string;

  @ApiProperty({ enum: TEMPLATE_TYPES })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidType })
  type?: string;

  @ApiProperty({
    description:
      'Cloud API components: one BODY (text, example.body_text), optionally a HEADER (TEXT with text; IMAGE, VIDEO ' +
      'or DOCUMENT with example.header_handle [the url answered by /whatsappTemplate/media]) and a FOOTER',
    type: 'array',
    items: { type: 'object', additionalProperties: true },
  })
  @IsArray({ message: TEMPLATE_MESSAGES.componentsInvalid })
  components: unknown[];

  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;

  @ApiPropertyOptional({
    example: 'es_MX',
    description: "The company's template language (es_MX unless changed) when absent",
  })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidLanguage })
  language?: string;
}

/** 02 §7 DELETE /whatsappTemplate: every language of the name, on the channel. */
export class DeleteTemplateInput {
  @ApiProperty({ example: 'pedido_listo' })
  @IsString({ message: INPUT_MESSAGES.invalidTemplate })
  @IsNotEmpty({ message: INPUT_MESSAGES.invalidTemplate })
  @MaxLength(TEMPLATE_NAME_MAX, { message: INPUT_MESSAGES.invalidTemplate })
  templateName: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;
}

/** Issue 16 POST /whatsappTemplate/sync. */
export class SyncTemplatesInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;
}

/** Issue 16 POST /whatsappTemplate/media (multipart: `file` beside these fields). */
export class UploadTemplateMediaInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;

  @ApiPropertyOptional({
    enum: ['imagen', 'doc'],
    description: "The header the file is for; 'doc' for a pdf, 'imagen' otherwise when absent",
  })
  @IsOptional()
  @IsIn(['imagen', 'doc'], { message: TEMPLATE_MESSAGES.headerTypeInvalid })
  headerType?: 'imagen' | 'doc';
}

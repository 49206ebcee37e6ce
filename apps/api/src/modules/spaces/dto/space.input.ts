import { INPUT_MESSAGES } from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

/**
 * 02 §7 POST /createSpace (form data: spaceName, channels as JSON, optional image file). A JSON body with
 * `channels` as an array is accepted too. The service reads the fields so each gets its catalogue code.
 */
export class CreateSpaceInput {
  @ApiPropertyOptional({ type: 'string' })
  @IsOptional()
  spaceName?: unknown;

  /** Channel ids: '[1,2]', '[{"id":1}]' or the array itself. */
  @ApiPropertyOptional({
    type: 'string',
    description: "Channel ids as JSON text ('[1,2]' or '[{\"id\":1}]'), or the array itself in a JSON body",
  })
  @IsOptional()
  channels?: unknown;

  /** Accepted and ignored: the company comes from the token. */
  @ApiPropertyOptional({
    description: 'Accepted for compatibility and ignored: the company comes from the token',
  })
  @IsOptional()
  companyId?: unknown;
}

/** 02 §7 PUT /updateSpace (form: file, spaceName, id, newChannels); an absent field keeps its value. */
export class UpdateSpaceInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidSpace)
  id: number;

  @ApiPropertyOptional({ type: 'string' })
  @IsOptional()
  spaceName?: unknown;

  /** The space's whole channel list after the change. */
  @ApiPropertyOptional({
    type: 'string',
    description: "The space's whole channel list after the change, as `channels`",
  })
  @IsOptional()
  newChannels?: unknown;

  /** 'true' drops the space's image. */
  @ApiPropertyOptional({ type: 'boolean', description: "true drops the space's image" })
  @IsOptional()
  removeImage?: unknown;

  @ApiPropertyOptional({
    description: 'Accepted for compatibility and ignored: the company comes from the token',
  })
  @IsOptional()
  companyId?: unknown;
}

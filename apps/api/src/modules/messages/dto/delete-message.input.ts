import { INPUT_MESSAGES } from '@crm/shared';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsId } from '../../../common/decorators/id.decorator';

export class DeleteMessageInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidMessage)
  id: number;
}

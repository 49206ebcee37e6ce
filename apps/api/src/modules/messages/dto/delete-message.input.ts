import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsId } from '../../../common/decorators/id.decorator';

export class DeleteMessageInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId('Mensaje inválido')
  id: number;
}

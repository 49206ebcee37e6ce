import { Type } from 'class-transformer';
import { IsId } from '../../../common/decorators/id.decorator';

export class DeleteMessageInput {
  @Type(() => Number)
  @IsId('Mensaje inválido')
  id: number;
}

import { Type } from 'class-transformer';
import { IsInt } from 'class-validator';

export class DeleteMessageInput {
  @Type(() => Number)
  @IsInt({ message: 'Mensaje inválido' })
  id: number;
}

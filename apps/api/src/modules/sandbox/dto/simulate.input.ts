import { validatePhone } from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import { Rule } from '../../../common/decorators/rule.decorator';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class SimulateMessageInput {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'A sandbox channel' })
  @Type(() => Number)
  @IsId('Elige un canal de prueba')
  channelId: number;

  // The customer's number as the simulator's form checks it (01 §5), trimmed as the form sends it.
  @ApiProperty({ description: "The simulated customer's phone, digits only", example: '5215512345678' })
  @Transform(trimmed)
  @Rule(validatePhone)
  from: string;

  @ApiPropertyOptional({ maxLength: 120 })
  @IsOptional()
  @IsString({ message: 'Nombre inválido' })
  @MaxLength(120, { message: 'El nombre es demasiado largo' })
  name?: string;

  @ApiProperty({ minLength: 1, maxLength: 4096 })
  @IsString({ message: 'Escribe un mensaje' })
  @MinLength(1, { message: 'Escribe un mensaje' })
  @MaxLength(4096, { message: 'El mensaje no debe exceder los 4096 caracteres' })
  text: string;
}

export class SimulatorConversationQuery {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId('Elige un canal de prueba')
  channelId: number;

  // The customer's number as the simulator's form checks it (01 §5), trimmed as the form sends it.
  @ApiProperty({ description: "The simulated customer's phone, digits only" })
  @Transform(trimmed)
  @Rule(validatePhone)
  from: string;
}

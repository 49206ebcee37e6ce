import { Type } from 'class-transformer';
import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

export class SimulateMessageInput {
  @Type(() => Number)
  @IsId('Elige un canal de prueba')
  channelId: number;

  @IsString({ message: 'Teléfono obligatorio' })
  @Matches(/^\d{8,15}$/, { message: 'Solo puede contener números (8 a 15 dígitos)' })
  from: string;

  @IsOptional()
  @IsString({ message: 'Nombre inválido' })
  @MaxLength(120, { message: 'El nombre es demasiado largo' })
  name?: string;

  @IsString({ message: 'Escribe un mensaje' })
  @MinLength(1, { message: 'Escribe un mensaje' })
  @MaxLength(4096, { message: 'El mensaje no debe exceder los 4096 caracteres' })
  text: string;
}

export class SimulatorConversationQuery {
  @Type(() => Number)
  @IsId('Elige un canal de prueba')
  channelId: number;

  @IsString({ message: 'Teléfono obligatorio' })
  @Matches(/^\d{8,15}$/, { message: 'Solo puede contener números (8 a 15 dígitos)' })
  from: string;
}

import { Field, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import { ConversationsFilterInput } from '../../clients/dto/conversations-filter.input';

/** POST /api/contacts/export: the panel's filters and the format. */
export class ExportContactsInput extends ConversationsFilterInput {
  @ApiProperty({ enum: ['pdf', 'csv', 'xlsx'] })
  @IsIn(['pdf', 'csv', 'xlsx'], { message: 'Elige PDF, CSV o XLSX.' })
  format: 'pdf' | 'csv' | 'xlsx';
}

/** POST /api/importContacts multipart fields (the file travels beside them). */
export class ImportContactsInput {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Channel the imported contacts belong to' })
  @Type(() => Number)
  @IsId('Selecciona un canal para importar tus contactos')
  channelId: number;

  /** Agent for rows without a known agent e-mail; the importing user when absent. */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'Agent for rows without a known agent e-mail; the importing user when absent',
  })
  @IsOptional()
  @Type(() => Number)
  @IsId('Agente inválido')
  agentId?: number;

  /** Accepted for compatibility and ignored: the company comes from the token. */
  @ApiPropertyOptional({
    description: 'Accepted for compatibility and ignored: the company comes from the token',
  })
  @IsOptional()
  companyId?: unknown;
}

@InputType()
export class CreateClientInput {
  @Field()
  @IsString({ message: 'El teléfono es obligatorio.' })
  @MaxLength(40, { message: 'El teléfono es demasiado largo.' })
  phone: string;

  @Field(() => Int)
  @IsId('Selecciona un canal.')
  channelId: number;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: 'Nombre inválido' })
  @MaxLength(200, { message: 'El nombre es demasiado largo.' })
  name?: string | null;
}

import { CONTACT_MESSAGES, IMPORT_MESSAGES, INPUT_MESSAGES, SPACE_MESSAGES } from '@crm/shared';
import { Field, InputType, Int } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import { ConversationsFilterInput } from '../../clients/dto/conversations-filter.input';

/** POST /api/contacts/export: the panel's filters and the format. */
export class ExportContactsInput extends ConversationsFilterInput {
  @ApiProperty({ enum: ['pdf', 'csv', 'xlsx'] })
  @IsIn(['pdf', 'csv', 'xlsx'], { message: CONTACT_MESSAGES.exportFormat })
  format: 'pdf' | 'csv' | 'xlsx';
}

/** POST /api/importContacts multipart fields (the file travels beside them). */
export class ImportContactsInput {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Channel the imported contacts belong to' })
  @Type(() => Number)
  @IsId(IMPORT_MESSAGES.chooseChannel)
  channelId: number;

  /** Agent for rows without a known agent e-mail; the importing user when absent. */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'Agent for rows without a known agent e-mail; the importing user when absent',
  })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidAgent)
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
  @IsString({ message: CONTACT_MESSAGES.phoneRequired })
  @MaxLength(40, { message: CONTACT_MESSAGES.phoneTooLong })
  phone: string;

  @Field(() => Int)
  @IsId(SPACE_MESSAGES.channelRequired)
  channelId: number;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidName })
  @MaxLength(200, { message: CONTACT_MESSAGES.nameTooLong })
  name?: string | null;
}

import { INPUT_MESSAGES } from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

/**
 * 02 §5 agent form data (multipart): name, email, phone, rolId, password, spacesIds, userWorkingHours,
 * isAdminOfIds, file (and 02 §5 "User create": locationId, categoriesIds). The lists travel as JSON text; the service reads every field so each error names it.
 */
export class CreateTeamUserInput {
  @ApiPropertyOptional({ type: 'string' })
  @IsOptional()
  name?: unknown;
  @ApiPropertyOptional({ type: 'string', format: 'email' })
  @IsOptional()
  email?: unknown;
  @ApiPropertyOptional({ type: 'string' })
  @IsOptional()
  phone?: unknown;
  @ApiPropertyOptional({ type: 'integer', description: "One of the company's roles" })
  @IsOptional()
  rolId?: unknown;
  @ApiPropertyOptional({
    type: 'string',
    description: 'Required on creation; empty keeps the current one on an update',
  })
  @IsOptional()
  password?: unknown;
  @ApiPropertyOptional({
    type: 'string',
    description: 'JSON list of ids as text (or the list itself in a JSON body)',
  })
  @IsOptional()
  spacesIds?: unknown;
  @ApiPropertyOptional({ type: 'string', description: 'Working hours as JSON text' })
  @IsOptional()
  userWorkingHours?: unknown;
  @ApiPropertyOptional({
    type: 'string',
    description: 'Agents this user administers: JSON list of ids as text (or the list itself in a JSON body)',
  })
  @IsOptional()
  isAdminOfIds?: unknown;
  /** Accepted and ignored: the company comes from the token. */
  @ApiPropertyOptional({
    description: 'Accepted for compatibility and ignored: the company comes from the token',
  })
  @IsOptional()
  companyId?: unknown;
  /** 02 §5 "User create" names a location; optional here ('' or null clears it on an edit). */
  @ApiPropertyOptional({ type: 'integer', nullable: true, description: "'' or null clears it on an edit" })
  @IsOptional()
  locationId?: unknown;
  /** 02 §5 "User create" names categories: ids of the company's categories, a list as spacesIds is. */
  @ApiPropertyOptional({
    type: 'string',
    description: 'JSON list of ids as text (or the list itself in a JSON body)',
  })
  @IsOptional()
  categoriesIds?: unknown;
}

/** PUT /user: an absent field keeps its value; an empty password keeps the current one. */
export class UpdateTeamUserInput extends CreateTeamUserInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidUser)
  id: number;

  /** 'true' drops the photo. */
  @ApiPropertyOptional({ type: 'boolean', description: 'true drops the photo' })
  @IsOptional()
  removeImage?: unknown;
}

export class DeleteTeamUserInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidUser)
  id: number;
}

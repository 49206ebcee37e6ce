import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

/**
 * 02 §5 agent form data (multipart): name, email, phone, rolId, password, spacesIds, userWorkingHours,
 * isAdminOfIds, file (and 02 §5 "User create": locationId, categoriesIds). The lists travel as JSON text; the service reads every field so each error names it.
 */
export class CreateTeamUserInput {
  @IsOptional() name?: unknown;
  @IsOptional() email?: unknown;
  @IsOptional() phone?: unknown;
  @IsOptional() rolId?: unknown;
  @IsOptional() password?: unknown;
  @IsOptional() spacesIds?: unknown;
  @IsOptional() userWorkingHours?: unknown;
  @IsOptional() isAdminOfIds?: unknown;
  /** Accepted and ignored: the company comes from the token. */
  @IsOptional() companyId?: unknown;
  /** 02 §5 "User create" names a location; optional here ('' or null clears it on an edit). */
  @IsOptional() locationId?: unknown;
  /** 02 §5 "User create" names categories: ids of the company's categories, a list as spacesIds is. */
  @IsOptional() categoriesIds?: unknown;
}

/** PUT /user: an absent field keeps its value; an empty password keeps the current one. */
export class UpdateTeamUserInput extends CreateTeamUserInput {
  @Type(() => Number)
  @IsId('Usuario inválido')
  id: number;

  /** 'true' drops the photo. */
  @IsOptional() removeImage?: unknown;
}

export class DeleteTeamUserInput {
  @Type(() => Number)
  @IsId('Usuario inválido')
  id: number;
}

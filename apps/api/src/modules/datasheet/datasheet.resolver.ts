import { DATASHEET_FIELD_MESSAGES, INPUT_MESSAGES, validateDatasheetValue } from '@crm/shared';
import { Args, Field, InputType, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { DatasheetAdminService } from './datasheet-admin.service';
import { DatasheetValuesService } from './datasheet-values.service';
import { ClientInfoModel, DatasheetFieldModel } from './models/datasheet.model';

@InputType()
class DatasheetFieldInputModel {
  @Field()
  @IsString({ message: DATASHEET_FIELD_MESSAGES.nameRequired })
  @MaxLength(200, { message: INPUT_MESSAGES.nameTooLong })
  name: string;

  @Field({ description: 'string, date, boolean, email, list, number or phone' })
  @IsString({ message: DATASHEET_FIELD_MESSAGES.typeInvalid })
  type: string;

  @Field(() => [String], { nullable: true, description: 'The choices of a list field.' })
  @IsOptional()
  @IsArray({ message: INPUT_MESSAGES.invalidOptions })
  @IsString({ each: true, message: INPUT_MESSAGES.invalidOptions })
  options?: string[] | null;
}

/**
 * 02 §5 value rules, kept under this name for the contact import: the one shared rule the info panel also uses
 * (ARCHITECTURE rule 1).
 */
export const datasheetValueError = validateDatasheetValue;

/** The client info panel's data sheet: the company's fields and one conversation's values (02 §3). */
@Resolver()
export class DatasheetResolver {
  constructor(
    private readonly admin: DatasheetAdminService,
    private readonly values: DatasheetValuesService,
  ) {}

  @RequirePermissions('writeDataSheetConfiguration')
  @Mutation(() => DatasheetFieldModel)
  createDatasheetField(
    @CurrentUser() user: AuthUser,
    @Args('input') input: DatasheetFieldInputModel,
  ): Promise<DatasheetFieldModel> {
    return this.admin.create(user, input);
  }

  @RequirePermissions('writeDataSheetConfiguration')
  @Mutation(() => DatasheetFieldModel)
  updateDatasheetField(
    @CurrentUser() user: AuthUser,
    @Args('id', { type: () => Int }) id: number,
    @Args('input') input: DatasheetFieldInputModel,
  ): Promise<DatasheetFieldModel> {
    return this.admin.update(user, id, input);
  }

  @RequirePermissions('readChat', 'agent', 'readDataSheetConfiguration', 'writeDataSheetConfiguration')
  @Query(() => [DatasheetFieldModel])
  datasheetFields(@CurrentUser() user: AuthUser): Promise<DatasheetFieldModel[]> {
    return this.admin.list(user.companyId);
  }

  @RequirePermissions('readChat', 'agent')
  @Query(() => [ClientInfoModel])
  clientInfos(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
  ): Promise<ClientInfoModel[]> {
    return this.values.list(user, clientId);
  }

  /** Saves one value, validated by the field's type; an empty value removes it. Answers the stored entry. */
  @RequirePermissions('readChat', 'agent')
  @Mutation(() => ClientInfoModel, { nullable: true })
  saveClientInfo(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
    @Args('fieldId', { type: () => Int }) fieldId: number,
    @Args('value') raw: string,
  ): Promise<ClientInfoModel | null> {
    return this.values.save(user, clientId, fieldId, raw);
  }
}

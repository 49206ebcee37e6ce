import { validateDatasheetValue } from '@crm/shared';
import { Args, Field, InputType, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { firstRow } from '../../database/query-rows';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { DatasheetAdminService } from './datasheet-admin.service';
import { ClientInfoModel, DatasheetFieldModel } from './models/datasheet.model';

@InputType()
class DatasheetFieldInputModel {
  @Field()
  @IsString({ message: 'El nombre del campo es obligatorio.' })
  @MaxLength(200, { message: 'El nombre es demasiado largo.' })
  name: string;

  @Field({ description: 'string, date, boolean, email, list, number or phone' })
  @IsString({ message: 'Elige un tipo de campo válido.' })
  type: string;

  @Field(() => [String], { nullable: true, description: 'The choices of a list field.' })
  @IsOptional()
  @IsArray({ message: 'Opciones inválidas' })
  @IsString({ each: true, message: 'Opciones inválidas' })
  options?: string[] | null;
}

/**
 * 02 §5 value rules, kept under this name for the contact import: the one shared rule the info panel also uses
 * (ARCHITECTURE rule 1).
 */
export const datasheetValueError = validateDatasheetValue;

const INFO_COLUMNS = `i.id, i."clientId", i."fieldId", f.name AS "fieldName", i.value`;

/** The client info panel's data sheet: the company's fields and one conversation's values (02 §3). */
@Resolver()
export class DatasheetResolver {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
    private readonly admin: DatasheetAdminService,
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
    return this.dataSource.query(
      `SELECT id, name, type, options, "isDefault" FROM datasheet_fields WHERE "companyId" = $1
       ORDER BY "isDefault" DESC, "createdAt", id`,
      [user.companyId],
    );
  }

  @RequirePermissions('readChat', 'agent')
  @Query(() => [ClientInfoModel])
  async clientInfos(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
  ): Promise<ClientInfoModel[]> {
    await this.clients.getVisible(user, clientId);
    return this.dataSource.query(
      `SELECT ${INFO_COLUMNS} FROM client_infos i JOIN datasheet_fields f ON f.id = i."fieldId"
       WHERE i."clientId" = $1 ORDER BY f."createdAt", f.id`,
      [clientId],
    );
  }

  /** Saves one value, validated by the field's type; an empty value removes it. Answers the stored entry. */
  @RequirePermissions('readChat', 'agent')
  @Mutation(() => ClientInfoModel, { nullable: true })
  async saveClientInfo(
    @CurrentUser() user: AuthUser,
    @Args('clientId', { type: () => Int }) clientId: number,
    @Args('fieldId', { type: () => Int }) fieldId: number,
    @Args('value') raw: string,
  ): Promise<ClientInfoModel | null> {
    const { client } = await this.clients.getVisible(user, clientId);
    const field = firstRow<{ companyId: number; type: string; options: string[] }>(
      await this.dataSource.query(`SELECT "companyId", type, options FROM datasheet_fields WHERE id = $1`, [
        fieldId,
      ]),
    );
    if (!field || field.companyId !== user.companyId) {
      throw AppException.validation('fieldId', 'El campo no existe.');
    }
    const value = raw.trim();
    const error = datasheetValueError(field, value);
    if (error) throw AppException.validation('value', error);
    let saved: ClientInfoModel | null = null;
    if (value === '') {
      await this.dataSource.query(`DELETE FROM client_infos WHERE "clientId" = $1 AND "fieldId" = $2`, [
        clientId,
        fieldId,
      ]);
    } else {
      saved =
        firstRow<ClientInfoModel>(
          await this.dataSource.query(
            `WITH i AS (
             INSERT INTO client_infos ("clientId", "fieldId", value) VALUES ($1, $2, $3)
             ON CONFLICT ("clientId", "fieldId") DO UPDATE SET value = EXCLUDED.value, "updatedAt" = now()
             RETURNING *)
           SELECT ${INFO_COLUMNS} FROM i JOIN datasheet_fields f ON f.id = i."fieldId"`,
            [clientId, fieldId, value],
          ),
        ) ?? null;
    }
    const view = await this.clients.view(client.id);
    this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason: 'info' });
    return saved;
  }
}

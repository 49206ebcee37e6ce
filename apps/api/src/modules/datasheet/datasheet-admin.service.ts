import {
  collapseSpaces,
  companyScopedKey,
  DATASHEET_FIELD_MESSAGES,
  type DatasheetFieldType,
  datasheetFieldNameError,
  datasheetListOptions,
  heldOptionMessage,
  isDatasheetFieldType,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { type DatasheetFieldRules, DatasheetRepository } from './datasheet.repository';
import type { DatasheetFieldModel } from './models/datasheet.model';

export interface DatasheetFieldInput {
  name: string;
  type: string;
  options?: string[] | null;
}

function checked(input: DatasheetFieldInput): { name: string; type: DatasheetFieldType; options: string[] } {
  const nameError = datasheetFieldNameError(input.name);
  if (nameError) throw AppException.validation('name', nameError);
  if (!isDatasheetFieldType(input.type)) {
    throw AppException.validation('type', DATASHEET_FIELD_MESSAGES.typeInvalid);
  }
  const name = collapseSpaces(input.name);
  const type: DatasheetFieldType = input.type;
  if (type !== 'list') return { name, type, options: [] };
  const options = datasheetListOptions(input.options);
  if (!options.ok) throw AppException.validation('options', options.error);
  return { name, type, options: options.options };
}

/** 02 §3/§5 data-sheet field administration (issue 6). */
@Injectable()
export class DatasheetAdminService {
  constructor(private readonly fields: DatasheetRepository) {}

  /** The company's fields, predefined first: the configuration and the info panel. */
  list(companyId: number): Promise<DatasheetFieldModel[]> {
    return this.fields.list(companyId);
  }

  private async own(user: AuthUser, id: number): Promise<DatasheetFieldRules> {
    const field = await this.fields.rules(id);
    if (!field || field.companyId !== user.companyId)
      throw AppException.validation('id', DATASHEET_FIELD_MESSAGES.notFound);
    if (field.isDefault) throw new AppException('PREDEFINED_FIELD_CANNOT_BE_MODIFIED', { field: 'id' });
    return field;
  }

  private async byId(id: number): Promise<DatasheetFieldModel> {
    const field = await this.fields.byId(id);
    if (!field) throw AppException.validation('id', DATASHEET_FIELD_MESSAGES.notFound);
    return field;
  }

  async create(user: AuthUser, input: DatasheetFieldInput): Promise<DatasheetFieldModel> {
    const field = checked(input);
    const id = await this.fields.create(user.companyId, {
      ...field,
      key: companyScopedKey(user.companyId, field.name),
    });
    if (id === undefined) throw new AppException('ERROR_DATASHEETFIELD_NAME', { field: 'name' });
    return this.byId(id);
  }

  async update(user: AuthUser, id: number, input: DatasheetFieldInput): Promise<DatasheetFieldModel> {
    const current = await this.own(user, id);
    const field = checked(input);
    if (field.type !== current.type) {
      if (await this.fields.hasValues(id)) {
        throw AppException.validation('type', DATASHEET_FIELD_MESSAGES.typeLocked);
      }
    } else if (field.type === 'list') {
      // A choice some contact holds cannot disappear from under it.
      const held = await this.fields.valueOutside(id, field.options);
      if (held !== undefined) {
        throw AppException.validation('options', heldOptionMessage(held));
      }
    }
    const saved = await this.fields.update(id, {
      ...field,
      key: companyScopedKey(user.companyId, field.name),
    });
    if (!saved) throw new AppException('ERROR_DATASHEETFIELD_NAME', { field: 'name' });
    return this.byId(id);
  }

  /** 02 §7 DELETE /datasheetConfiguration/{id}: the field and every contact's value of it (cascade). */
  async delete(user: AuthUser, id: number): Promise<void> {
    await this.own(user, id);
    await this.fields.delete(id);
  }
}

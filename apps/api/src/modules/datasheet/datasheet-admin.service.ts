import {
  companyScopedKey,
  type DatasheetFieldType,
  isDatasheetFieldType,
  normalizeSearchKeyword,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { type DatasheetFieldRules, DatasheetRepository } from './datasheet.repository';
import type { DatasheetFieldModel } from './models/datasheet.model';

const NAME_MAX = 80;
const OPTION_MAX = 100;
const OPTIONS_MAX = 100;

/**
 * 02 §5: a field may not take the name of one of the contact's own fields (the import's first columns and what
 * every contact already shows), or the import and the report could not tell them apart.
 */
export const DEFAULT_CONTACT_FIELDS = [
  'Nombre',
  'Apellido',
  'Teléfono',
  'Etiquetas',
  'Correo del agente',
  'Agente',
  'Canal',
  'Plataforma',
  'Categoría',
];
const DEFAULT_KEYS = new Set(DEFAULT_CONTACT_FIELDS.map((n) => normalizeSearchKeyword(n)));

export interface DatasheetFieldInput {
  name: string;
  type: string;
  options?: string[] | null;
}

function checked(input: DatasheetFieldInput): { name: string; type: DatasheetFieldType; options: string[] } {
  const name = (input.name ?? '').trim().replace(/\s+/g, ' ');
  if (!name) throw AppException.validation('name', 'El nombre del campo es obligatorio.');
  if (name.length > NAME_MAX) throw AppException.validation('name', `Máximo ${NAME_MAX} caracteres.`);
  if (DEFAULT_KEYS.has(normalizeSearchKeyword(name))) {
    throw AppException.validation('name', 'Ese nombre es de un campo propio del contacto; elige otro.');
  }
  if (!isDatasheetFieldType(input.type)) {
    throw AppException.validation('type', 'Elige un tipo de campo válido.');
  }
  const type: DatasheetFieldType = input.type;
  let options: string[] = [];
  if (type === 'list') {
    const seen = new Set<string>();
    for (const raw of input.options ?? []) {
      const option = raw.trim();
      if (!option || seen.has(option.toLowerCase())) continue;
      if (option.length > OPTION_MAX)
        throw AppException.validation('options', `Máximo ${OPTION_MAX} caracteres por opción.`);
      seen.add(option.toLowerCase());
      options.push(option);
    }
    if (options.length === 0)
      throw AppException.validation('options', 'Una lista necesita al menos una opción.');
    if (options.length > OPTIONS_MAX)
      throw AppException.validation('options', `Máximo ${OPTIONS_MAX} opciones.`);
  } else {
    options = [];
  }
  return { name, type, options };
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
      throw AppException.validation('id', 'El campo no existe.');
    if (field.isDefault) throw new AppException('PREDEFINED_FIELD_CANNOT_BE_MODIFIED', { field: 'id' });
    return field;
  }

  private async byId(id: number): Promise<DatasheetFieldModel> {
    const field = await this.fields.byId(id);
    if (!field) throw AppException.validation('id', 'El campo no existe.');
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
        throw AppException.validation(
          'type',
          'No se puede cambiar el tipo de un campo que ya tiene valores.',
        );
      }
    } else if (field.type === 'list') {
      // A choice some contact holds cannot disappear from under it.
      const held = await this.fields.valueOutside(id, field.options);
      if (held !== undefined) {
        throw AppException.validation(
          'options',
          `Hay contactos con la opción «${held}»; no se puede quitar.`,
        );
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

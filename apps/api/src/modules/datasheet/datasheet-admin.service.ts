import {
  companyScopedKey,
  type DatasheetFieldType,
  isDatasheetFieldType,
  normalizeSearchKeyword,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { pgPool } from '../../database/pg-pool';
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

interface FieldRow {
  id: number;
  companyId: number;
  isDefault: boolean;
  type: string;
  options: string[];
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
  constructor(private readonly dataSource: DataSource) {}

  private async own(user: AuthUser, id: number): Promise<FieldRow> {
    const { rows } = await pgPool(this.dataSource).query<FieldRow>(
      'SELECT id, "companyId", "isDefault", type, options FROM datasheet_fields WHERE id = $1',
      [id],
    );
    const field = rows[0];
    if (!field || field.companyId !== user.companyId)
      throw AppException.validation('id', 'El campo no existe.');
    if (field.isDefault) throw new AppException('PREDEFINED_FIELD_CANNOT_BE_MODIFIED', { field: 'id' });
    return field;
  }

  private async byId(id: number): Promise<DatasheetFieldModel> {
    const { rows } = await pgPool(this.dataSource).query<DatasheetFieldModel>(
      'SELECT id, name, type, options, "isDefault" FROM datasheet_fields WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async create(user: AuthUser, input: DatasheetFieldInput): Promise<DatasheetFieldModel> {
    const field = checked(input);
    const { rows } = await pgPool(this.dataSource).query<{ id: number }>(
      `INSERT INTO datasheet_fields ("companyId", name, type, options, key) VALUES ($1, $2, $3, $4::jsonb, $5)
       ON CONFLICT (key) DO NOTHING RETURNING id`,
      [
        user.companyId,
        field.name,
        field.type,
        JSON.stringify(field.options),
        companyScopedKey(user.companyId, field.name),
      ],
    );
    if (!rows[0]) throw new AppException('ERROR_DATASHEETFIELD_NAME', { field: 'name' });
    return this.byId(rows[0].id);
  }

  async update(user: AuthUser, id: number, input: DatasheetFieldInput): Promise<DatasheetFieldModel> {
    const current = await this.own(user, id);
    const field = checked(input);
    const pool = pgPool(this.dataSource);
    if (field.type !== current.type) {
      const { rows } = await pool.query('SELECT 1 FROM client_infos WHERE "fieldId" = $1 LIMIT 1', [id]);
      if (rows.length > 0) {
        throw AppException.validation(
          'type',
          'No se puede cambiar el tipo de un campo que ya tiene valores.',
        );
      }
    } else if (field.type === 'list') {
      // A choice some contact holds cannot disappear from under it.
      const { rows } = await pool.query<{ value: string }>(
        'SELECT DISTINCT value FROM client_infos WHERE "fieldId" = $1 AND NOT (value = ANY($2::text[]))',
        [id, field.options],
      );
      if (rows.length > 0) {
        throw AppException.validation(
          'options',
          `Hay contactos con la opción «${rows[0].value}»; no se puede quitar.`,
        );
      }
    }
    const { rows } = await pool
      .query<{ id: number }>(
        `UPDATE datasheet_fields SET name = $2, type = $3, options = $4::jsonb, key = $5 WHERE id = $1
         AND NOT EXISTS (SELECT 1 FROM datasheet_fields o WHERE o.key = $5 AND o.id <> $1) RETURNING id`,
        [
          id,
          field.name,
          field.type,
          JSON.stringify(field.options),
          companyScopedKey(user.companyId, field.name),
        ],
      )
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') return { rows: [] };
        throw error;
      });
    if (!rows[0]) throw new AppException('ERROR_DATASHEETFIELD_NAME', { field: 'name' });
    return this.byId(id);
  }

  /** 02 §7 DELETE /datasheetConfiguration/{id}: the field and every contact's value of it (cascade). */
  async delete(user: AuthUser, id: number): Promise<void> {
    await this.own(user, id);
    await pgPool(this.dataSource).query('DELETE FROM datasheet_fields WHERE id = $1', [id]);
  }
}

import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { ClientInfos, DatasheetFields } from '../../database/schema';
import { nameIsFree, unlessTaken } from '../../database/unique-name';

export type DatasheetFieldRow = Selectable<DatasheetFields>;
/** A field as the configuration and the info panel show it. */
export type DatasheetFieldView = Pick<
  DatasheetFieldRow,
  'id' | 'name' | 'type' | 'options' | 'isDefault' | 'key' | 'companyId'
>;
/** What an edit or a value check reads of a field. */
export type DatasheetFieldRules = Pick<
  DatasheetFieldRow,
  'id' | 'companyId' | 'isDefault' | 'type' | 'options'
>;
export type DatasheetFieldWrite = Pick<DatasheetFieldRow, 'name' | 'type' | 'options' | 'key'>;
export type ClientInfoRow = Selectable<ClientInfos>;
/** One conversation's value of one field, with the field's name. */
export type ClientInfoView = Pick<ClientInfoRow, 'id' | 'clientId' | 'fieldId' | 'value'> & {
  fieldName: string;
  /** The field's key (02 §3 client info entry). */
  key: string;
};

/**
 * datasheet_fields and client_infos (02 §3): the company's extra fields, names unique per company through `key`,
 * and each conversation's values of them (one per field, unique on clientId and fieldId).
 */
@Injectable()
export class DatasheetRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private views() {
    return this.db
      .selectFrom('datasheet_fields')
      .select(['id', 'name', 'type', 'options', 'isDefault', 'key', 'companyId']);
  }

  /** The company's fields: predefined first, then in the order they were created. */
  list(companyId: number): Promise<DatasheetFieldView[]> {
    return this.views()
      .where('companyId', '=', companyId)
      .orderBy('isDefault', 'desc')
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  }

  byId(id: number): Promise<DatasheetFieldView | undefined> {
    return this.views().where('id', '=', id).executeTakeFirst();
  }

  rules(id: number): Promise<DatasheetFieldRules | undefined> {
    return this.db
      .selectFrom('datasheet_fields')
      .select(['id', 'companyId', 'isDefault', 'type', 'options'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The company's field of that key (issue 17: a menu bot question names the field it fills by its key). */
  rulesByKey(
    companyId: number,
    key: string,
    db: Executor = this.db,
  ): Promise<DatasheetFieldRules | undefined> {
    return db
      .selectFrom('datasheet_fields')
      .select(['id', 'companyId', 'isDefault', 'type', 'options'])
      .where('companyId', '=', companyId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /** Undefined when the key (company and name) is taken. */
  async create(companyId: number, field: DatasheetFieldWrite): Promise<number | undefined> {
    const row = await this.db
      .insertInto('datasheet_fields')
      .values({
        companyId,
        name: field.name,
        type: field.type,
        options: jsonb(field.options),
        key: field.key,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** False when another field has the key (also when a racing twin wins on the unique index). */
  async update(id: number, field: DatasheetFieldWrite): Promise<boolean> {
    const row = await unlessTaken(
      this.db
        .updateTable('datasheet_fields')
        .set({ name: field.name, type: field.type, options: jsonb(field.options), key: field.key })
        .where('id', '=', id)
        .where(nameIsFree(this.db, { table: 'datasheet_fields', key: field.key }, id))
        .returning('id')
        .executeTakeFirst(),
    );
    return row !== undefined;
  }

  /** Every contact's value of the field goes with it (cascade). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('datasheet_fields').where('id', '=', id).execute();
  }

  /** Whether some conversation holds a value of the field. */
  async hasValues(fieldId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('client_infos')
      .select(sql`1`.as('one'))
      .where('fieldId', '=', fieldId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A value some conversation holds for the field that is not one of `options`, if any. */
  async valueOutside(fieldId: number, options: string[]): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('client_infos')
      .select('value')
      .where('fieldId', '=', fieldId)
      .where(sql<boolean>`NOT (value = ANY(${options}::text[]))`)
      .limit(1)
      .executeTakeFirst();
    return row?.value;
  }

  /** One conversation's values, in the order of the fields. */
  values(clientId: number): Promise<ClientInfoView[]> {
    return this.db
      .selectFrom('client_infos as i')
      .innerJoin('datasheet_fields as f', 'f.id', 'i.fieldId')
      .select(['i.id', 'i.clientId', 'i.fieldId', 'f.name as fieldName', 'f.key', 'i.value'])
      .where('i.clientId', '=', clientId)
      .orderBy('f.createdAt')
      .orderBy('f.id')
      .execute();
  }

  /** Writes the conversation's value of the field, replacing the one it had; answers the stored entry. */
  saveValue(
    clientId: number,
    fieldId: number,
    value: string,
    executor: Executor = this.db,
  ): Promise<ClientInfoView | undefined> {
    return executor
      .with('i', (db) =>
        db
          .insertInto('client_infos')
          .values({ clientId, fieldId, value })
          .onConflict((oc) =>
            oc
              .columns(['clientId', 'fieldId'])
              .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updatedAt: sql`now()` })),
          )
          .returningAll(),
      )
      .selectFrom('i')
      .innerJoin('datasheet_fields as f', 'f.id', 'i.fieldId')
      .select(['i.id', 'i.clientId', 'i.fieldId', 'f.name as fieldName', 'f.key', 'i.value'])
      .executeTakeFirst();
  }

  async deleteValue(clientId: number, fieldId: number): Promise<void> {
    await this.db
      .deleteFrom('client_infos')
      .where('clientId', '=', clientId)
      .where('fieldId', '=', fieldId)
      .execute();
  }
}

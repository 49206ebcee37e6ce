import { Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { Categories } from '../../database/schema';
import { insertNamed, nameIsFree, unlessTaken } from '../../database/unique-name';

export type CategoryRow = Selectable<Categories>;
export type CategoryName = Pick<CategoryRow, 'id' | 'name'>;

/** The categories table (02 §3 Category). Names are unique per company, case aside. */
@Injectable()
export class CategoriesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  list(companyId: number): Promise<CategoryName[]> {
    return this.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('companyId', '=', companyId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async companyOf(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('categories')
      .select('companyId')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.companyId;
  }

  /** Undefined when the company already has the name (also when a racing twin wins on the unique index). */
  create(companyId: number, name: string): Promise<CategoryName | undefined> {
    return unlessTaken(
      insertNamed(this.db, 'categories', companyId, name).returning(['id', 'name']).executeTakeFirst(),
    );
  }

  /** Undefined when another category of the company has the name. */
  rename(companyId: number, id: number, name: string): Promise<CategoryName | undefined> {
    return unlessTaken(
      this.db
        .updateTable('categories')
        .set({ name })
        .where('id', '=', id)
        .where(nameIsFree(this.db, { table: 'categories', companyId, name }, id))
        .returning(['id', 'name'])
        .executeTakeFirst(),
    );
  }

  /** The category's conversations stay, uncategorised, in the same transaction as the delete. */
  async delete(companyId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('clients')
        .set({ categoryId: null, updatedAt: new Date() })
        .where('companyId', '=', companyId)
        .where('categoryId', '=', id)
        .execute();
      await trx.deleteFrom('categories').where('id', '=', id).execute();
    });
  }

  /** The newest conversations filed under the category, for a refreshed view. */
  async conversationIds(companyId: number, categoryId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('clients')
      .select('id')
      .where('companyId', '=', companyId)
      .where('categoryId', '=', categoryId)
      .orderBy('lastUpdate', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }
}

import { Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { Categories } from '../../database/schema';

export type CategoryRow = Selectable<Categories>;
export type CategoryName = Pick<CategoryRow, 'id' | 'name'>;

const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';

/** The categories table (02 §3 Category). Names are unique per company, case aside. */
@Injectable()
export class CategoriesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The company's categories called `name`, case aside. */
  private sameName(companyId: number, name: string) {
    return this.db
      .selectFrom('categories')
      .select('id')
      .where('companyId', '=', companyId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])));
  }

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
  async create(companyId: number, name: string): Promise<CategoryName | undefined> {
    return this.db
      .insertInto('categories')
      .columns(['companyId', 'name'])
      .expression(
        this.db
          .selectNoFrom((eb) => [
            eb.cast<number>(eb.val(companyId), 'integer').as('companyId'),
            eb.cast<string>(eb.val(name), 'varchar').as('name'),
          ])
          .where(({ not, exists }) => not(exists(this.sameName(companyId, name)))),
      )
      .returning(['id', 'name'])
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
  }

  /** Undefined when another category of the company has the name. */
  async rename(companyId: number, id: number, name: string): Promise<CategoryName | undefined> {
    return this.db
      .updateTable('categories')
      .set({ name })
      .where('id', '=', id)
      .where(({ not, exists }) => not(exists(this.sameName(companyId, name).where('id', '<>', id))))
      .returning(['id', 'name'])
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
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

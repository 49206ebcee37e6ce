import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { Locations } from '../../database/schema';

export type LocationRow = Selectable<Locations>;
/** A location as the configuration and the user form show it. */
export type LocationView = Pick<LocationRow, 'id' | 'name'> & { userCount: number };

const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';

/** The locations table (02 §3 Location): names unique per company, case aside. */
@Injectable()
export class LocationsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private views() {
    return this.db
      .selectFrom('locations as l')
      .select(['l.id', 'l.name'])
      .select((eb) =>
        eb
          .selectFrom('users as u')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('u.locationId', '=', 'l.id')
          .$asScalar()
          .$notNull()
          .as('userCount'),
      );
  }

  /** The company's locations called `name`, case aside. */
  private sameName(companyId: number, name: string) {
    return this.db
      .selectFrom('locations')
      .select('id')
      .where('companyId', '=', companyId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.cast(eb.val(name), 'varchar')])));
  }

  list(companyId: number): Promise<LocationView[]> {
    return this.views().where('l.companyId', '=', companyId).orderBy('l.name').orderBy('l.id').execute();
  }

  byId(id: number): Promise<LocationView | undefined> {
    return this.views().where('l.id', '=', id).executeTakeFirst();
  }

  async companyOf(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('locations')
      .select('companyId')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.companyId;
  }

  /** Undefined when the company already has the name (also when a racing twin wins on the unique index). */
  async create(companyId: number, name: string): Promise<number | undefined> {
    const row = await this.db
      .insertInto('locations')
      .columns(['companyId', 'name'])
      .expression(
        this.db
          .selectNoFrom((eb) => [
            eb.cast<number>(eb.val(companyId), 'integer').as('companyId'),
            eb.cast<string>(eb.val(name), 'varchar').as('name'),
          ])
          .where(({ not, exists }) => not(exists(this.sameName(companyId, name)))),
      )
      .returning('id')
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
    return row?.id;
  }

  /** Undefined when another location of the company has the name. */
  async rename(companyId: number, id: number, name: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('locations')
      .set({ name })
      .where('id', '=', id)
      .where(({ not, exists }) => not(exists(this.sameName(companyId, name).where('id', '<>', id))))
      .returning('id')
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
    return row?.id;
  }

  /** The location's users stay, without a location, in the same transaction as the delete. */
  async delete(companyId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ locationId: null })
        .where('companyId', '=', companyId)
        .where('locationId', '=', id)
        .execute();
      await trx.deleteFrom('locations').where('id', '=', id).execute();
    });
  }
}

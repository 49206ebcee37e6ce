import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { Locations } from '../../database/schema';
import { insertNamed, nameIsFree, unlessTaken } from '../../database/unique-name';

export type LocationRow = Selectable<Locations>;
/** A location as the configuration and the user form show it. */
export type LocationView = Pick<LocationRow, 'id' | 'name' | 'companyId'> & { userCount: number };

/** The locations table (02 §3 Location): names unique per company, case aside. */
@Injectable()
export class LocationsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  private views() {
    return this.db
      .selectFrom('locations as l')
      .select(['l.id', 'l.name', 'l.companyId'])
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
    const row = await unlessTaken(
      insertNamed(this.db, 'locations', companyId, name).returning('id').executeTakeFirst(),
    );
    return row?.id;
  }

  /** Undefined when another location of the company has the name. */
  async rename(companyId: number, id: number, name: string): Promise<number | undefined> {
    const row = await unlessTaken(
      this.db
        .updateTable('locations')
        .set({ name })
        .where('id', '=', id)
        .where(nameIsFree(this.db, { table: 'locations', companyId, name }, id))
        .returning('id')
        .executeTakeFirst(),
    );
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

import { afterAll, inject } from 'vitest';
import { createDatabase, type Database } from '../../src/database/kysely';

/**
 * The "medium" tier: a repository against the run's real PostgreSQL, without the application around it. Tests
 * share the database with every other suite of the run, so each creates its own company and reads only its ids.
 */
export function testDatabase(): Database {
  const db = createDatabase(inject('databaseUrl'));
  afterAll(async () => {
    await db.destroy();
  });
  return db;
}

let counter = 0;
/** A fresh company to own a test's rows. */
export async function createTestCompany(db: Database, name = 'Repo test'): Promise<number> {
  counter += 1;
  const row = await db
    .insertInto('companies')
    .values({ name: `${name} ${process.pid}-${Date.now()}-${counter}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';

/** What the probes ask the database: whether it answers, and which migrations it has applied. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Throws when the database does not answer. */
  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }

  /** The names in TypeORM's migrations table (database/data-source.ts). */
  async appliedMigrations(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`SELECT name FROM migrations`.execute(this.db);
    return rows.map((row) => row.name);
  }
}

import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';

/** Whether the database answers, for the liveness check. */
@Injectable()
export class HealthRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Throws when the database does not answer. */
  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(this.db);
  }
}

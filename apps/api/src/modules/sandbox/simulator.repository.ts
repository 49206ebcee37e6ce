import { Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { Messages } from '../../database/schema';

export type SimulatedMessageRow = Selectable<Messages>;

/** What the customer simulator reads: the conversation as the simulated customer's phone shows it. */
@Injectable()
export class SimulatorRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The newest `limit` messages of the conversation with this client key, newest first. */
  latestMessages(clientKey: string, limit: number): Promise<SimulatedMessageRow[]> {
    return this.db
      .selectFrom('messages as m')
      .innerJoin('clients as c', 'c.id', 'm.clientId')
      .selectAll('m')
      .where('c.key', '=', clientKey)
      .orderBy('m.time', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
  }
}

import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { MessageRow } from '../messages/messages.repository';

// pg_advisory_xact_lock's first key: automation of one conversation (the second key is the conversation's id).
const CONVERSATION_AUTOMATION_LOCK = 17_001;

@Injectable()
export class AutomationRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Until the transaction ends, no other automation of this conversation runs (any instance). */
  async lockConversation(trx: Executor, clientId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${CONVERSATION_AUTOMATION_LOCK}::int, ${clientId}::int)`.execute(
      trx,
    );
  }

  /** The customer's message the job names, when it still is one of that conversation. */
  customerMessage(trx: Executor, messageId: number, clientId: number): Promise<MessageRow | undefined> {
    return trx
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', messageId)
      .where('clientId', '=', clientId)
      .where('sender', '=', 'CLIENT')
      .executeTakeFirst();
  }
}

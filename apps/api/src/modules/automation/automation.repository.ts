import { Injectable } from '@nestjs/common';
import { lockConversationAutomation } from '../../database/conversation-lock';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { MessageRow } from '../messages/messages.repository';

@Injectable()
export class AutomationRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Until the transaction ends, no other automation of this conversation runs (any instance). */
  lockConversation(trx: Executor, clientId: number): Promise<void> {
    return lockConversationAutomation(trx, clientId);
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

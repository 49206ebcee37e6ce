import { sql } from 'kysely';
import type { Executor } from './kysely';

// pg_advisory_xact_lock's first key: automation of one conversation (the second key is the conversation's id).
const CONVERSATION_AUTOMATION_LOCK = 17_001;

/**
 * Until the transaction ends, no other automation of this conversation runs, whichever instance runs it: the
 * automation of a customer message (AutomationRepository) and a survey sent on close (SurveysRepository) take turns.
 */
export async function lockConversationAutomation(trx: Executor, clientId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${CONVERSATION_AUTOMATION_LOCK}::int, ${clientId}::int)`.execute(
    trx,
  );
}

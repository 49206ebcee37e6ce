/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back and may simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
const DEFAULT_ATTEMPTS = 4;

export function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/**
 * Runs `work` (one statement or one whole transaction, with no effect outside the database) again when PostgreSQL
 * rolled it back as a deadlock's victim or a serialization failure, as PostgreSQL's documentation advises
 * (13.2, "applications using this level must be prepared to retry transactions due to serialization failures";
 * a deadlock victim is in the same position). Issue 22's soak found webhooks and agents' sends answering 500 on
 * deadlocks around the analytics rollup rows their inserts update; the victim's retry succeeds once the winner
 * commits. A short random pause spreads the retries of several victims.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = DEFAULT_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= attempts) throw error;
      await new Promise((done) => setTimeout(done, attempt * (5 + Math.random() * 20)));
    }
  }
}

import { Pool, type PoolClient } from 'pg';
import { inject } from 'vitest';

type Row = Record<string, unknown>;

/**
 * Plain SQL against the run's database, for tests that look at or prepare rows behind the API's back. Answers
 * like the tests always expected: the rows, or `[rows, affectedCount]` for an UPDATE or DELETE.
 */
export interface TestSql {
  // biome-ignore lint/suspicious/noExplicitAny: tests read rows whose shape each assertion states.
  query(text: string, params?: unknown[]): Promise<any>;
  /** A connection of its own, for a transaction held open while the API works. */
  connect(): Promise<TestConnection>;
}

export interface TestConnection {
  query(text: string, params?: unknown[]): Promise<Row[]>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  release(): void;
}

let shared: Pool | null = null;

function pool(): Pool {
  shared ??= new Pool({ connectionString: inject('databaseUrl'), max: 4 });
  return shared;
}

/** Called after each test file (test/setup.ts). */
export async function closeTestSql(): Promise<void> {
  const closing = shared;
  shared = null;
  await closing?.end();
}

/** The suite's SQL client (one small pool per test file, closed after it by test/setup.ts). */
export function testSql(): TestSql {
  return {
    async query(text, params = []) {
      const result = await pool().query(text, params);
      return result.command === 'UPDATE' || result.command === 'DELETE'
        ? [result.rows, result.rowCount ?? 0]
        : result.rows;
    },
    async connect() {
      const client: PoolClient = await pool().connect();
      let open = false;
      return {
        query: async (text, params = []) => (await client.query(text, params)).rows,
        begin: async () => {
          await client.query('BEGIN');
          open = true;
        },
        commit: async () => {
          await client.query('COMMIT');
          open = false;
        },
        rollback: async () => {
          if (open) await client.query('ROLLBACK');
          open = false;
        },
        release: () => client.release(),
      };
    },
  };
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryOnConflict } from '../../src/database/conflict-retry';
import { testDatabase } from './database';

const db = testDatabase();

beforeAll(async () => {
  await sql`CREATE TABLE IF NOT EXISTS test_conflict_rows (id int PRIMARY KEY, n int NOT NULL)`.execute(db);
  await sql`INSERT INTO test_conflict_rows VALUES (1, 0), (2, 0) ON CONFLICT (id) DO UPDATE SET n = 0`.execute(
    db,
  );
});
afterAll(async () => {
  await sql`DROP TABLE IF EXISTS test_conflict_rows`.execute(db);
});

/** One transaction updating rows `first` then `second`, waiting at `meet` in between so two of them cross. */
function crossing(first: number, second: number, meet: Promise<void>, arrived: () => void) {
  return db.transaction().execute(async (trx) => {
    await sql`UPDATE test_conflict_rows SET n = n + 1 WHERE id = ${first}`.execute(trx);
    arrived();
    await meet;
    await sql`UPDATE test_conflict_rows SET n = n + 1 WHERE id = ${second}`.execute(trx);
  });
}

describe('retryOnConflict', () => {
  it('runs a deadlock victim again: both crossing transactions commit, each once', async () => {
    let count = 0;
    let release!: () => void;
    const meet = new Promise<void>((done) => {
      release = done;
    });
    const arrived = () => {
      count += 1;
      if (count === 2) release();
    };
    let tries = 0;
    const results = await Promise.allSettled([
      retryOnConflict(() => {
        tries += 1;
        return crossing(1, 2, meet, arrived);
      }),
      retryOnConflict(() => {
        tries += 1;
        return crossing(2, 1, meet, arrived);
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    // PostgreSQL chose one victim; it ran a second time.
    expect(tries).toBe(3);
    const rows = await sql<{ n: number }>`SELECT n FROM test_conflict_rows ORDER BY id`.execute(db);
    expect(rows.rows.map((r) => r.n)).toEqual([2, 2]);
  });

  it('lets other errors through at once', async () => {
    let tries = 0;
    await expect(
      retryOnConflict(async () => {
        tries += 1;
        await sql`SELECT 1 / 0`.execute(db);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(tries).toBe(1);
  });
});

import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/database/kysely';
import { testDatabase } from './database';

const admin = testDatabase();
const NAME = `crm-api-pool-test-${process.pid}`;
const url = new URL(inject('databaseUrl'));
url.searchParams.set('application_name', NAME);
const db = createDatabase(url.toString());
afterAll(async () => {
  await db.destroy();
});

async function idleConnections(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${NAME} AND state = 'idle'`.execute(
    admin,
  );
  return rows[0].n;
}

describe('the application pool', () => {
  it('survives its idle connections being ended by the server, and answers again on new ones', async () => {
    // Four statements at once: four connections, idle afterwards.
    await Promise.all(Array.from({ length: 4 }, () => sql`SELECT pg_sleep(0.05)`.execute(db)));
    expect(await idleConnections()).toBe(4);
    const { rows } = await sql<{ ended: boolean }>`
      SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE application_name = ${NAME} AND state = 'idle'`.execute(admin);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.ended)).toBe(true);
    // Each ended connection reports an error on the pool: without its listener this process would exit here.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});

import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { HealthRepository } from '../../src/modules/health/health.repository';
import { RealtimeRepository } from '../../src/realtime/realtime.repository';
import { testDatabase } from './database';

const db = testDatabase();
const bus = new RealtimeRepository(db, inject('databaseUrl'));

describe('RealtimeRepository', () => {
  it('keeps an attachment and reads it back by its id', async () => {
    const text = JSON.stringify({ big: 'x'.repeat(9000) });
    const id = await bus.attach(text);
    expect(id).toMatch(/^\d+$/);
    expect(await bus.attachment(id)).toBe(text);
    expect(await bus.attachment('999999999999')).toBeUndefined();
  });

  it('delivers a batch of notifications to a listener in order, and nothing after it closes', async () => {
    const channel = `crm_medium_${process.pid}`;
    const received: string[] = [];
    const lost: string[] = [];
    const listener = await bus.listen(channel, {
      notification: (payload) => received.push(payload),
      lost: (reason) => lost.push(reason),
    });
    await bus.notify(channel, ['a', 'b', 'c']);
    await bus.notify(channel, []);
    await expect.poll(() => received).toEqual(['a', 'b', 'c']);
    await listener.close();
    await bus.notify(channel, ['d']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual(['a', 'b', 'c']);
    expect(lost).toEqual([]);
  });

  it('tells the listener its connection was lost', async () => {
    const channel = `crm_medium_lost_${process.pid}`;
    const lost: string[] = [];
    const listener = await bus.listen(channel, {
      notification: () => undefined,
      lost: (reason) => lost.push(reason),
    });
    // Terminate the LISTEN connection (the one whose last statement listened on the channel).
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = ${`LISTEN ${channel}`}`.execute(
      db,
    );
    await expect.poll(() => lost.length).toBeGreaterThan(0);
    await listener.close();
  });
});

describe('HealthRepository', () => {
  it('answers while the database does', async () => {
    await expect(new HealthRepository(db).ping()).resolves.toBeUndefined();
  });
});

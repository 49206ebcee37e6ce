import { describe, expect, it } from 'vitest';
import { RateLimitRepository } from '../../src/common/rate-limit/rate-limit.repository';
import { testDatabase } from './database';

const db = testDatabase();
const buckets = new RateLimitRepository(db);

let counter = 0;
const uniqueKey = () => `medium:${process.pid}:${Date.now()}:${++counter}`;
const countOf = async (key: string) =>
  (await db.selectFrom('rate_limit_buckets').select('count').where('key', '=', key).executeTakeFirst())
    ?.count;

describe('RateLimitRepository', () => {
  it('counts attempts in the window, one more on each hit', async () => {
    const key = uniqueKey();
    expect(await buckets.hit(key, 900)).toBe(1);
    expect(await buckets.hit(key, 900)).toBe(2);
    expect(await buckets.hit(key, 900)).toBe(3);
    expect(await countOf(key)).toBe(3);
  });

  it('gives every attempt of a parallel burst its own count (one atomic upsert)', async () => {
    const key = uniqueKey();
    const counts = await Promise.all(Array.from({ length: 20 }, () => buckets.hit(key, 900)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await countOf(key)).toBe(20);
  });

  it('starts a new window once the old one is over', async () => {
    const key = uniqueKey();
    await buckets.hit(key, 900);
    await buckets.hit(key, 900);
    await db
      .updateTable('rate_limit_buckets')
      .set({ windowStart: new Date(Date.now() - 901_000) })
      .where('key', '=', key)
      .execute();
    expect(await buckets.hit(key, 900)).toBe(1);
    const row = await db
      .selectFrom('rate_limit_buckets')
      .select('windowStart')
      .where('key', '=', key)
      .executeTakeFirst();
    expect(Date.now() - (row?.windowStart.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('gives an attempt back, never below zero, and deletes a counter', async () => {
    const key = uniqueKey();
    await buckets.hit(key, 900);
    await buckets.hit(key, 900);
    await buckets.release(key);
    expect(await countOf(key)).toBe(1);
    await buckets.release(key);
    await buckets.release(key);
    expect(await countOf(key)).toBe(0);
    await buckets.delete(key);
    expect(await countOf(key)).toBeUndefined();
    expect(await buckets.hit(key, 900)).toBe(1);
  });
});

import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { RateLimitBuckets } from '../../database/schema';

export type RateLimitBucketRow = Selectable<RateLimitBuckets>;

/** The rate_limit_buckets table: fixed-window attempt counters, one row per key, shared by every instance. */
@Injectable()
export class RateLimitRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * Counts one attempt on `key` and answers the window's count, in one atomic upsert: a window older than
   * `windowSeconds` starts again at 1, so parallel attempts each see their own, increasing count.
   */
  async hit(key: string, windowSeconds: number): Promise<number> {
    const expired = sql<boolean>`rate_limit_buckets."windowStart" < now() - make_interval(secs => ${windowSeconds})`;
    const row = await this.db
      .insertInto('rate_limit_buckets')
      .values({ key, windowStart: sql<Date>`now()`, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_limit_buckets."count" + 1 END`,
          windowStart: sql<Date>`CASE WHEN ${expired} THEN now() ELSE rate_limit_buckets."windowStart" END`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** Gives back one attempt, never below zero. */
  async release(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limit_buckets')
      .set({ count: sql<number>`GREATEST("count" - 1, 0)` })
      .where('key', '=', key)
      .execute();
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limit_buckets').where('key', '=', key).execute();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export interface RateLimitKey {
  key: string;
  max: number;
}

/**
 * Fixed-window attempt counters in PostgreSQL. An attempt is counted *before* the secret is checked (one atomic
 * upsert), so a parallel burst cannot slip past the limit; a success gives the attempt back.
 */
@Injectable()
export class RateLimitService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  accountKey(scope: string, account: string): RateLimitKey {
    return { key: `${scope}:acct:${account.trim().toLowerCase()}`, max: this.config.rateLimitAccountMax };
  }

  ipKey(scope: string, ip: string): RateLimitKey {
    return { key: `${scope}:ip:${ip}`, max: this.config.rateLimitIpMax };
  }

  /** Counts one attempt on every key; refuses with 429 when any of them is over its limit. */
  async hit(keys: RateLimitKey[]): Promise<void> {
    let over = false;
    for (const { key, max } of keys) {
      const rows: Array<{ count: number }> = await this.dataSource.query(
        `INSERT INTO rate_limit_buckets ("key", "windowStart", "count") VALUES ($1, now(), 1)
         ON CONFLICT ("key") DO UPDATE SET
           "count" = CASE WHEN rate_limit_buckets."windowStart" < now() - make_interval(secs => $2)
                          THEN 1 ELSE rate_limit_buckets."count" + 1 END,
           "windowStart" = CASE WHEN rate_limit_buckets."windowStart" < now() - make_interval(secs => $2)
                          THEN now() ELSE rate_limit_buckets."windowStart" END
         RETURNING "count"`,
        [key, this.config.rateLimitWindowSeconds],
      );
      if (rows[0].count > max) over = true;
    }
    if (over) throw new AppException('TOO_MANY_ATTEMPTS', { message: 'Rate limit exceeded' });
  }

  /** Gives back one attempt (a success is not a failure). */
  async release(keys: RateLimitKey[]): Promise<void> {
    for (const { key } of keys) {
      await this.dataSource.query(
        `UPDATE rate_limit_buckets SET "count" = GREATEST("count" - 1, 0) WHERE "key" = $1`,
        [key],
      );
    }
  }

  /** Clears a counter entirely: the account's owner proved who they are. */
  async reset(keys: RateLimitKey[]): Promise<void> {
    for (const { key } of keys) {
      await this.dataSource.query('DELETE FROM rate_limit_buckets WHERE "key" = $1', [key]);
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AppException } from '../errors/app.exception';
import { RateLimitRepository } from './rate-limit.repository';

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
    private readonly buckets: RateLimitRepository,
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
      const count = await this.buckets.hit(key, this.config.rateLimitWindowSeconds);
      if (count > max) over = true;
    }
    if (over) throw new AppException('TOO_MANY_ATTEMPTS', { message: 'Rate limit exceeded' });
  }

  /** Gives back one attempt (a success is not a failure). */
  async release(keys: RateLimitKey[]): Promise<void> {
    for (const { key } of keys) {
      await this.buckets.release(key);
    }
  }

  /** Clears a counter entirely: the account's owner proved who they are. */
  async reset(keys: RateLimitKey[]): Promise<void> {
    for (const { key } of keys) {
      await this.buckets.delete(key);
    }
  }
}

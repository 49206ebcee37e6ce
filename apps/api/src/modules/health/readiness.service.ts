import { Injectable } from '@nestjs/common';
import { MIGRATIONS } from '../../database/migrations';
import { HealthRepository } from './health.repository';

export interface Readiness {
  ready: boolean;
  checks: {
    database: 'ok' | 'unreachable';
    migrations: 'ok' | 'pending' | 'unknown';
  };
  /** Migrations of this build the database has not applied. */
  pendingMigrations?: string[];
}

// A database that neither answers nor refuses (a dropped route) must not hold a load balancer's probe open.
const PROBE_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database probe timed out')), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** GET /ready: this instance can serve (its database answers and has every migration of this build). */
@Injectable()
export class ReadinessService {
  private readonly expected = MIGRATIONS.map((migration) => new migration().name ?? migration.name);

  constructor(private readonly database: HealthRepository) {}

  async check(): Promise<Readiness> {
    let applied: string[];
    try {
      applied = await withTimeout(this.database.appliedMigrations());
    } catch {
      return { ready: false, checks: { database: 'unreachable', migrations: 'unknown' } };
    }
    const done = new Set(applied);
    const pending = this.expected.filter((name) => !done.has(name));
    if (pending.length > 0)
      return {
        ready: false,
        checks: { database: 'ok', migrations: 'pending' },
        pendingMigrations: pending,
      };
    return { ready: true, checks: { database: 'ok', migrations: 'ok' } };
  }

  /** The old /api/health: the database answers. */
  async ping(): Promise<void> {
    await withTimeout(this.database.ping());
  }
}

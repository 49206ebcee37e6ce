import { runMigrations as runJobQueueMigrations, Logger as WorkerLogger } from 'graphile-worker';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { migrationsWithKey } from './migrations';
import type { Sealer } from './migrations/1768000000700-seal-secrets-at-rest';

/**
 * TypeORM only runs the migrations (the schema's history); the application reads and writes through Kysely
 * (database/kysely.ts), so the data source has no entities and lives only while migrating.
 */
export function dataSourceOptions(url: string, secrets: Sealer | null = null): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [],
    migrations: migrationsWithKey(secrets),
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: ['error'],
    uuidExtension: 'pgcrypto',
    extra: { max: 2 },
  };
}

// Any number to serialise concurrent boots of several API instances on one database.
const MIGRATION_LOCK = 727_001;

// Graphile Worker's migration lines go to the console only when they are warnings or errors.
const quietWorkerLogger = new WorkerLogger(() => (level, message) => {
  const severity: string = level;
  if (severity === 'error') console.error(message);
  else if (severity === 'warning') console.warn(message);
});

/**
 * Applies pending migrations under an advisory lock, so two instances booting together never race: first Graphile
 * Worker's own schema (`graphile_worker`, the job queue), then ours (whose migrations may use it). `secrets` is the
 * application's SecretBox, for the migrations that seal secrets stored in clear (the API always passes it).
 */
export async function runMigrations(url: string, secrets: Sealer | null = null): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(url, secrets));
  await dataSource.initialize();
  try {
    await dataSource.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await runJobQueueMigrations({ connectionString: url, logger: quietWorkerLogger });
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await dataSource.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await dataSource.destroy();
  }
}

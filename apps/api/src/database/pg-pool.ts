import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The pg pool under TypeORM's data source, for the few hot paths (webhook ingestion) where TypeORM's per-query
 * query-runner set-up costs more than the query itself. Same connections, same transactions semantics as
 * autocommit `dataSource.query`.
 */
export function pgPool(dataSource: DataSource): Pool {
  const driver = dataSource.driver as unknown as { master?: Pool };
  if (!driver.master) throw new Error('The data source has no PostgreSQL pool');
  return driver.master;
}

import { Inject, Logger } from '@nestjs/common';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { Pool } from 'pg';
import { namePreparedStatements } from './prepared-statements';
import type { DB } from './schema';

/** The typed query builder over the application's one PostgreSQL pool. */
export type Database = Kysely<DB>;

/**
 * What a repository method runs on: the pool, or the caller's transaction. A method that must be atomic with its
 * caller's other writes takes `db: Executor` as its first argument; services open the transaction with
 * `this.db.transaction().execute(async (trx) => …)` through a repository's `transaction()` helper.
 */
export type Executor = Kysely<DB> | Transaction<DB>;

export const DATABASE = Symbol('DATABASE');

/** Injects the Kysely instance: `constructor(@InjectDatabase() private readonly db: Database)`. */
export const InjectDatabase = (): ParameterDecorator => Inject(DATABASE);

/** The database's connection string, for what needs a connection of its own (a LISTEN). */
export const DATABASE_URL = Symbol('DATABASE_URL');

// One pool per instance; PostgreSQL's default 100 connections leave room for several instances and tools.
const POOL_SIZE = 20;

const logger = new Logger('Database');
export const POOL_APPLICATION_NAME = 'crm-api';

export function createDatabase(url: string): Database {
  // Named, so that pg_stat_activity tells the API's pooled connections from its LISTEN one, jobs and tools.
  const pool = new Pool({ connectionString: url, max: POOL_SIZE, application_name: POOL_APPLICATION_NAME });
  // An idle connection that dies (PostgreSQL restarted or failed over, the network cut it, an administrator ended
  // it) is reported as an 'error' event on the pool: without a listener Node ends the whole process for it. The
  // pool drops that connection by itself and opens another on the next query; the error is only logged.
  pool.on('error', (error: Error) => {
    logger.warn(`idle database connection lost: ${error.message}`);
  });
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: namePreparedStatements(pool) }),
  });
}

import { Inject } from '@nestjs/common';
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

export function createDatabase(url: string): Database {
  return new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: namePreparedStatements(new Pool({ connectionString: url, max: POOL_SIZE })),
    }),
  });
}

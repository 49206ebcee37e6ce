import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely';
import type { Pool, PoolClient } from 'pg';
import type { DB } from './schema';

const MARK = '/* prepared:';
const MARK_END = ' */';

/**
 * Marks a hot-path statement (the webhook's one-statement store) as a named prepared statement: every connection
 * parses and plans it once, then only binds its values. The statement's text must not vary between calls (no
 * optional fragments, every value a parameter), since a name stands for one text per connection.
 */
export function prepared(name: string): RawBuilder<unknown> {
  return sql.raw(`${MARK}${name}${MARK_END}`);
}

/** Compiles statements without a connection. */
const COMPILER = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** Where a value goes in a statement compiled once: the key of the arguments it is taken from. */
class Slot {
  constructor(readonly key: string) {}
}

/** A hot-path statement compiled once; `bind` only puts the call's values in order. */
export interface PreparedStatement<Args, Row> {
  readonly sql: string;
  bind(args: Args): CompiledQuery<Row>;
}

/**
 * A named prepared statement (see `prepared`) that is also compiled by Kysely only once: `build` writes it with the
 * `sql` tag, taking each value as `value('key')` of the call's arguments. Run it with
 * `db.executeQuery(statement.bind(args))`. On the webhook path this saves compiling a long statement per request.
 */
export function preparedStatement<Args extends object, Row>(
  name: string,
  build: (value: (key: keyof Args & string) => unknown) => RawBuilder<Row>,
): PreparedStatement<Args, Row> {
  const compiled = sql<Row>`${prepared(name)}
${build((key) => new Slot(key))}`.compile(COMPILER);
  const keys = compiled.parameters.map((parameter) => {
    if (!(parameter instanceof Slot))
      throw new Error(`statement ${name}: every value must be a value('key')`);
    return parameter.key as keyof Args;
  });
  return {
    sql: compiled.sql,
    bind: (args) =>
      CompiledQuery.raw(
        compiled.sql,
        keys.map((key) => args[key]),
      ) as CompiledQuery<Row>,
  };
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Kysely sends every statement unnamed (`client.query(text, values)`); the pool's connections send a statement
 * marked by `prepared()` under its name instead. One `startsWith` per statement for everything else.
 */
export function namePreparedStatements(pool: Pool): Pool {
  pool.on('connect', (client: PoolClient) => {
    const query = (client.query as Query).bind(client);
    const named: Query = (config, values, callback) => {
      if (typeof config === 'string' && config.startsWith(MARK)) {
        const name = config.slice(MARK.length, config.indexOf(MARK_END, MARK.length));
        return query({ name, text: config, values }, callback);
      }
      return query(config, values, callback);
    };
    (client as unknown as { query: Query }).query = named;
  });
  return pool;
}

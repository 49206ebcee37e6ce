import { type RawBuilder, sql } from 'kysely';

/**
 * What a jsonb column accepts on write. node-postgres sends a JavaScript array as a PostgreSQL array, not as
 * JSON, so every jsonb value goes through `jsonb()`, which serialises it and keeps its type.
 */
export type JsonbInput<T> = RawBuilder<T>;

export function jsonb<T>(value: T): RawBuilder<T> {
  return sql<T>`cast(${JSON.stringify(value)} as jsonb)`;
}

import { type Expression, expressionBuilder, type Generated, type SqlBool } from 'kysely';
import type { Executor } from './kysely';
import type { DB } from './schema';

type TablesOf<Row> = { [T in keyof DB]: DB[T] extends Row ? T : never }[keyof DB];

/** Tables whose rows carry a company's name (categories, locations, …). */
export type CompanyNamedTable = TablesOf<{ id: Generated<number>; companyId: number; name: string }>;
/** Tables whose name is unique through a `key` column holding the company id and the normalised name. */
export type KeyedTable = TablesOf<{ id: Generated<number>; key: string }>;

/**
 * Whose name it is: by `key` where the table has one (its unique index is the key), else by company and
 * `lower(name)` (the unique index is on the raw name, so "case aside" exists only in this check).
 */
export type NameOwner =
  | { table: KeyedTable; key: string }
  | { table: CompanyNamedTable; companyId: number; name: string };

/** PostgreSQL's unique_violation, of one unique index when `constraint` names it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const failure = error as { code?: string; constraint?: string } | null;
  return failure?.code === '23505' && (constraint === undefined || failure.constraint === constraint);
}

/**
 * The write's answer, or undefined when a unique index refused it: a racing twin passed the same not-taken
 * check and committed first, so the name is taken just as if the check had seen it.
 */
export function unlessTaken<T>(write: Promise<T>): Promise<T | undefined> {
  return write.catch((error: unknown) => {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  });
}

/**
 * The condition of an insert or a rename: no row already holds the name, `exceptId` (the row being renamed)
 * aside. Checked in the write's own statement, so no other write slips in between check and write.
 */
export function nameIsFree(db: Executor, owner: NameOwner, exceptId?: number): Expression<SqlBool> {
  const { not, exists } = expressionBuilder<DB>();
  if ('key' in owner) {
    const holders = db.selectFrom(owner.table).select('id').where('key', '=', owner.key);
    return not(exists(exceptId === undefined ? holders : holders.where('id', '<>', exceptId)));
  }
  const holders = db
    .selectFrom(owner.table)
    .select('id')
    .where('companyId', '=', owner.companyId)
    .where((eb) =>
      eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.cast(eb.val(owner.name), 'varchar')])),
    );
  return not(exists(exceptId === undefined ? holders : holders.where('id', '<>', exceptId)));
}

/**
 * Inserts the company's row called `name` unless the company has the name, case aside: no row when taken
 * (wrap the execution in `unlessTaken` for the racing twin the check cannot see).
 */
export function insertNamed(db: Executor, table: CompanyNamedTable, companyId: number, name: string) {
  return db
    .insertInto(table)
    .columns(['companyId', 'name'])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.cast<number>(eb.val(companyId), 'integer').as('companyId'),
          eb.cast<string>(eb.val(name), 'varchar').as('name'),
        ])
        .where(nameIsFree(db, { table, companyId, name })),
    );
}

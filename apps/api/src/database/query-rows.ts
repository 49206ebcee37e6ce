/**
 * TypeORM's `query()` answers an UPDATE/DELETE … RETURNING as `[rows, affectedCount]` and a SELECT or INSERT as
 * `rows`; these read the rows whichever shape came back.
 */
export function queryRows<T>(result: unknown): T[] {
  const list = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return Array.isArray(list) ? (list as T[]) : [];
}

export function firstRow<T>(result: unknown): T | undefined {
  return queryRows<T>(result)[0];
}

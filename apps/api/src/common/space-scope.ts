import type { DataSource } from 'typeorm';
import { firstRow } from '../database/query-rows';
import type { AuthUser } from './auth-user';
import { AppException } from './errors/app.exception';

/**
 * The space a per-space resource (quick answers, albums) is read from or written to: the one named, checked
 * against the caller's company (another company's → 403, nothing read), or else the caller's selected space,
 * falling back to the company's default space.
 */
export async function resolveSpaceId(
  dataSource: DataSource,
  user: AuthUser,
  spaceId: number | null | undefined,
  field = 'spaceId',
): Promise<number> {
  if (spaceId !== null && spaceId !== undefined) {
    const space = firstRow<{ companyId: number }>(
      await dataSource.query(`SELECT "companyId" FROM spaces WHERE id = $1`, [spaceId]),
    );
    if (!space) throw new AppException('NOT_FOUND_SPACE', { field });
    if (space.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Space of another company' });
    return spaceId;
  }
  const row = firstRow<{ spaceId: number | null }>(
    await dataSource.query(
      `SELECT coalesce(
         (SELECT s.id FROM users u JOIN spaces s ON s.id = u."selectedSpaceId" AND s."companyId" = u."companyId"
          WHERE u.id = $2),
         (SELECT s.id FROM spaces s WHERE s."companyId" = $1 AND s."isDefault" LIMIT 1)) AS "spaceId"`,
      [user.companyId, user.id],
    ),
  );
  if (!row?.spaceId) throw new AppException('NOT_FOUND_SPACE', { field });
  return row.spaceId;
}

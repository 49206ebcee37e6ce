import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { pgPool } from '../../database/pg-pool';
import type { LocationModel } from './models/location.model';

export const LOCATION_NAME_MAX = 120;
const DUPLICATED = 'Ya existe una ubicación con ese nombre.';

function cleanName(raw: string): string {
  const name = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!name) throw AppException.validation('name', 'Nombre obligatorio');
  if (name.length > LOCATION_NAME_MAX) {
    throw AppException.validation(
      'name',
      `El nombre puede tener como máximo ${LOCATION_NAME_MAX} caracteres.`,
    );
  }
  return name;
}

const SELECT_LOCATION = `SELECT l.id, l.name,
  (SELECT count(*)::int FROM users u WHERE u."locationId" = l.id) AS "userCount" FROM locations l`;

/** 02 §3 Location: where a user works (01 §3 user create carries one); administered per company (issue 6). */
@Injectable()
export class LocationsService {
  constructor(private readonly dataSource: DataSource) {}

  list(companyId: number): Promise<LocationModel[]> {
    return this.dataSource.query(`${SELECT_LOCATION} WHERE l."companyId" = $1 ORDER BY l.name, l.id`, [
      companyId,
    ]);
  }

  private async byId(id: number): Promise<LocationModel> {
    const { rows } = await pgPool(this.dataSource).query<LocationModel>(
      `${SELECT_LOCATION} WHERE l.id = $1`,
      [id],
    );
    return rows[0];
  }

  private async own(user: AuthUser, id: number): Promise<void> {
    const { rows } = await pgPool(this.dataSource).query<{ companyId: number }>(
      'SELECT "companyId" FROM locations WHERE id = $1',
      [id],
    );
    if (!rows[0] || rows[0].companyId !== user.companyId) {
      throw AppException.validation('id', 'La ubicación no existe.');
    }
  }

  /** Case and spacing aside, a name is taken once per company; the unique index catches a racing twin. */
  private async save(sql: string, params: unknown[]): Promise<LocationModel> {
    const { rows } = await pgPool(this.dataSource)
      .query<{ id: number }>(sql, params)
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') return { rows: [] as Array<{ id: number }> };
        throw error;
      });
    if (!rows[0]) throw AppException.validation('name', DUPLICATED);
    return this.byId(rows[0].id);
  }

  create(user: AuthUser, rawName: string): Promise<LocationModel> {
    const name = cleanName(rawName);
    return this.save(
      `INSERT INTO locations ("companyId", name) SELECT $1::int, $2::varchar
       WHERE NOT EXISTS (SELECT 1 FROM locations WHERE "companyId" = $1 AND lower(name) = lower($2::varchar))
       RETURNING id`,
      [user.companyId, name],
    );
  }

  async update(user: AuthUser, id: number, rawName: string): Promise<LocationModel> {
    await this.own(user, id);
    const name = cleanName(rawName);
    return this.save(
      `UPDATE locations SET name = $3::varchar WHERE id = $1 AND NOT EXISTS
         (SELECT 1 FROM locations WHERE "companyId" = $2 AND lower(name) = lower($3::varchar) AND id <> $1)
       RETURNING id`,
      [id, user.companyId, name],
    );
  }

  /** Its users stay, without a location. */
  async delete(user: AuthUser, id: number): Promise<boolean> {
    await this.own(user, id);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        'UPDATE users SET "locationId" = NULL WHERE "companyId" = $1 AND "locationId" = $2',
        [user.companyId, id],
      );
      await manager.query('DELETE FROM locations WHERE id = $1', [id]);
    });
    return true;
  }
}

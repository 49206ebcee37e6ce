import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { pgPool } from '../../database/pg-pool';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import type { CategoryModel } from './models/category.model';

export const CATEGORY_NAME_MAX = 120;
/** As for tags: the newest conversations of a renamed or deleted category get a fresh view, not all of them. */
const REFRESH_LIMIT = 200;

export function cleanCategoryName(raw: string): string {
  const name = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!name) throw AppException.validation('name', 'Nombre obligatorio');
  if (name.length > CATEGORY_NAME_MAX) {
    throw AppException.validation(
      'name',
      `El nombre puede tener como máximo ${CATEGORY_NAME_MAX} caracteres.`,
    );
  }
  return name;
}

const DUPLICATED = 'Ya existe una categoría con ese nombre.';

/** 02 §3 Category: the company's list that conversations are filed under (issue 6 administration). */
@Injectable()
export class CategoriesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  list(companyId: number): Promise<CategoryModel[]> {
    return this.dataSource.query(`SELECT id, name FROM categories WHERE "companyId" = $1 ORDER BY name, id`, [
      companyId,
    ]);
  }

  private async own(user: AuthUser, id: number): Promise<void> {
    const { rows } = await pgPool(this.dataSource).query<{ companyId: number }>(
      'SELECT "companyId" FROM categories WHERE id = $1',
      [id],
    );
    if (!rows[0] || rows[0].companyId !== user.companyId) {
      throw AppException.validation('id', 'La categoría no existe.');
    }
  }

  /** Case and spacing aside, a name is taken once per company; the unique index catches a racing twin. */
  private async save(sql: string, params: unknown[]): Promise<CategoryModel> {
    const { rows } = await pgPool(this.dataSource)
      .query<CategoryModel>(sql, params)
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') return { rows: [] as CategoryModel[] };
        throw error;
      });
    if (!rows[0]) throw AppException.validation('name', DUPLICATED);
    return rows[0];
  }

  create(user: AuthUser, rawName: string): Promise<CategoryModel> {
    const name = cleanCategoryName(rawName);
    return this.save(
      `INSERT INTO categories ("companyId", name) SELECT $1::int, $2::varchar
       WHERE NOT EXISTS (SELECT 1 FROM categories WHERE "companyId" = $1 AND lower(name) = lower($2::varchar))
       RETURNING id, name`,
      [user.companyId, name],
    );
  }

  async update(user: AuthUser, id: number, rawName: string): Promise<CategoryModel> {
    await this.own(user, id);
    const name = cleanCategoryName(rawName);
    const saved = await this.save(
      `UPDATE categories SET name = $3::varchar WHERE id = $1 AND NOT EXISTS
         (SELECT 1 FROM categories WHERE "companyId" = $2 AND lower(name) = lower($3::varchar) AND id <> $1)
       RETURNING id, name`,
      [id, user.companyId, name],
    );
    await this.refresh(await this.filedUnder(user.companyId, id));
    return saved;
  }

  /** The category's conversations stay, uncategorised. */
  async delete(user: AuthUser, id: number): Promise<boolean> {
    await this.own(user, id);
    const ids = await this.filedUnder(user.companyId, id);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE clients SET "categoryId" = NULL, "updatedAt" = now() WHERE "companyId" = $1 AND "categoryId" = $2`,
        [user.companyId, id],
      );
      await manager.query('DELETE FROM categories WHERE id = $1', [id]);
    });
    await this.refresh(ids);
    return true;
  }

  private async filedUnder(companyId: number, categoryId: number): Promise<number[]> {
    const { rows } = await pgPool(this.dataSource).query<{ id: number }>(
      `SELECT id FROM clients WHERE "companyId" = $1 AND "categoryId" = $2
       ORDER BY "lastUpdate" DESC, id DESC LIMIT $3`,
      [companyId, categoryId, REFRESH_LIMIT],
    );
    return rows.map((row) => row.id);
  }

  private async refresh(clientIds: number[]): Promise<void> {
    for (const view of await this.clients.views(clientIds)) {
      this.realtime.emit(conversationRooms(view), 'openClient', { client: view, reason: 'category' });
    }
  }
}

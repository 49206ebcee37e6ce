import { companyScopedKey, DEFAULT_TAG_COLOR, TAG_COLORS, TAGS_LIMIT } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { pgPool } from '../../database/pg-pool';
import { RealtimeService } from '../../realtime/realtime.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import type { TagModel } from './models/tag.model';

/** The longest tag name: the import (issue 5) and this form agree on it. */
export const TAG_NAME_MAX = 50;

/**
 * How many conversations, most recently active first, get a fresh view when one of their tags is renamed or
 * deleted: open inboxes show the newest conversations, and an older row keeps a stale chip until it is reloaded
 * (harmless: removing a deleted tag is a no-op and adding one is refused), where re-sending every tagged
 * conversation could mean thousands of events for one click.
 */
export const TAG_CHANGE_REFRESH_LIMIT = 200;

interface TagRow {
  id: number;
  companyId: number;
  isDefault: boolean;
}

function tagName(raw: string): string {
  const name = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (!name) throw new AppException('TAG_NAME_EMPTY', { field: 'name' });
  if (name.length > TAG_NAME_MAX) {
    throw AppException.validation('name', `El nombre puede tener como máximo ${TAG_NAME_MAX} caracteres.`);
  }
  return name;
}

function tagColor(raw: string | null | undefined): string {
  const color = (raw ?? DEFAULT_TAG_COLOR).toLowerCase();
  if (!(TAG_COLORS as readonly string[]).includes(color)) {
    throw AppException.validation('color', 'Elige uno de los colores de la paleta.');
  }
  return color;
}

const SELECT_TAG = `SELECT t.id, t.name, t.color, t."isDefault",
  (SELECT count(*)::int FROM client_tags ct WHERE ct."tagId" = t.id) AS "clientCount" FROM tags t`;

/**
 * 02 §3/§5 tag administration (issue 6): name unique per company (case and spacing aside), a palette colour, at
 * most 50, predefined tags fixed. clientCount is counted from client_tags when read, so it is always right.
 */
@Injectable()
export class TagsAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  private async taggedConversations(tagId: number): Promise<number[]> {
    const { rows } = await pgPool(this.dataSource).query<{ id: number }>(
      `SELECT c.id FROM client_tags ct JOIN clients c ON c.id = ct."clientId" WHERE ct."tagId" = $1
       ORDER BY c."lastUpdate" DESC, c.id DESC LIMIT $2`,
      [tagId, TAG_CHANGE_REFRESH_LIMIT],
    );
    return rows.map((row) => row.id);
  }

  /** The same tagsUpdate the inbox gets when a tag is added or removed, so its chips follow the change. */
  private async emitTags(clientIds: number[]): Promise<void> {
    for (const view of await this.clients.views(clientIds)) {
      this.realtime.emit(conversationRooms(view), 'tagsUpdate', {
        clientId: view.id,
        tags: view.tags,
        client: view,
      });
    }
  }

  private async own(user: AuthUser, id: number): Promise<TagRow> {
    const { rows } = await pgPool(this.dataSource).query<TagRow>(
      'SELECT id, "companyId", "isDefault" FROM tags WHERE id = $1',
      [id],
    );
    const tag = rows[0];
    if (!tag || tag.companyId !== user.companyId)
      throw AppException.validation('id', 'La etiqueta no existe.');
    if (tag.isDefault) throw new AppException('PREDEFINED_TAG_CANNOT_BE_MODIFIED', { field: 'id' });
    return tag;
  }

  private async byId(id: number): Promise<TagModel> {
    const { rows } = await pgPool(this.dataSource).query<TagModel>(`${SELECT_TAG} WHERE t.id = $1`, [id]);
    return rows[0];
  }

  async create(user: AuthUser, input: { name: string; color?: string | null }): Promise<TagModel> {
    const name = tagName(input.name);
    const color = tagColor(input.color);
    // The count and the insert in one statement: two admins racing for the 50th tag cannot both pass.
    const { rows } = await pgPool(this.dataSource).query<{ id: number | null; full: boolean }>(
      `WITH n AS (SELECT count(*)::int AS c FROM tags WHERE "companyId" = $1),
       ins AS (
         INSERT INTO tags ("companyId", name, color, key)
         SELECT $1, $2, $3, $4 FROM n WHERE n.c < $5
         ON CONFLICT (key) DO NOTHING RETURNING id)
       SELECT (SELECT id FROM ins) AS id, (SELECT c >= $5 FROM n) AS full`,
      [user.companyId, name, color, companyScopedKey(user.companyId, name), TAGS_LIMIT],
    );
    const row = rows[0];
    if (row.id === null && row.full) throw new AppException('TAGS_LIMIT_REACHED', { field: 'name' });
    if (row.id === null) throw new AppException('ERROR_CREATING_TAG_DUPLICATED', { field: 'name' });
    return this.byId(row.id);
  }

  async update(
    user: AuthUser,
    id: number,
    input: { name: string; color?: string | null },
  ): Promise<TagModel> {
    await this.own(user, id);
    const before = await this.byId(id);
    const name = tagName(input.name);
    // No colour sent: the tag keeps its own, as stored (not checked again, nor reset to the default).
    const color = input.color === null || input.color === undefined ? before.color : tagColor(input.color);
    const { rows } = await pgPool(this.dataSource)
      .query<{ id: number }>(
        `UPDATE tags SET name = $2, color = $3, key = $4 WHERE id = $1
         AND NOT EXISTS (SELECT 1 FROM tags o WHERE o.key = $4 AND o.id <> $1) RETURNING id`,
        [id, name, color, companyScopedKey(user.companyId, name)],
      )
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') return { rows: [] };
        throw error;
      });
    if (!rows[0]) throw new AppException('ERROR_CREATING_TAG_DUPLICATED', { field: 'name' });
    const after = await this.byId(id);
    if (after.name !== before.name || after.color !== before.color) {
      await this.emitTags(await this.taggedConversations(id));
    }
    return after;
  }

  /** Deleting a tag takes it off every conversation (client_tags cascade). */
  async delete(user: AuthUser, id: number): Promise<boolean> {
    await this.own(user, id);
    const tagged = await this.taggedConversations(id);
    await pgPool(this.dataSource).query('DELETE FROM tags WHERE id = $1', [id]);
    await this.emitTags(tagged);
    return true;
  }

  /** 02 §7 POST /tagsCount: each tag of the company with how many conversations of the channel carry it. */
  async countByChannel(
    user: AuthUser,
    channelId: number,
  ): Promise<Array<{ id: number; name: string; color: string; count: number }>> {
    const pool = pgPool(this.dataSource);
    const { rows: channel } = await pool.query<{ companyId: number }>(
      'SELECT "companyId" FROM channels WHERE id = $1',
      [channelId],
    );
    if (!channel[0] || channel[0].companyId !== user.companyId) {
      throw AppException.validation('channelId', 'El canal no existe.');
    }
    const { rows } = await pool.query<{ id: number; name: string; color: string; count: number }>(
      `SELECT t.id, t.name, t.color,
         (SELECT count(*)::int FROM client_tags ct JOIN clients c ON c.id = ct."clientId"
          WHERE ct."tagId" = t.id AND c."channelId" = $2) AS count
       FROM tags t WHERE t."companyId" = $1 ORDER BY t."isDefault" DESC, lower(t.name), t.id`,
      [user.companyId, channelId],
    );
    return rows;
  }
}

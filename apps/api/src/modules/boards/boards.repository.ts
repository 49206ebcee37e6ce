import { type BoardFollowUp, ROLE_NAMES } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { jsonb } from '../../database/jsonb';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { BoardColumns, Boards } from '../../database/schema';

export type BoardRow = Selectable<Boards>;
export type BoardColumnRow = Selectable<BoardColumns>;
export type BoardRole = 'member' | 'guest';

/** A user a board is shared with, and how. */
export interface BoardUserRow {
  boardId: number;
  userId: number;
  role: BoardRole;
  name: string;
}

/** A board as the lists show it, before the viewer's access is worked out. */
export interface BoardSummaryRow {
  id: number;
  name: string;
  description: string | null;
  ownerId: number;
  ownerName: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  contactsCount: number;
  /** numeric(12,2) summed by PostgreSQL, as text (exact). */
  amounts: string;
}

/** A card's row: the board item and its contact, agent, channel platform, e-mail and tags. */
export interface BoardCardRow {
  id: number;
  columnId: number;
  clientId: number;
  amount: string | null;
  position: number;
  name: string | null;
  nameFromChannel: string | null;
  lastName: string | null;
  senderId: string;
  platform: string;
  email: string | null;
  agentId: number | null;
  agentName: string | null;
  tags: Array<{ id: number; name: string; color: string }>;
}

/** What a column write carries: an existing column's id, or none for a new one. */
export interface BoardColumnWrite {
  id?: number;
  name: string;
  description: string | null;
  followUp: BoardFollowUp | null;
}

export interface BoardItemRow {
  id: number;
  boardId: number;
  columnId: number;
  companyId: number;
  clientId: number;
}

/**
 * The boards tables (issue 21, 02 §3): boards, who they are shared with, their columns and their cards. Every
 * change of a board runs in a transaction that first locks the board's row (lockBoard), so concurrent changes of one
 * board happen one after another and each leaves every column's positions dense (0 … n−1).
 */
@Injectable()
export class BoardsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** 01 §2.2: whether the company has boards switched on (undefined: no such company). */
  async boardsActive(companyId: number): Promise<boolean | undefined> {
    const row = await this.db
      .selectFrom('companies')
      .select('isBoardsActive')
      .where('id', '=', companyId)
      .executeTakeFirst();
    return row?.isBoardsActive;
  }

  board(id: number): Promise<BoardRow | undefined> {
    return this.db.selectFrom('boards').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The board's row under lock until `trx` ends: the one door every change of the board goes through. */
  lockBoard(trx: Executor, id: number): Promise<BoardRow | undefined> {
    return trx.selectFrom('boards').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Who the boards are shared with, with their names. */
  async boardUsers(boardIds: number[], db: Executor = this.db): Promise<BoardUserRow[]> {
    if (boardIds.length === 0) return [];
    const rows = await db
      .selectFrom('board_users as bu')
      .innerJoin('users as u', 'u.id', 'bu.userId')
      .select(['bu.boardId', 'bu.userId', 'bu.role', 'u.name'])
      .where('bu.boardId', 'in', boardIds)
      .orderBy('u.name')
      .orderBy('u.id')
      .execute();
    return rows.map((row) => ({ ...row, role: row.role === 'guest' ? 'guest' : 'member' }));
  }

  /**
   * Summaries of the company's boards: all of them (`userId` null, a superadmin's list) or those `userId` owns or is
   * shared with, newest first.
   */
  summaries(companyId: number, userId: number | null, ids?: number[]): Promise<BoardSummaryRow[]> {
    let query = this.db
      .selectFrom('boards as b')
      .innerJoin('users as o', 'o.id', 'b.ownerId')
      .select((eb) => [
        'b.id',
        'b.name',
        'b.description',
        'b.ownerId',
        'o.name as ownerName',
        'b.version',
        'b.createdAt',
        'b.updatedAt',
        eb
          .selectFrom('board_items as i')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('i.boardId', '=', 'b.id')
          .$asScalar()
          .$castTo<number>()
          .as('contactsCount'),
        eb
          .selectFrom('board_items as i')
          .select(sql<string>`coalesce(sum(i.amount), 0)::text`.as('s'))
          .whereRef('i.boardId', '=', 'b.id')
          .$asScalar()
          .$castTo<string>()
          .as('amounts'),
      ])
      .where('b.companyId', '=', companyId);
    if (userId !== null) {
      query = query.where((eb) =>
        eb.or([
          eb('b.ownerId', '=', userId),
          eb.exists(
            eb
              .selectFrom('board_users as bu')
              .select(eb.lit(1).as('one'))
              .whereRef('bu.boardId', '=', 'b.id')
              .where('bu.userId', '=', userId),
          ),
        ]),
      );
    }
    if (ids) query = query.where('b.id', 'in', ids.length > 0 ? ids : [0]);
    return query.orderBy('b.createdAt', 'desc').orderBy('b.id', 'desc').execute();
  }

  columns(boardId: number, db: Executor = this.db): Promise<BoardColumnRow[]> {
    return db
      .selectFrom('board_columns')
      .selectAll()
      .where('boardId', '=', boardId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** The board's cards with what they show, in each column's order. */
  cards(boardId: number): Promise<BoardCardRow[]> {
    return this.db
      .selectFrom('board_items as i')
      .innerJoin('clients as c', 'c.id', 'i.clientId')
      .innerJoin('channels as ch', 'ch.id', 'c.channelId')
      .leftJoin('users as a', 'a.id', 'c.agentId')
      .select((eb) => [
        'i.id',
        'i.columnId',
        'i.clientId',
        sql<string | null>`i.amount::text`.as('amount'),
        'i.position',
        'c.name',
        'c.nameFromChannel',
        'c.lastName',
        'c.senderId',
        'ch.platform',
        eb
          .selectFrom('client_infos as ci')
          .innerJoin('datasheet_fields as f', 'f.id', 'ci.fieldId')
          .select('ci.value')
          .whereRef('ci.clientId', '=', 'c.id')
          .where('f.type', '=', 'email')
          .where('ci.value', '<>', '')
          .orderBy('ci.id')
          .limit(1)
          .$asScalar()
          .as('email'),
        'c.agentId',
        'a.name as agentName',
        sql<Array<{ id: number; name: string; color: string }>>`coalesce((
          SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY t.name, t.id)
          FROM client_tags ct JOIN tags t ON t.id = ct."tagId" WHERE ct."clientId" = c.id), '[]'::json)`.as(
          'tags',
        ),
      ])
      .where('i.boardId', '=', boardId)
      .orderBy('i.position')
      .orderBy('i.id')
      .execute();
  }

  /** The ids among `ids` of users of the company. */
  async companyUserIds(companyId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('companyId', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => row.id);
  }

  /** A user's company and role name (undefined: no such user). */
  user(id: number): Promise<{ id: number; companyId: number; roleName: string } | undefined> {
    return this.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.roleId')
      .select(['u.id', 'u.companyId', 'r.name as roleName'])
      .where('u.id', '=', id)
      .executeTakeFirst();
  }

  /** The company's superadmins: they see every board of it. */
  async superadminIds(companyId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.roleId')
      .select('u.id')
      .where('u.companyId', '=', companyId)
      .where('r.name', '=', ROLE_NAMES.superadmin)
      .execute();
    return rows.map((row) => row.id);
  }

  client(id: number): Promise<{ id: number; companyId: number } | undefined> {
    return this.db.selectFrom('clients').select(['id', 'companyId']).where('id', '=', id).executeTakeFirst();
  }

  /** The company of each of these WhatsApp templates (a column's follow-up names one). */
  templateCompanies(ids: number[]): Promise<Array<{ id: number; companyId: number }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('whatsapp_templates')
      .select(['id', 'companyId'])
      .where('id', 'in', ids)
      .execute();
  }

  column(id: number, db: Executor = this.db): Promise<BoardColumnRow | undefined> {
    return db.selectFrom('board_columns').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Which of these column ids exist, and of which company (another company's is refused, not reported missing). */
  columnOwners(ids: number[]): Promise<Array<{ id: number; boardId: number; companyId: number }>> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('board_columns')
      .select(['id', 'boardId', 'companyId'])
      .where('id', 'in', ids)
      .execute();
  }

  item(id: number, db: Executor = this.db): Promise<BoardItemRow | undefined> {
    return db
      .selectFrom('board_items')
      .select(['id', 'boardId', 'columnId', 'companyId', 'clientId'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A new board with its columns (in order) and who it is shared with; its id. */
  async createBoard(
    trx: Executor,
    board: { companyId: number; ownerId: number; name: string; description: string | null },
    columns: BoardColumnWrite[],
    users: Array<{ userId: number; role: BoardRole }>,
  ): Promise<number> {
    const { id } = await trx.insertInto('boards').values(board).returning('id').executeTakeFirstOrThrow();
    await this.insertColumns(
      trx,
      id,
      board.companyId,
      columns.map((column, position) => ({ column, position })),
    );
    await this.setUsers(trx, id, board.companyId, users);
    return id;
  }

  private async insertColumns(
    trx: Executor,
    boardId: number,
    companyId: number,
    columns: Array<{ column: BoardColumnWrite; position: number }>,
  ): Promise<void> {
    if (columns.length === 0) return;
    await trx
      .insertInto('board_columns')
      .values(
        columns.map(({ column, position }) => ({
          boardId,
          companyId,
          name: column.name,
          description: column.description,
          followUp: column.followUp ? jsonb<BoardFollowUp>(column.followUp) : null,
          position,
        })),
      )
      .execute();
  }

  async updateBoard(
    trx: Executor,
    id: number,
    set: { name?: string; description?: string | null },
  ): Promise<void> {
    if (set.name === undefined && set.description === undefined) return;
    await trx.updateTable('boards').set(set).where('id', '=', id).execute();
  }

  /**
   * The board's columns become `columns`, in that order: those with an id (of this board, checked by the caller) are
   * rewritten, the others are added, and the board's columns left out are deleted with their cards.
   */
  async replaceColumns(trx: Executor, boardId: number, companyId: number, columns: BoardColumnWrite[]) {
    const kept = columns.flatMap((column) => (column.id === undefined ? [] : [column.id]));
    let removal = trx.deleteFrom('board_columns').where('boardId', '=', boardId);
    if (kept.length > 0) removal = removal.where('id', 'not in', kept);
    await removal.execute();
    const added: Array<{ column: BoardColumnWrite; position: number }> = [];
    for (const [position, column] of columns.entries()) {
      if (column.id === undefined) {
        added.push({ column, position });
        continue;
      }
      await trx
        .updateTable('board_columns')
        .set({
          name: column.name,
          description: column.description,
          followUp: column.followUp ? jsonb<BoardFollowUp>(column.followUp) : null,
          position,
        })
        .where('id', '=', column.id)
        .where('boardId', '=', boardId)
        .execute();
    }
    await this.insertColumns(trx, boardId, companyId, added);
  }

  /** Who the board is shared with becomes exactly `users`. */
  async setUsers(
    trx: Executor,
    boardId: number,
    companyId: number,
    users: Array<{ userId: number; role: BoardRole }>,
  ): Promise<void> {
    await trx.deleteFrom('board_users').where('boardId', '=', boardId).execute();
    if (users.length === 0) return;
    await trx
      .insertInto('board_users')
      .values(users.map((user) => ({ boardId, companyId, userId: user.userId, role: user.role })))
      .execute();
  }

  /** The board's new version (every committed change bumps it, so clients can tell a newer state). */
  async bump(trx: Executor, boardId: number): Promise<number> {
    const row = await trx
      .updateTable('boards')
      .set((eb) => ({ version: eb('version', '+', 1), updatedAt: sql`now()` }))
      .where('id', '=', boardId)
      .returning('version')
      .executeTakeFirstOrThrow();
    return row.version;
  }

  async deleteBoard(trx: Executor, id: number): Promise<void> {
    await trx.deleteFrom('boards').where('id', '=', id).execute();
  }

  /** Whether the contact already has a card on the board. */
  async onBoard(trx: Executor, boardId: number, clientId: number): Promise<boolean> {
    const row = await trx
      .selectFrom('board_items')
      .select('id')
      .where('boardId', '=', boardId)
      .where('clientId', '=', clientId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The column's card ids in order. */
  async columnItemIds(trx: Executor, columnId: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('board_items')
      .select('id')
      .where('columnId', '=', columnId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** A new card at the end of its column; its id. */
  async insertItem(
    trx: Executor,
    item: { boardId: number; columnId: number; companyId: number; clientId: number; amount: number | null },
  ): Promise<number> {
    const { id } = await trx
      .insertInto('board_items')
      .values((eb) => ({
        ...item,
        position: eb
          .selectFrom('board_items')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('columnId', '=', item.columnId)
          .$asScalar()
          .$castTo<number>(),
      }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async setAmount(trx: Executor, itemId: number, amount: number | null): Promise<void> {
    await trx.updateTable('board_items').set({ amount }).where('id', '=', itemId).execute();
  }

  async deleteItem(trx: Executor, itemId: number): Promise<void> {
    await trx.deleteFrom('board_items').where('id', '=', itemId).execute();
  }

  /** The card goes to `columnId` (its position comes with the column's order, written by `order`). */
  async setColumn(trx: Executor, itemId: number, columnId: number): Promise<void> {
    await trx.updateTable('board_items').set({ columnId }).where('id', '=', itemId).execute();
  }

  /** Positions 0 … n−1 in the order of `ids` (one statement, only the rows whose position changes). */
  async order(trx: Executor, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const positions = ids.map((_, index) => index);
    await sql`UPDATE board_items b SET position = u.pos
      FROM unnest(${ids}::int[], ${positions}::int[]) AS u(id, pos)
      WHERE b.id = u.id AND b.position <> u.pos`.execute(trx);
  }
}

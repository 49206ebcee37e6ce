import {
  agentRoom,
  BOARD_MESSAGES,
  BOARD_UPDATED_EVENT,
  type BoardAccess,
  type BoardCard,
  type BoardColumn,
  type BoardFollowUp,
  type BoardSummary,
  type BoardUser,
  type BoardView,
  boardAccess,
  canEditBoard,
  canManageBoard,
  clampIndex,
  displayPhone,
  INPUT_MESSAGES,
  isPhoneBased,
  ROLE_NAMES,
  sumAmounts,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { contactNameFor, seesPhoneNumbers } from '../../common/privacy/phone-privacy';
import type { Executor } from '../../database/kysely';
import { RealtimeService } from '../../realtime/realtime.service';
import { FollowUpsService } from '../follow-ups/follow-ups.service';
import {
  type BoardCardRow,
  type BoardColumnRow,
  type BoardColumnWrite,
  type BoardRole,
  type BoardRow,
  type BoardSummaryRow,
  BoardsRepository,
  type BoardUserRow,
} from './boards.repository';
import type {
  AddBoardItemInput,
  BoardColumnInput,
  CreateBoardInput,
  MoveBoardItemInput,
  UpdateBoardInput,
  UpdateBoardItemInput,
} from './dto/board.input';

type Need = 'see' | 'edit' | 'manage';

/** A card that entered a column with a follow-up: what to schedule once the change has committed. */
interface Entry {
  clientId: number;
  followUp: BoardFollowUp;
}

function allowed(access: BoardAccess, need: Need): boolean {
  if (need === 'manage') return canManageBoard(access);
  if (need === 'edit') return canEditBoard(access);
  return access !== null;
}

function accessOf(board: Pick<BoardRow, 'ownerId'>, users: BoardUserRow[], user: AuthUser): BoardAccess {
  return boardAccess(
    {
      ownerId: board.ownerId,
      memberIds: users.filter((u) => u.role === 'member').map((u) => u.userId),
      guestIds: users.filter((u) => u.role === 'guest').map((u) => u.userId),
    },
    { id: user.id, roleName: user.roleName },
  );
}

function forbidden(message: string): AppException {
  return new AppException('FORBIDDEN', { message });
}

function boardNotFound(): AppException {
  return new AppException('BOARD_NOT_FOUND', { field: 'id', message: 'Board not found' });
}

/**
 * Boards (issue 21; 02 §2, §3, §6, §7): sales pipelines of contacts as cards. Reads answer what the caller may see
 * (phones only with canSeePhoneNumber); every change runs under the board row's lock (BoardsRepository.lockBoard),
 * bumps the board's version and, once committed, tells everyone who may see the board (BOARD_UPDATED_EVENT, no
 * board data: each viewer reloads what they may see). A card entering a column with a follow-up message schedules
 * it through the follow-up machinery, as the user who moved it.
 */
@Injectable()
export class BoardsService {
  private readonly logger = new Logger(BoardsService.name);

  constructor(
    private readonly boards: BoardsRepository,
    private readonly followUps: FollowUpsService,
    private readonly realtime: RealtimeService,
  ) {}

  // ---------------------------------------------------------------------------------------------------------
  // Reads.

  /**
   * GET /boards/user/{id}[/company/{companyId}]: the boards `userId` may see (02 §6: a superadmin all of the
   * company's, others their own and those shared with them). Only the caller's own list, or a superadmin's look at
   * a user of the company.
   */
  async listForUser(user: AuthUser, userId: number, companyId?: number): Promise<BoardSummary[]> {
    await this.enabled(user);
    if (companyId !== undefined && companyId !== user.companyId) throw forbidden('Boards of another company');
    let seesAll = user.roleName === ROLE_NAMES.superadmin;
    if (userId !== user.id) {
      const target = await this.boards.user(userId);
      if (!seesAll || !target || target.companyId !== user.companyId) {
        throw forbidden("Another user's boards");
      }
      seesAll = target.roleName === ROLE_NAMES.superadmin;
    }
    return this.summaries(user, await this.boards.summaries(user.companyId, seesAll ? null : userId));
  }

  /** GET /boards/company/{companyId}: the caller's boards of their company (all of them for a superadmin). */
  async listForCompany(user: AuthUser, companyId: number): Promise<BoardSummary[]> {
    if (companyId !== user.companyId) {
      await this.enabled(user);
      throw forbidden('Boards of another company');
    }
    return this.listForUser(user, user.id);
  }

  /** GET /boards/{id}. */
  async view(user: AuthUser, id: number): Promise<BoardView> {
    await this.enabled(user);
    await this.readable(user, id, 'see');
    return this.assemble(user, id);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Boards.

  /** POST /boards: the caller owns it. */
  async create(user: AuthUser, input: CreateBoardInput): Promise<BoardView> {
    await this.enabled(user);
    const name = this.name(input.name, 'name');
    const columns = await this.columnWrites(user, input.columns ?? [], null);
    const shared = await this.shared(user, user.id, input.members ?? [], input.guests ?? []);
    const id = await this.boards.transaction((trx) =>
      this.boards.createBoard(
        trx,
        { companyId: user.companyId, ownerId: user.id, name, description: this.text(input.description) },
        columns,
        shared,
      ),
    );
    await this.announce(user, id, 0, []);
    return this.assemble(user, id);
  }

  /** PUT /boards/{id}: name, description and columns for editors; who it is shared with for managers only. */
  async update(user: AuthUser, id: number, input: UpdateBoardInput): Promise<BoardView> {
    await this.enabled(user);
    const { board, users, access } = await this.readable(user, id, 'edit');
    const name = input.name === undefined ? undefined : this.name(input.name, 'name');
    const columns =
      input.columns === undefined ? undefined : await this.columnWrites(user, input.columns, id);
    let shared: Array<{ userId: number; role: BoardRole }> | undefined;
    if (input.members !== undefined || input.guests !== undefined) {
      const members = input.members ?? users.filter((u) => u.role === 'member').map((u) => u.userId);
      const guests = input.guests ?? users.filter((u) => u.role === 'guest').map((u) => u.userId);
      shared = await this.shared(user, board.ownerId, members, guests);
      // A member may send the sharing back as it is (a whole form); changing it is the owner's and superadmin's.
      if (!canManageBoard(access) && !sameSharing(shared, users)) throw forbidden('Sharing is for managers');
    }
    const { version, before } = await this.change(user, id, 'edit', async (trx, locked) => {
      await this.boards.updateBoard(trx, id, {
        name,
        description: input.description === undefined ? undefined : this.text(input.description),
      });
      if (columns) await this.boards.replaceColumns(trx, id, locked.companyId, columns);
      if (shared) await this.boards.setUsers(trx, id, locked.companyId, shared);
      return [];
    });
    await this.announce(user, id, version, before);
    return this.assemble(user, id);
  }

  /** DELETE /boards/{id}: the owner and the superadmin only; everyone who saw it is told it is gone. */
  async remove(user: AuthUser, id: number): Promise<{ id: number }> {
    await this.enabled(user);
    await this.readable(user, id, 'manage');
    let recipients: number[] = [];
    let version = 0;
    await this.boards.transaction(async (trx) => {
      const { board, users } = await this.locked(trx, user, id, 'manage');
      recipients = [board.ownerId, ...users.map((u) => u.userId)];
      version = board.version + 1;
      await this.boards.deleteBoard(trx, id);
    });
    const superadmins = await this.boards.superadminIds(user.companyId);
    this.emit([...recipients, ...superadmins], { boardId: id, version, removed: true, byUserId: user.id });
    return { id };
  }

  // ---------------------------------------------------------------------------------------------------------
  // Cards.

  /** POST /boards/{id}/items: a contact of the company as a card at the end of a column of this board. */
  async addItem(user: AuthUser, id: number, input: AddBoardItemInput): Promise<BoardView> {
    await this.enabled(user);
    await this.readable(user, id, 'edit');
    const client = await this.boards.client(input.clientId);
    if (!client) throw AppException.validation('clientId', INPUT_MESSAGES.invalidConversation);
    if (client.companyId !== user.companyId) throw forbidden('Contact of another company');
    const column = await this.boardColumn(user, id, input.columnId);
    const { version, before, result } = await this.change(user, id, 'edit', async (trx) => {
      if (await this.boards.onBoard(trx, id, input.clientId)) {
        throw AppException.validation('clientId', BOARD_MESSAGES.contactAlreadyOnBoard);
      }
      await this.boards.insertItem(trx, {
        boardId: id,
        columnId: column.id,
        companyId: user.companyId,
        clientId: input.clientId,
        amount: input.amount ?? null,
      });
      return column.followUp ? [{ clientId: input.clientId, followUp: column.followUp }] : [];
    });
    await this.announce(user, id, version, before);
    await this.scheduleEntries(user, result);
    return this.assemble(user, id);
  }

  /** PUT /boards/{id}/items/{itemId}: the deal's amount. */
  async updateItem(
    user: AuthUser,
    id: number,
    itemId: number,
    input: UpdateBoardItemInput,
  ): Promise<BoardView> {
    await this.enabled(user);
    await this.readable(user, id, 'edit');
    await this.boardItem(user, id, itemId);
    const { version, before } = await this.change(user, id, 'edit', async (trx) => {
      await this.lockedItem(trx, id, itemId);
      if (input.amount !== undefined) await this.boards.setAmount(trx, itemId, input.amount);
      return [];
    });
    await this.announce(user, id, version, before);
    return this.assemble(user, id);
  }

  /**
   * POST /boards/{id}/items/{itemId}/move: the server orders the cards. Under the board's lock the card leaves its
   * column and lands at clampIndex(index) of the target; both columns are renumbered 0 … n−1, so moves racing on one
   * board end in one consistent order whatever order they arrive in.
   */
  async moveItem(user: AuthUser, id: number, itemId: number, input: MoveBoardItemInput): Promise<BoardView> {
    await this.enabled(user);
    await this.readable(user, id, 'edit');
    await this.boardItem(user, id, itemId);
    const column = await this.boardColumn(user, id, input.columnId);
    const { version, before, result } = await this.change(user, id, 'edit', async (trx) => {
      const item = await this.lockedItem(trx, id, itemId);
      const target = (await this.boards.columnItemIds(trx, column.id)).filter((other) => other !== itemId);
      target.splice(clampIndex(input.index, target.length), 0, itemId);
      if (item.columnId !== column.id) await this.boards.setColumn(trx, itemId, column.id);
      await this.boards.order(trx, target);
      if (item.columnId === column.id) return [];
      await this.boards.order(trx, await this.boards.columnItemIds(trx, item.columnId));
      return column.followUp ? [{ clientId: item.clientId, followUp: column.followUp }] : [];
    });
    await this.announce(user, id, version, before);
    await this.scheduleEntries(user, result);
    return this.assemble(user, id);
  }

  /** DELETE /boards/{id}/items/{itemId}: the card leaves the board (the contact stays). */
  async removeItem(user: AuthUser, id: number, itemId: number): Promise<BoardView> {
    await this.enabled(user);
    await this.readable(user, id, 'edit');
    await this.boardItem(user, id, itemId);
    const { version, before } = await this.change(user, id, 'edit', async (trx) => {
      const item = await this.lockedItem(trx, id, itemId);
      await this.boards.deleteItem(trx, itemId);
      await this.boards.order(trx, await this.boards.columnItemIds(trx, item.columnId));
      return [];
    });
    await this.announce(user, id, version, before);
    return this.assemble(user, id);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Rules.

  /** 01 §2.2: boards exist only for companies that have them switched on. */
  private async enabled(user: AuthUser): Promise<void> {
    if ((await this.boards.boardsActive(user.companyId)) !== true) throw new AppException('BOARDS_DISABLED');
  }

  /** The board if the caller may do `need` on it: 404 unknown, 403 another company's or not allowed. */
  private async readable(
    user: AuthUser,
    id: number,
    need: Need,
  ): Promise<{ board: BoardRow; users: BoardUserRow[]; access: BoardAccess }> {
    const board = await this.boards.board(id);
    if (!board) throw boardNotFound();
    if (board.companyId !== user.companyId) throw forbidden('Board of another company');
    const users = await this.boards.boardUsers([id]);
    const access = accessOf(board, users, user);
    if (!allowed(access, need)) throw forbidden(`Board access ${access ?? 'none'} cannot ${need}`);
    return { board, users, access };
  }

  /** The same checks under the board's lock (access may have changed since they were first made). */
  private async locked(
    trx: Executor,
    user: AuthUser,
    id: number,
    need: Need,
  ): Promise<{ board: BoardRow; users: BoardUserRow[] }> {
    const board = await this.boards.lockBoard(trx, id);
    if (!board) throw boardNotFound();
    if (board.companyId !== user.companyId) throw forbidden('Board of another company');
    const users = await this.boards.boardUsers([id], trx);
    if (!allowed(accessOf(board, users, user), need)) throw forbidden('Board access lost');
    return { board, users };
  }

  /**
   * One change of a board: under its lock, `work`, then the version bump, all in one transaction. What `work`
   * returns (cards that entered a follow-up column) and who shared the board before the change come back.
   */
  private async change(
    user: AuthUser,
    id: number,
    need: Need,
    work: (trx: Executor, board: BoardRow) => Promise<Entry[]>,
  ): Promise<{ version: number; before: number[]; result: Entry[] }> {
    return this.boards.transaction(async (trx) => {
      const { board, users } = await this.locked(trx, user, id, need);
      const result = await work(trx, board);
      const version = await this.boards.bump(trx, id);
      return { version, before: [board.ownerId, ...users.map((u) => u.userId)], result };
    });
  }

  /** A column of this board: 400 unknown (or of another board), 403 another company's. */
  private async boardColumn(user: AuthUser, boardId: number, columnId: number): Promise<BoardColumnRow> {
    const column = await this.boards.column(columnId);
    if (column && column.companyId !== user.companyId) throw forbidden('Column of another company');
    if (!column || column.boardId !== boardId) {
      throw AppException.validation('columnId', INPUT_MESSAGES.invalidValue);
    }
    return column;
  }

  /** A card of this board: 404 unknown (or of another board), 403 another company's. */
  private async boardItem(user: AuthUser, boardId: number, itemId: number): Promise<void> {
    const item = await this.boards.item(itemId);
    if (item && item.companyId !== user.companyId) throw forbidden('Card of another company');
    if (!item || item.boardId !== boardId) {
      throw new AppException('NOT_FOUND', { field: 'itemId', message: 'Board item not found' });
    }
  }

  /** The card as it is under the board's lock (a concurrent change may have removed it). */
  private async lockedItem(trx: Executor, boardId: number, itemId: number) {
    const item = await this.boards.item(itemId, trx);
    if (!item || item.boardId !== boardId) {
      throw new AppException('NOT_FOUND', { field: 'itemId', message: 'Board item not found' });
    }
    return item;
  }

  private name(value: string, field: string): string {
    const name = value.trim();
    if (!name) throw AppException.validation(field, BOARD_MESSAGES.nameRequired);
    return name;
  }

  private text(value: string | null | undefined): string | null {
    const text = (value ?? '').trim();
    return text === '' ? null : text;
  }

  /**
   * The columns as written: names and follow-ups checked (a template of the company), and on an update each id a
   * column of this board (another company's is a 403, any other a 400 on its place in the list).
   */
  private async columnWrites(
    user: AuthUser,
    columns: BoardColumnInput[],
    boardId: number | null,
  ): Promise<BoardColumnWrite[]> {
    const ids = columns.flatMap((column) => (column.id === undefined ? [] : [column.id]));
    const owners = new Map((await this.boards.columnOwners(ids)).map((row) => [row.id, row]));
    const templateIds = columns.flatMap((column) =>
      typeof column.followUpMessage?.templateId === 'number' ? [column.followUpMessage.templateId] : [],
    );
    const templates = new Map(
      (await this.boards.templateCompanies(templateIds)).map((row) => [row.id, row.companyId]),
    );
    const seen = new Set<number>();
    return columns.map((column, index) => {
      const at = `columns.${index}`;
      if (column.id !== undefined) {
        const owner = owners.get(column.id);
        if (owner && owner.companyId !== user.companyId) throw forbidden('Column of another company');
        if (!owner || owner.boardId !== boardId || seen.has(column.id)) {
          throw AppException.validation(`${at}.id`, INPUT_MESSAGES.invalidValue);
        }
        seen.add(column.id);
      }
      let followUp: BoardFollowUp | null = null;
      const message = column.followUpMessage;
      if (message) {
        const text = message.text.trim();
        if (!text)
          throw AppException.validation(`${at}.followUpMessage.text`, BOARD_MESSAGES.invalidFollowUp);
        const templateId = message.templateId ?? null;
        if (templateId !== null && templates.get(templateId) !== user.companyId) {
          throw AppException.validation(`${at}.followUpMessage.templateId`, INPUT_MESSAGES.invalidTemplate);
        }
        followUp = { text, delayMinutes: message.delayMinutes, templateId };
      }
      return {
        ...(column.id === undefined ? {} : { id: column.id }),
        name: this.name(column.name, `${at}.name`),
        description: this.text(column.description),
        followUp,
      };
    });
  }

  /** Members and guests, users of the company (else a 400 on the list); the owner is never one, members win. */
  private async shared(
    user: AuthUser,
    ownerId: number,
    members: number[],
    guests: number[],
  ): Promise<Array<{ userId: number; role: BoardRole }>> {
    for (const [field, ids] of [
      ['members', members],
      ['guests', guests],
    ] as const) {
      const unique = [...new Set(ids)];
      const known = await this.boards.companyUserIds(user.companyId, unique);
      if (known.length !== unique.length) throw AppException.validation(field, INPUT_MESSAGES.invalidUser);
    }
    const memberSet = new Set(members.filter((id) => id !== ownerId));
    const guestSet = new Set(guests.filter((id) => id !== ownerId && !memberSet.has(id)));
    return [
      ...[...memberSet].map((userId) => ({ userId, role: 'member' as const })),
      ...[...guestSet].map((userId) => ({ userId, role: 'guest' as const })),
    ];
  }

  /** Follow-ups of cards that entered a column with one; the move stands whatever happens here (logged). */
  private async scheduleEntries(user: AuthUser, entries: Entry[]): Promise<void> {
    for (const entry of entries) {
      const sendAt = new Date(Date.now() + entry.followUp.delayMinutes * 60_000);
      try {
        await this.followUps.scheduleFromBoard(user.companyId, entry.clientId, user.id, {
          content: entry.followUp.text,
          templateId: entry.followUp.templateId,
          sendAt,
        });
      } catch (error) {
        this.logger.warn(`board follow-up for client ${entry.clientId} not scheduled: ${String(error)}`);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Answers and events.

  /**
   * After a committed change: BOARD_UPDATED_EVENT to everyone who may see the board now (owner, members, guests,
   * the company's superadmins) and `removed: true` to those who shared it before and no longer do.
   */
  private async announce(user: AuthUser, id: number, version: number, before: number[]): Promise<void> {
    const board = await this.boards.board(id);
    if (!board) return;
    const users = await this.boards.boardUsers([id]);
    const superadmins = await this.boards.superadminIds(board.companyId);
    const now = new Set([board.ownerId, ...users.map((u) => u.userId), ...superadmins]);
    this.emit([...now], { boardId: id, version, removed: false, byUserId: user.id });
    const gone = before.filter((userId) => !now.has(userId));
    this.emit(gone, { boardId: id, version, removed: true, byUserId: user.id });
  }

  private emit(
    userIds: number[],
    payload: { boardId: number; version: number; removed: boolean; byUserId: number },
  ): void {
    const rooms = [...new Set(userIds)].map(agentRoom);
    this.realtime.emit(rooms, BOARD_UPDATED_EVENT, payload);
  }

  private async summaries(user: AuthUser, rows: BoardSummaryRow[]): Promise<BoardSummary[]> {
    const users = await this.boards.boardUsers(rows.map((row) => row.id));
    return rows.flatMap((row) => {
      const own = users.filter((u) => u.boardId === row.id);
      const access = accessOf(row, own, user);
      return access ? [summaryOf(row, own, access)] : [];
    });
  }

  /** The board as `user` sees it: columns and cards in order, totals per column, phones only with the permission. */
  private async assemble(user: AuthUser, id: number): Promise<BoardView> {
    const [row] = await this.boards.summaries(user.companyId, null, [id]);
    if (!row) throw boardNotFound();
    const users = await this.boards.boardUsers([id]);
    const access = accessOf(row, users, user);
    if (!access) throw forbidden('Board access lost');
    const [columns, cards] = await Promise.all([this.boards.columns(id), this.boards.cards(id)]);
    const seesPhones = seesPhoneNumbers(user);
    const viewColumns: BoardColumn[] = columns.map((column) => ({
      id: column.id,
      name: column.name,
      description: column.description,
      followUpMessage: column.followUp,
      position: column.position,
      items: cards
        .filter((card) => card.columnId === column.id)
        .map((card) => cardOf(user, card, seesPhones)),
    }));
    const totals: BoardView['totals'] = {};
    for (const column of viewColumns) {
      totals[column.id] = {
        count: column.items.length,
        amount: sumAmounts(column.items.map((item) => item.amount)),
      };
    }
    const contacts = viewColumns.flatMap((column) =>
      column.items.map((item) => ({
        id: item.clientId,
        name: item.name,
        email: item.email,
        phone: item.phone,
      })),
    );
    return { ...summaryOf(row, users, access), columns: viewColumns, contacts, totals, version: row.version };
  }
}

function sameSharing(next: Array<{ userId: number; role: BoardRole }>, current: BoardUserRow[]): boolean {
  if (next.length !== current.length) return false;
  const roles = new Map(current.map((u) => [u.userId, u.role]));
  return next.every((u) => roles.get(u.userId) === u.role);
}

function summaryOf(
  row: BoardSummaryRow,
  users: BoardUserRow[],
  access: Exclude<BoardAccess, null>,
): BoardSummary {
  const named = (u: BoardUserRow): BoardUser => ({ id: u.userId, name: u.name });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner: { id: row.ownerId, name: row.ownerName },
    members: users.filter((u) => u.role === 'member').map(named),
    guests: users.filter((u) => u.role === 'guest').map(named),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    access,
    contactsCount: row.contactsCount,
    amounts: Number(row.amounts),
  };
}

function cardOf(user: AuthUser, card: BoardCardRow, seesPhones: boolean): BoardCard {
  return {
    id: card.id,
    clientId: card.clientId,
    name: contactNameFor(user, card),
    email: card.email,
    phone: seesPhones && isPhoneBased(card.platform) ? displayPhone(card.senderId) : null,
    tags: card.tags,
    agent:
      card.agentId !== null && card.agentName !== null ? { id: card.agentId, name: card.agentName } : null,
    amount: card.amount === null ? null : Number(card.amount),
    position: card.position,
  };
}

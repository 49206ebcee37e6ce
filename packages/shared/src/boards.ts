/**
 * Boards (02 §2 /boards, /boards/{id}; §3 Board, Column, Board contact; §6; §7 the board routes, under /api): a sales
 * pipeline of contacts as cards in columns. The shapes the API answers and the web shows, and the access rules both
 * sides apply.
 */
import { ROLE_NAMES } from './permissions';
import { REALTIME_EVENTS } from './realtime-events';

export type BoardAccess = 'owner' | 'member' | 'guest' | 'superadmin' | null;

export interface BoardUser {
  id: number;
  name: string;
}

/** A column's follow-up (02 §3 Column.followUpMessage): sent to a contact whose card enters the column, after
 * `delayMinutes`, through the follow-up machinery (a template when the WhatsApp window is closed). */
export interface BoardFollowUp {
  text: string;
  delayMinutes: number;
  /** The template sent instead of the text when the contact's 24-hour window is closed (WhatsApp). */
  templateId: number | null;
}

/** A card: one contact (conversation) on the board. */
export interface BoardCard {
  /** The card's id (board item), not the contact's. */
  id: number;
  clientId: number;
  name: string;
  email: string | null;
  /** Only with canSeePhoneNumber; null otherwise. */
  phone: string | null;
  tags: Array<{ id: number; name: string; color: string }>;
  agent: BoardUser | null;
  /** The deal's amount (two decimals), null when none was entered. */
  amount: number | null;
  position: number;
}

export interface BoardColumn {
  id: number;
  name: string;
  description: string | null;
  followUpMessage: BoardFollowUp | null;
  position: number;
  items: BoardCard[];
}

export interface BoardSummary {
  id: number;
  name: string;
  description: string | null;
  owner: BoardUser;
  members: BoardUser[];
  guests: BoardUser[];
  createdAt: string;
  updatedAt: string;
  /** What the asking user may do on it. */
  access: Exclude<BoardAccess, null>;
  /** Cards and the sum of their amounts, all columns together. */
  contactsCount: number;
  amounts: number;
}

/** 02 §3 Board contact: a contact on the board, as its card shows it (phone only with canSeePhoneNumber). */
export interface BoardContact {
  /** The contact's (conversation's) id. */
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
}

export interface BoardView extends BoardSummary {
  columns: BoardColumn[];
  /** 02 §3 Board.contacts: every contact on the board, in column and card order. */
  contacts: BoardContact[];
  /** Per column id: the count and amount totals shown in the column header. */
  totals: Record<number, { count: number; amount: number }>;
  /** Bumped by every change: a client applies a live event only when it is newer than what it shows. */
  version: number;
}

/** Who may do what (02 §6: superadmin loads all the company's boards, others their own and those shared with them). */
export function boardAccess(
  board: { ownerId: number; memberIds: readonly number[]; guestIds: readonly number[] },
  user: { id: number; roleName: string | null | undefined },
): BoardAccess {
  if (board.ownerId === user.id) return 'owner';
  if (user.roleName === ROLE_NAMES.superadmin) return 'superadmin';
  if (board.memberIds.includes(user.id)) return 'member';
  if (board.guestIds.includes(user.id)) return 'guest';
  return null;
}

/** Cards, columns, name and description: everyone but guests. */
export function canEditBoard(access: BoardAccess): boolean {
  return access === 'owner' || access === 'superadmin' || access === 'member';
}

/** Delete the board and change who it is shared with: the owner and the superadmin only. */
export function canManageBoard(access: BoardAccess): boolean {
  return access === 'owner' || access === 'superadmin';
}

/** Limits of the board forms (02 §9 leaves them open: the conventional ones). */
export const BOARD_LIMITS = {
  nameMax: 80,
  descriptionMax: 500,
  columnsMax: 20,
  followUpTextMax: 1000,
  followUpDelayMaxMinutes: 60 * 24 * 30,
  amountMax: 999_999_999.99,
} as const;

export const BOARD_MESSAGES = {
  nameRequired: 'Nombre obligatorio',
  nameTooLong: `El nombre debe tener como máximo ${BOARD_LIMITS.nameMax} caracteres`,
  descriptionTooLong: `La descripción debe tener como máximo ${BOARD_LIMITS.descriptionMax} caracteres`,
  tooManyColumns: `Un tablero puede tener como máximo ${BOARD_LIMITS.columnsMax} columnas`,
  invalidAmount: 'El monto debe ser un número positivo con dos decimales como máximo',
  invalidFollowUp: 'El mensaje de seguimiento necesita un texto y un tiempo de espera válido',
  contactAlreadyOnBoard: 'El contacto ya está en este tablero',
  deleteConfirm: '¿Seguro que quieres eliminar este tablero? Esta acción no se puede deshacer.',
  empty: 'Aún no tienes tableros',
  emptyColumn: 'Arrastra contactos aquí',
} as const;

/**
 * Socket event of board changes, to the agent_{id} room of everyone who may see the board (owner, members, guests,
 * the company's superadmins — read at the time of the change). It carries no board data: what a card shows depends
 * on the viewer (phones only with canSeePhoneNumber), so a client showing the board reloads it (GET
 * /api/boards/{id}) when the version is newer than its own.
 */
export const BOARD_UPDATED_EVENT = REALTIME_EVENTS.boardUpdated;
export interface BoardUpdatedPayload {
  boardId: number;
  version: number;
  /** True when the board was deleted (or the user lost access to it). */
  removed: boolean;
  byUserId: number;
}

/** The sum shown in column headers: two decimals, no float drift. */
export function sumAmounts(amounts: ReadonlyArray<number | null>): number {
  const cents = amounts.reduce<number>((sum, amount) => sum + Math.round((amount ?? 0) * 100), 0);
  return cents / 100;
}

/** Where a card lands: its new dense order in the target column (0 … n−1), clamped to the column. */
export function clampIndex(index: number, length: number): number {
  if (!Number.isFinite(index) || index < 0) return 0;
  return Math.min(Math.floor(index), length);
}

import type { BoardFollowUp, BoardSummary, BoardView } from '@crm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/http';

export interface ColumnInput {
  id?: number;
  name: string;
  description?: string | null;
  followUpMessage?: BoardFollowUp | null;
}

export interface CreateBoardInput {
  name: string;
  description?: string | null;
  columns?: ColumnInput[];
  members?: number[];
  guests?: number[];
}

export interface UpdateBoardInput {
  name?: string;
  description?: string | null;
  /** The full ordered list: a column left out is removed. */
  columns?: ColumnInput[];
  members?: number[];
  guests?: number[];
}

/** The boards the user may see (all the company's for a superadmin). */
export function fetchBoards(userId: number, signal?: AbortSignal): Promise<BoardSummary[]> {
  return apiGet(`/boards/user/${userId}`, { signal });
}

export function fetchBoard(id: number, signal?: AbortSignal): Promise<BoardView> {
  return apiGet(`/boards/${id}`, { signal });
}

export function createBoard(input: CreateBoardInput): Promise<BoardView> {
  return apiPost('/boards', input);
}

export function updateBoard(id: number, input: UpdateBoardInput): Promise<BoardView> {
  return apiPut(`/boards/${id}`, input);
}

export function deleteBoard(id: number): Promise<void> {
  return apiDelete(`/boards/${id}`);
}

export function addBoardItem(
  boardId: number,
  input: { clientId: number; columnId: number; amount?: number | null },
): Promise<BoardView> {
  return apiPost(`/boards/${boardId}/items`, input);
}

export function updateBoardItem(boardId: number, itemId: number, amount: number | null): Promise<BoardView> {
  return apiPut(`/boards/${boardId}/items/${itemId}`, { amount });
}

export function moveBoardItem(
  boardId: number,
  itemId: number,
  target: { columnId: number; index: number },
): Promise<BoardView> {
  return apiPost(`/boards/${boardId}/items/${itemId}/move`, target);
}

export function removeBoardItem(boardId: number, itemId: number): Promise<BoardView> {
  return apiDelete(`/boards/${boardId}/items/${itemId}`);
}

/** The columns as PUT /boards/{id} takes them, in their shown order. */
export function columnInputs(columns: ReadonlyArray<ColumnInput>): ColumnInput[] {
  return columns.map(({ id, name, description, followUpMessage }) => ({
    ...(id === undefined ? {} : { id }),
    name,
    description: description ?? null,
    followUpMessage: followUpMessage ?? null,
  }));
}

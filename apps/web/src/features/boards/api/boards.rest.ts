import {
  type ApiErrorBody,
  type BoardFollowUp,
  type BoardSummary,
  type BoardView,
  OFFLINE_WARNING_MESSAGE,
} from '@crm/shared';
import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-error';
import { isSessionErrorCode } from '../../../lib/errors';
import { endSession } from '../../../lib/session';
import { getToken } from '../../../lib/storage';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/*
 * The board routes use PUT and DELETE with JSON answers. lib/http covers GET and POST only and lib/multipart goes
 * through XMLHttpRequest (for upload progress), so the board calls have this small fetch of their own that fails
 * like lib/http: an ApiError with the Spanish userMessage, and a session error ends the session.
 */
async function boardRequest<T>(
  method: Method,
  path: string,
  body?: object,
  signal?: AbortSignal,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, { code: NETWORK_ERROR_CODE, userMessage: OFFLINE_WARNING_MESSAGE });
  }
  if (!response.ok) {
    let errorBody: Partial<ApiErrorBody> = {};
    try {
      const parsed: unknown = await response.json();
      if (typeof parsed === 'object' && parsed !== null) errorBody = parsed as Partial<ApiErrorBody>;
    } catch {
      // Not JSON: the status speaks.
    }
    const error = new ApiError(response.status, errorBody);
    if (token && isSessionErrorCode(error.code)) endSession();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

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
  return boardRequest('GET', `/boards/user/${userId}`, undefined, signal);
}

export function fetchBoard(id: number, signal?: AbortSignal): Promise<BoardView> {
  return boardRequest('GET', `/boards/${id}`, undefined, signal);
}

export function createBoard(input: CreateBoardInput): Promise<BoardView> {
  return boardRequest('POST', '/boards', input);
}

export function updateBoard(id: number, input: UpdateBoardInput): Promise<BoardView> {
  return boardRequest('PUT', `/boards/${id}`, input);
}

export function deleteBoard(id: number): Promise<void> {
  return boardRequest('DELETE', `/boards/${id}`);
}

export function addBoardItem(
  boardId: number,
  input: { clientId: number; columnId: number; amount?: number | null },
): Promise<BoardView> {
  return boardRequest('POST', `/boards/${boardId}/items`, input);
}

export function updateBoardItem(boardId: number, itemId: number, amount: number | null): Promise<BoardView> {
  return boardRequest('PUT', `/boards/${boardId}/items/${itemId}`, { amount });
}

export function moveBoardItem(
  boardId: number,
  itemId: number,
  target: { columnId: number; index: number },
): Promise<BoardView> {
  return boardRequest('POST', `/boards/${boardId}/items/${itemId}/move`, target);
}

export function removeBoardItem(boardId: number, itemId: number): Promise<BoardView> {
  return boardRequest('DELETE', `/boards/${boardId}/items/${itemId}`);
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

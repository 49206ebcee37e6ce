import { BOARD_UPDATED_EVENT, type BoardColumn, type BoardView } from '@crm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { resolveError } from '../../../lib/errors';
import { onReconnected, subscribeRealtime } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { fetchBoard, moveBoardItem } from '../api/boards.rest';
import { moveCard } from '../boardState';
import { BOARD_TEXTS } from '../boardTexts';

export interface BoardState {
  board: BoardView | null;
  loading: boolean;
  error: string | null;
  /** Replaces what is shown with a server answer, unless a newer version is already shown. */
  apply: (view: BoardView) => void;
  /** Local columns while dragging or after an optimistic change. */
  setColumns: (columns: BoardColumn[]) => void;
  /** Optimistic move of a card, then the server's answer (or a revert and the error's toast). */
  move: (cardId: number, target: { columnId: number; index: number }) => Promise<void>;
  /** Live events wait while the user drags; the drop applies them. */
  setDragging: (dragging: boolean) => void;
  reload: () => Promise<void>;
}

/** One board: loaded once, reconciled with every answer, reloaded when a newer version is announced. */
export function useBoard(boardId: number): BoardState {
  const navigate = useNavigate();
  const [board, setBoard] = useState<BoardView | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef<BoardView | null>(null);
  const dragging = useRef(false);
  const pendingReload = useRef(false);

  const show = useCallback((view: BoardView) => {
    shown.current = view;
    setBoard(view);
  }, []);

  const apply = useCallback(
    (view: BoardView) => {
      // An answer older than what a live reload already showed would undo another user's change.
      if (shown.current && view.version < shown.current.version) return;
      show(view);
    },
    [show],
  );

  const reload = useCallback(async () => {
    try {
      const view = await fetchBoard(boardId);
      apply(view);
      setError(null);
    } catch (cause) {
      const resolved = resolveError(cause);
      if (!shown.current) setError(resolved.userMessage);
      else toast.error(resolved.userMessage);
    } finally {
      setLoading(false);
    }
  }, [boardId, apply]);

  useEffect(() => {
    shown.current = null;
    setBoard(null);
    setLoading(true);
    void reload();
  }, [reload]);

  useEffect(() => {
    const stopEvents = subscribeRealtime(BOARD_UPDATED_EVENT, (payload) => {
      if (payload.boardId !== boardId) return;
      if (payload.removed) {
        toast.info(BOARD_TEXTS.removedNotice);
        navigate('/boards', { replace: true });
        return;
      }
      if (shown.current && payload.version <= shown.current.version) return;
      if (dragging.current) {
        pendingReload.current = true;
        return;
      }
      void reload();
    });
    // Events sent while the connection was down are lost: read the board again.
    const stopReconnect = onReconnected(() => void reload());
    return () => {
      stopEvents();
      stopReconnect();
    };
  }, [boardId, navigate, reload]);

  const setColumns = useCallback(
    (columns: BoardColumn[]) => {
      const current = shown.current;
      if (current) show({ ...current, columns });
    },
    [show],
  );

  const setDragging = useCallback(
    (value: boolean) => {
      dragging.current = value;
      if (!value && pendingReload.current) {
        pendingReload.current = false;
        void reload();
      }
    },
    [reload],
  );

  const move = useCallback(
    async (cardId: number, target: { columnId: number; index: number }) => {
      const before = shown.current;
      if (!before) return;
      show({ ...before, columns: moveCard(before.columns, cardId, target) });
      try {
        apply(await moveBoardItem(boardId, cardId, target));
      } catch (cause) {
        // Back to where the card was, unless a live reload already showed something newer.
        if (shown.current && shown.current.version === before.version) show(before);
        toast.error(resolveError(cause).userMessage);
      }
    },
    [boardId, apply, show],
  );

  return { board, loading, error, apply, setColumns, move, setDragging, reload };
}

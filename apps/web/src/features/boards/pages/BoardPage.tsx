import { BOARD_LIMITS, BOARD_MESSAGES, type BoardCard, type BoardColumn, canEditBoard } from '@crm/shared';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import {
  addBoardItem,
  type ColumnInput,
  columnInputs,
  removeBoardItem,
  updateBoard,
  updateBoardItem,
} from '../api/boards.rest';
import { moveColumn } from '../boardState';
import { BOARD_TEXTS } from '../boardTexts';
import { AddContactModal } from '../components/AddContactModal';
import { BoardCanvas } from '../components/BoardCanvas';
import type { CardActions } from '../components/BoardCardView';
import { ColumnModal } from '../components/ColumnModal';
import { useBoard } from '../hooks/useBoard';
import '../boards.css';

/** /boards/:id: the board's columns and cards, live. Guests see it read-only. */
export function BoardPage() {
  const params = useParams();
  const boardId = Number(params.id);
  const { board, loading, error, apply, setColumns, move, setDragging } = useBoard(boardId);
  const [columnModal, setColumnModal] = useState<{ column: BoardColumn | null } | null>(null);
  const [adding, setAdding] = useState(false);
  const editable = board !== null && canEditBoard(board.access);

  const actions = useMemo<CardActions | null>(() => {
    if (!editable) return null;
    return {
      onAmount: async (card: BoardCard, amount: number | null) => {
        try {
          apply(await updateBoardItem(boardId, card.id, amount));
        } catch (cause) {
          toast.error(resolveError(cause).userMessage);
          throw cause;
        }
      },
      onRemove: async (card: BoardCard) => {
        try {
          apply(await removeBoardItem(boardId, card.id));
        } catch (cause) {
          toast.error(resolveError(cause).userMessage);
        }
      },
    };
  }, [editable, boardId, apply]);

  if (!Number.isInteger(boardId) || boardId <= 0 || (error && !board)) {
    return (
      <div className="board-page">
        <Alert type="error" showIcon message={error ?? BOARD_TEXTS.loadError} />
        <Link to="/boards">{BOARD_TEXTS.backToBoards}</Link>
      </div>
    );
  }
  if (loading || !board) {
    return (
      <div className="board-page board-page-loading">
        <Spin aria-label="Cargando" />
      </div>
    );
  }

  const saveColumns = async (columns: ColumnInput[]) => {
    apply(await updateBoard(boardId, { columns: columnInputs(columns) }));
  };

  const saveColumn = async (input: ColumnInput) => {
    const next =
      input.id === undefined
        ? [...board.columns, input]
        : board.columns.map((column) => (column.id === input.id ? input : column));
    await saveColumns(next);
    setColumnModal(null);
  };

  const reorderColumns = (from: number, to: number) => {
    const before = board.columns;
    const next = moveColumn(before, from, to);
    setColumns(next);
    saveColumns(next).catch((cause: unknown) => {
      setColumns(before);
      toast.error(resolveError(cause).userMessage);
    });
  };

  const addContact = async (values: { clientId: number; columnId: number; amount?: number | null }) => {
    apply(await addBoardItem(boardId, values));
    setAdding(false);
  };

  return (
    <div className="board-page">
      <div className="board-page-header">
        <div>
          <Link to="/boards">{BOARD_TEXTS.backToBoards}</Link>
          <Typography.Title level={2}>{board.name}</Typography.Title>
          {board.description && (
            <Typography.Paragraph type="secondary">{board.description}</Typography.Paragraph>
          )}
        </div>
        {editable && (
          <Space>
            <Button type="primary" onClick={() => setAdding(true)} disabled={board.columns.length === 0}>
              {BOARD_TEXTS.addContact}
            </Button>
            <Button
              onClick={() => setColumnModal({ column: null })}
              disabled={board.columns.length >= BOARD_LIMITS.columnsMax}
              title={
                board.columns.length >= BOARD_LIMITS.columnsMax ? BOARD_MESSAGES.tooManyColumns : undefined
              }
            >
              {BOARD_TEXTS.addColumn}
            </Button>
          </Space>
        )}
      </div>
      {!editable && <Alert type="info" showIcon message={BOARD_TEXTS.readOnly} className="board-readonly" />}
      <BoardCanvas
        columns={board.columns}
        editable={editable}
        actions={actions}
        onEditColumn={(column) => setColumnModal({ column })}
        onMoveCard={(cardId, target) => void move(cardId, target)}
        onMoveColumn={reorderColumns}
        onDraggingChange={setDragging}
      />
      {editable && (
        <>
          <ColumnModal
            open={columnModal !== null}
            column={columnModal?.column ?? null}
            onClose={() => setColumnModal(null)}
            onSubmit={saveColumn}
          />
          <AddContactModal
            open={adding}
            columns={board.columns}
            onClose={() => setAdding(false)}
            onSubmit={addContact}
          />
        </>
      )}
    </div>
  );
}

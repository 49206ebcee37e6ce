import {
  BOARD_MESSAGES,
  BOARD_UPDATED_EVENT,
  type BoardSummary,
  canEditBoard,
  canManageBoard,
} from '@crm/shared';
import { Alert, Button, Card, Empty, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleError, resolveError } from '../../../lib/errors';
import { subscribeRealtime } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { useSession } from '../../session/hooks/useSession';
import { createBoard, deleteBoard, fetchBoards, updateBoard } from '../api/boards.rest';
import { formatAmount } from '../boardState';
import { BOARD_TEXTS } from '../boardTexts';
import { BoardFormModal } from '../components/BoardFormModal';
import { ShareBoardModal } from '../components/ShareBoardModal';
import '../boards.css';

function BoardSummaryCard({
  board,
  onEdit,
  onShare,
  onDelete,
}: {
  board: BoardSummary;
  onEdit: (board: BoardSummary) => void;
  onShare: (board: BoardSummary) => void;
  onDelete: (board: BoardSummary) => Promise<void>;
}) {
  const titleId = `board-${board.id}-title`;
  return (
    <Card size="small" className="board-summary">
      <article aria-labelledby={titleId}>
        <Space align="center" wrap>
          <Typography.Title level={3} id={titleId} className="board-summary-title">
            <Link to={`/boards/${board.id}`}>{board.name}</Link>
          </Typography.Title>
          {board.access !== 'owner' && <Tag color="purple">{BOARD_TEXTS.shared}</Tag>}
        </Space>
        {board.description && (
          <Typography.Paragraph type="secondary">{board.description}</Typography.Paragraph>
        )}
        <dl className="board-summary-figures">
          <div>
            <dt>{BOARD_TEXTS.owner}</dt>
            <dd>{board.owner.name}</dd>
          </div>
          <div>
            <dt>{BOARD_TEXTS.contacts}</dt>
            <dd>{board.contactsCount}</dd>
          </div>
          <div>
            <dt>{BOARD_TEXTS.total}</dt>
            <dd>{formatAmount(board.amounts)}</dd>
          </div>
        </dl>
        <Space wrap>
          <Link to={`/boards/${board.id}`}>{BOARD_TEXTS.open}</Link>
          {canEditBoard(board.access) && (
            <Button
              size="small"
              onClick={() => onEdit(board)}
              aria-label={`${BOARD_TEXTS.edit} ${board.name}`}
            >
              {BOARD_TEXTS.edit}
            </Button>
          )}
          {canManageBoard(board.access) && (
            <Button
              size="small"
              onClick={() => onShare(board)}
              aria-label={`${BOARD_TEXTS.share} ${board.name}`}
            >
              {BOARD_TEXTS.share}
            </Button>
          )}
          {canManageBoard(board.access) && (
            <Popconfirm
              title={BOARD_MESSAGES.deleteConfirm}
              okText={BOARD_TEXTS.delete}
              cancelText={BOARD_TEXTS.cancel}
              okButtonProps={{ danger: true }}
              onConfirm={() => onDelete(board)}
            >
              <Button size="small" danger aria-label={`${BOARD_TEXTS.delete} ${board.name}`}>
                {BOARD_TEXTS.delete}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </article>
    </Card>
  );
}

/** /boards: the boards the user may see, with create, edit, share and delete. */
export function BoardsPage() {
  const { me } = useSession();
  const navigate = useNavigate();
  const [boards, setBoards] = useState<BoardSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<BoardSummary | null>(null);
  const [sharing, setSharing] = useState<BoardSummary | null>(null);

  const load = useCallback(async () => {
    try {
      setBoards(await fetchBoards(me.id));
      setError(null);
    } catch (cause) {
      setError(resolveError(cause).userMessage);
    }
  }, [me.id]);

  useEffect(() => {
    void load();
  }, [load]);

  // Boards created, shared, changed or deleted by others: the list is read again.
  useEffect(() => subscribeRealtime(BOARD_UPDATED_EVENT, () => void load()), [load]);

  const create = async (input: Parameters<typeof createBoard>[0]) => {
    const board = await createBoard(input);
    setCreating(false);
    navigate(`/boards/${board.id}`);
  };

  const edit = async (input: Parameters<typeof updateBoard>[1]) => {
    if (!editing) return;
    await updateBoard(editing.id, { name: input.name, description: input.description });
    setEditing(null);
    toast.success(BOARD_TEXTS.saved);
    await load();
  };

  const share = async (board: BoardSummary, values: { members: number[]; guests: number[] }) => {
    await updateBoard(board.id, values);
    setSharing(null);
    toast.success(BOARD_TEXTS.saved);
    await load();
  };

  const remove = async (board: BoardSummary) => {
    try {
      await deleteBoard(board.id);
      setBoards((current) => current?.filter((item) => item.id !== board.id) ?? null);
      toast.success(BOARD_TEXTS.deleted);
    } catch (cause) {
      handleError(cause);
    }
  };

  return (
    <div className="boards-page">
      <Space className="boards-page-header" align="center">
        <Typography.Title level={2}>{BOARD_TEXTS.title}</Typography.Title>
        <Button type="primary" onClick={() => setCreating(true)}>
          {BOARD_TEXTS.newBoard}
        </Button>
      </Space>
      {error && <Alert type="error" showIcon message={error} />}
      {boards === null && !error && <Spin aria-label="Cargando" />}
      {boards !== null && boards.length === 0 && <Empty description={BOARD_MESSAGES.empty} />}
      {boards !== null && boards.length > 0 && (
        <div className="boards-grid">
          {boards.map((board) => (
            <BoardSummaryCard
              key={board.id}
              board={board}
              onEdit={setEditing}
              onShare={setSharing}
              onDelete={remove}
            />
          ))}
        </div>
      )}
      <BoardFormModal open={creating} board={null} onClose={() => setCreating(false)} onSubmit={create} />
      <BoardFormModal
        open={editing !== null}
        board={editing}
        onClose={() => setEditing(null)}
        onSubmit={edit}
      />
      <ShareBoardModal board={sharing} onClose={() => setSharing(null)} onSubmit={share} />
    </div>
  );
}

import { BOARD_LIMITS, BOARD_MESSAGES, type BoardCard } from '@crm/shared';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, InputNumber, Popconfirm, Popover, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ColorTag } from '../../layout/components/ColorTag';
import { cardDragId, formatAmount } from '../boardState';
import { BOARD_TEXTS } from '../boardTexts';

export interface CardActions {
  onAmount: (card: BoardCard, amount: number | null) => Promise<void>;
  onRemove: (card: BoardCard) => Promise<void>;
}

function AmountEditor({ card, onAmount }: { card: BoardCard; onAmount: CardActions['onAmount'] }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<number | null>(card.amount);
  const [saving, setSaving] = useState(false);
  const valid = value === null || (value >= 0 && value <= BOARD_LIMITS.amountMax);
  const save = async () => {
    setSaving(true);
    try {
      await onAmount(card, value === null ? null : Math.round(value * 100) / 100);
      setOpen(false);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setValue(card.amount);
      }}
      trigger="click"
      title={BOARD_TEXTS.editAmount}
      content={
        // The popover renders in a portal but React bubbles its events to the card: no drag starts from here.
        <Space direction="vertical" onPointerDown={(event) => event.stopPropagation()}>
          <InputNumber<number>
            aria-label={BOARD_TEXTS.amount}
            min={0}
            max={BOARD_LIMITS.amountMax}
            precision={2}
            value={value}
            onChange={(next) => setValue(next ?? null)}
            style={{ width: 180 }}
          />
          {!valid && <Typography.Text type="danger">{BOARD_MESSAGES.invalidAmount}</Typography.Text>}
          <Button type="primary" size="small" loading={saving} disabled={!valid} onClick={() => void save()}>
            {BOARD_TEXTS.save}
          </Button>
        </Space>
      }
    >
      <Button size="small" type="link" aria-label={`${BOARD_TEXTS.editAmount} de ${card.name}`}>
        {card.amount === null ? BOARD_TEXTS.noAmount : formatAmount(card.amount)}
      </Button>
    </Popover>
  );
}

/** What a card shows; `actions` null for read-only viewers (guests) and the drag overlay. */
export function CardBody({ card, actions }: { card: BoardCard; actions: CardActions | null }) {
  return (
    <>
      <div className="board-card-name">{card.name}</div>
      {card.phone !== null && <div className="board-card-phone">{card.phone}</div>}
      {card.tags.length > 0 && (
        <div className="board-card-tags">
          {card.tags.map((tag) => (
            <ColorTag key={tag.id} color={tag.color}>
              {tag.name}
            </ColorTag>
          ))}
        </div>
      )}
      <div className="board-card-agent">{card.agent?.name ?? BOARD_TEXTS.noAgent}</div>
      <div className="board-card-footer">
        {actions ? (
          <AmountEditor card={card} onAmount={actions.onAmount} />
        ) : (
          <span className="board-card-amount">
            {card.amount === null ? BOARD_TEXTS.noAmount : formatAmount(card.amount)}
          </span>
        )}
        <Link to={`/chat/${card.clientId}`} aria-label={`${BOARD_TEXTS.openConversation} con ${card.name}`}>
          {BOARD_TEXTS.openConversation}
        </Link>
        {actions && (
          <Popconfirm
            title={BOARD_TEXTS.removeConfirm}
            okText={BOARD_TEXTS.removeFromBoard}
            cancelText={BOARD_TEXTS.cancel}
            onConfirm={() => actions.onRemove(card)}
          >
            <Button
              size="small"
              type="text"
              danger
              aria-label={`${BOARD_TEXTS.removeFromBoard}: ${card.name}`}
            >
              ✕
            </Button>
          </Popconfirm>
        )}
      </div>
    </>
  );
}

/**
 * A card on the board: an article named by the contact. For editors it is the drag handle itself (focus it and press
 * Space to pick it up); pointer drags start after a few pixels so the buttons inside still take clicks.
 */
export function BoardCardView({
  card,
  columnIndex,
  index,
  actions,
  draggingColumn,
}: {
  card: BoardCard;
  columnIndex: number;
  index: number;
  actions: CardActions | null;
  /** A column is being dragged: cards take no drops then. */
  draggingColumn: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: cardDragId(card.id),
      data: { type: 'card' },
      disabled: { draggable: actions === null, droppable: actions === null || draggingColumn },
    });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const draggable = actions !== null;
  // dnd-kit makes the node a button; the card stays an article (it holds buttons and a link of its own).
  const dragAttributes = draggable ? { ...attributes, role: undefined } : {};
  return (
    <article
      ref={(node) => {
        setNodeRef(node);
        setActivatorNodeRef(node);
      }}
      style={style}
      className={`board-card${isDragging ? ' board-card-dragging' : ''}${draggable ? ' board-card-draggable' : ''}`}
      data-card-id={card.id}
      data-column-index={columnIndex}
      data-index={index}
      {...dragAttributes}
      {...(draggable ? listeners : {})}
      aria-label={card.name}
      aria-roledescription={draggable ? 'tarjeta arrastrable' : undefined}
    >
      <CardBody card={card} actions={actions} />
    </article>
  );
}

import { HolderOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { BOARD_MESSAGES, type BoardColumn, sumAmounts } from '@crm/shared';
import { useDndContext, useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Button, Tooltip } from 'antd';
import { cardDragId, columnDragId, formatAmount, parseDragId, zoneDropId } from '../boardState';
import { BOARD_TEXTS } from '../boardTexts';
import { BoardCardView, type CardActions } from './BoardCardView';

/** One column: a region named 'Columna {name}', its header with the totals, its cards and its empty space. */
export function BoardColumnView({
  column,
  columnIndex,
  editable,
  actions,
  onEdit,
  draggingCard,
}: {
  column: BoardColumn;
  columnIndex: number;
  editable: boolean;
  actions: CardActions | null;
  onEdit: (column: BoardColumn) => void;
  /** While a card is dragged the columns take no column drops, and the other way round. */
  draggingCard: boolean | null;
}) {
  const sortable = useSortable({
    id: columnDragId(column.id),
    data: { type: 'column' },
    disabled: { draggable: !editable, droppable: !editable || draggingCard === true },
  });
  const zone = useDroppable({
    id: zoneDropId(column.id),
    data: { type: 'zone' },
    disabled: !editable || draggingCard === false,
  });
  // The column a dragged card would enter is highlighted, whether the card is over its empty space or its cards.
  const { over } = useDndContext();
  const overTarget = draggingCard && over ? parseDragId(over.id) : null;
  const isTarget =
    (overTarget?.kind === 'zone' && overTarget.id === column.id) ||
    (overTarget?.kind === 'card' && column.items.some((item) => item.id === overTarget.id));
  const total = sumAmounts(column.items.map((item) => item.amount));
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  return (
    <section
      ref={sortable.setNodeRef}
      style={style}
      className={`board-column${sortable.isDragging ? ' board-column-dragging' : ''}`}
      aria-label={BOARD_TEXTS.columnRegion(column.name)}
      data-column-index={columnIndex}
    >
      <header className="board-column-header">
        <div className="board-column-title">
          {editable && (
            <button
              type="button"
              ref={sortable.setActivatorNodeRef}
              className="board-column-handle"
              {...sortable.attributes}
              {...sortable.listeners}
              aria-label={BOARD_TEXTS.moveColumn(column.name)}
            >
              <HolderOutlined />
            </button>
          )}
          <h2>{column.name}</h2>
          {column.description && (
            <Tooltip title={column.description}>
              <InfoCircleOutlined aria-label={column.description} />
            </Tooltip>
          )}
          {column.followUpMessage && (
            <Tooltip title={column.followUpMessage.text}>
              <Badge color="blue" text={BOARD_TEXTS.followUpBadge} />
            </Tooltip>
          )}
          {editable && (
            <Button
              size="small"
              type="text"
              onClick={() => onEdit(column)}
              aria-label={BOARD_TEXTS.editColumnOf(column.name)}
            >
              {BOARD_TEXTS.edit}
            </Button>
          )}
        </div>
        <div className="board-column-totals">
          <span>{BOARD_TEXTS.contactsCount(column.items.length)}</span>
          <span>
            {BOARD_TEXTS.total}: {formatAmount(total)}
          </span>
        </div>
      </header>
      <div ref={zone.setNodeRef} className={`board-column-body${isTarget ? ' board-column-over' : ''}`}>
        <SortableContext
          items={column.items.map((item) => cardDragId(item.id))}
          strategy={verticalListSortingStrategy}
        >
          {column.items.map((card, index) => (
            <BoardCardView
              key={card.id}
              card={card}
              columnIndex={columnIndex}
              index={index}
              actions={actions}
              draggingColumn={draggingCard === false}
            />
          ))}
        </SortableContext>
        {column.items.length === 0 && <div className="board-column-empty">{BOARD_MESSAGES.emptyColumn}</div>}
      </div>
    </section>
  );
}

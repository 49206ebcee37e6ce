import type { BoardCard, BoardColumn } from '@crm/shared';
import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
} from '@dnd-kit/sortable';
import { useState } from 'react';
import { columnDragId, type DragTarget, dropTarget, findCard, parseDragId } from '../boardState';
import { BOARD_TEXTS, DRAG_TEXTS } from '../boardTexts';
import { type CardActions, CardBody } from './BoardCardView';
import { BoardColumnView } from './BoardColumnView';

export interface BoardCanvasProps {
  columns: BoardColumn[];
  editable: boolean;
  actions: CardActions | null;
  onEditColumn: (column: BoardColumn) => void;
  onMoveCard: (cardId: number, target: { columnId: number; index: number }) => void;
  onMoveColumn: (from: number, to: number) => void;
  onDraggingChange: (dragging: boolean) => void;
}

/** A card dragged finds cards and columns' empty space; a column dragged finds only columns. */
const collisionDetection: CollisionDetection = (args) => {
  const isColumn = args.active.data.current?.type === 'column';
  return closestCorners({
    ...args,
    droppableContainers: args.droppableContainers.filter(
      (container) => (container.data.current?.type === 'column') === isColumn,
    ),
  });
};

/** Where the card would land over `over`, as the column's name and a 1-based position, for the announcements. */
function landing(
  columns: BoardColumn[],
  cardId: number,
  over: DragTarget | null,
): { column: string; position: number } | null {
  if (!over) return null;
  const target = dropTarget(columns, cardId, over);
  const from = findCard(columns, cardId);
  if (!from) return null;
  if (!target) return { column: from.column.name, position: from.index + 1 };
  const column = columns.find((item) => item.id === target.columnId);
  return column ? { column: column.name, position: target.index + 1 } : null;
}

/** The columns side by side with drag and drop of cards (between and within columns) and of columns. */
export function BoardCanvas({
  columns,
  editable,
  actions,
  onEditColumn,
  onMoveCard,
  onMoveColumn,
  onDraggingChange,
}: BoardCanvasProps) {
  const [active, setActive] = useState<DragTarget | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const cardName = (id: string | number): string => {
    const target = parseDragId(id);
    if (target?.kind === 'card') return findCard(columns, target.id)?.card.name ?? '';
    return '';
  };
  const columnName = (id: string | number): string => {
    const target = parseDragId(id);
    return columns.find((column) => target?.kind === 'column' && column.id === target.id)?.name ?? '';
  };
  const columnPosition = (id: string | number): number => {
    const target = parseDragId(id);
    return columns.findIndex((column) => target?.kind === 'column' && column.id === target.id) + 1;
  };

  const announcements: Announcements = {
    onDragStart: ({ active: dragged }) =>
      parseDragId(dragged.id)?.kind === 'column'
        ? DRAG_TEXTS.pickedColumn(columnName(dragged.id))
        : DRAG_TEXTS.picked(cardName(dragged.id)),
    onDragOver: ({ active: dragged, over }) => {
      // Over itself (right after the pick-up): the pick-up's announcement stays.
      if (!over || over.id === dragged.id) return undefined;
      const target = parseDragId(dragged.id);
      if (target?.kind === 'column')
        return DRAG_TEXTS.movedColumn(columnName(dragged.id), columnPosition(over.id));
      if (target?.kind !== 'card') return undefined;
      const place = landing(columns, target.id, parseDragId(over.id));
      return place ? DRAG_TEXTS.moved(cardName(dragged.id), place.column, place.position) : undefined;
    },
    onDragEnd: ({ active: dragged, over }) => {
      const target = parseDragId(dragged.id);
      if (!over)
        return DRAG_TEXTS.cancelled(
          target?.kind === 'column' ? columnName(dragged.id) : cardName(dragged.id),
        );
      if (target?.kind === 'column')
        return DRAG_TEXTS.droppedColumn(columnName(dragged.id), columnPosition(over.id));
      if (target?.kind !== 'card') return undefined;
      const place = landing(columns, target.id, parseDragId(over.id));
      return place ? DRAG_TEXTS.dropped(cardName(dragged.id), place.column, place.position) : undefined;
    },
    onDragCancel: ({ active: dragged }) =>
      DRAG_TEXTS.cancelled(
        parseDragId(dragged.id)?.kind === 'column' ? columnName(dragged.id) : cardName(dragged.id),
      ),
  };

  const start = (event: DragStartEvent) => {
    setActive(parseDragId(event.active.id));
    onDraggingChange(true);
  };

  const end = (event: DragEndEvent) => {
    setActive(null);
    const dragged = parseDragId(event.active.id);
    const over = event.over ? parseDragId(event.over.id) : null;
    if (dragged && over) {
      if (dragged.kind === 'card') {
        const target = dropTarget(columns, dragged.id, over);
        if (target) onMoveCard(dragged.id, target);
      } else if (dragged.kind === 'column' && over.kind === 'column') {
        const from = columns.findIndex((column) => column.id === dragged.id);
        const to = columns.findIndex((column) => column.id === over.id);
        if (from >= 0 && to >= 0 && from !== to) onMoveColumn(from, to);
      }
    }
    // After the move has been applied locally: a live reload held during the drag may run now.
    onDraggingChange(false);
  };

  const cancel = () => {
    setActive(null);
    onDraggingChange(false);
  };

  const activeCard: BoardCard | null =
    active?.kind === 'card' ? (findCard(columns, active.id)?.card ?? null) : null;
  const activeColumn =
    active?.kind === 'column' ? columns.find((column) => column.id === active.id) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={cancel}
      accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_TEXTS.instructions } }}
    >
      <SortableContext
        items={columns.map((column) => columnDragId(column.id))}
        strategy={horizontalListSortingStrategy}
      >
        <div className="board-columns">
          {columns.map((column, columnIndex) => (
            <BoardColumnView
              key={column.id}
              column={column}
              columnIndex={columnIndex}
              editable={editable}
              actions={actions}
              onEdit={onEditColumn}
              draggingCard={active === null ? null : active.kind === 'card'}
            />
          ))}
        </div>
      </SortableContext>
      <DragOverlay>
        {activeCard ? (
          <div className="board-card board-card-overlay">
            <CardBody card={activeCard} actions={null} />
          </div>
        ) : activeColumn ? (
          <div className="board-column board-column-overlay">
            <h2>{activeColumn.name}</h2>
            <span>{BOARD_TEXTS.contactsCount(activeColumn.items.length)}</span>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

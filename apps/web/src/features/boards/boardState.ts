import { type BoardCard, type BoardColumn, clampIndex } from '@crm/shared';

/** dnd-kit ids: cards, columns (sortable, horizontal) and each column's drop zone (its empty space). */
export const cardDragId = (id: number): string => `card-${id}`;
export const columnDragId = (id: number): string => `column-${id}`;
export const zoneDropId = (id: number): string => `zone-${id}`;

export type DragTarget =
  | { kind: 'card'; id: number }
  | { kind: 'column'; id: number }
  | { kind: 'zone'; id: number };

export function parseDragId(id: string | number): DragTarget | null {
  const match = /^(card|column|zone)-(\d+)$/.exec(String(id));
  if (!match) return null;
  return { kind: match[1] as DragTarget['kind'], id: Number(match[2]) };
}

export interface CardPlace {
  column: BoardColumn;
  columnIndex: number;
  card: BoardCard;
  index: number;
}

export function findCard(columns: readonly BoardColumn[], cardId: number): CardPlace | null {
  for (const [columnIndex, column] of columns.entries()) {
    const index = column.items.findIndex((item) => item.id === cardId);
    const card = column.items[index];
    if (card) return { column, columnIndex, card, index };
  }
  return null;
}

/**
 * Where a dragged card lands when dropped over `over` (a card or a column's empty space): the target column and the
 * card's index there once it has left its old place. Null when nothing changes.
 */
export function dropTarget(
  columns: readonly BoardColumn[],
  cardId: number,
  over: DragTarget,
): { columnId: number; index: number } | null {
  const from = findCard(columns, cardId);
  if (!from) return null;
  let columnId: number;
  let index: number;
  if (over.kind === 'card') {
    const target = findCard(columns, over.id);
    if (!target) return null;
    columnId = target.column.id;
    // Same column: the card takes the place of the one it is over (arrayMove); another column: it goes before it.
    index = target.index;
  } else {
    const column = columns.find((item) => item.id === over.id);
    if (!column) return null;
    columnId = column.id;
    index = column.id === from.column.id ? column.items.length - 1 : column.items.length;
  }
  if (columnId === from.column.id && index === from.index) return null;
  return { columnId, index };
}

/** The optimistic move: the card leaves its column and enters the target at `index` (clamped), positions dense. */
export function moveCard(
  columns: readonly BoardColumn[],
  cardId: number,
  target: { columnId: number; index: number },
): BoardColumn[] {
  const from = findCard(columns, cardId);
  if (!from) return [...columns];
  const without = columns.map((column) =>
    column.id === from.column.id
      ? { ...column, items: column.items.filter((item) => item.id !== cardId) }
      : column,
  );
  return without.map((column) => {
    if (column.id !== target.columnId) return column;
    const items = [...column.items];
    items.splice(clampIndex(target.index, items.length), 0, from.card);
    return { ...column, items: items.map((item, position) => ({ ...item, position })) };
  });
}

/** Columns in a new order (a column dragged from `from` to `to`). */
export function moveColumn(columns: readonly BoardColumn[], from: number, to: number): BoardColumn[] {
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  if (!moved) return next;
  next.splice(to, 0, moved);
  return next.map((column, position) => ({ ...column, position }));
}

const currency = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** Amounts as the board shows them: MXN, es-MX. */
export function formatAmount(amount: number): string {
  return currency.format(amount);
}

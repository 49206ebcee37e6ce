import type { ConversationView } from '@crm/shared';
import { observeElementRect, type Rect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CONVERSATION_ROW_HEIGHT, ConversationRow } from './ConversationRow';

/** Rows rendered above and below the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN = 6;
/** The next page is asked for once one of the last rows comes into view. */
const END_THRESHOLD = 5;
const FOOTER_HEIGHT = 48;
/** What a screen reader is told about the list's keys. */
const KEYS_HINT_ID = 'conv-list-keys';

/** The row a key moves to from `current` in a list of `count` rows; null for any other key. */
export function rowAfterKey(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  if (key === 'ArrowDown') return Math.min(current + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(current - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** The viewport height assumed until the container has been laid out (jsdom never lays out). */
const UNMEASURED_HEIGHT = 720;

function observeRect(instance: Virtualizer<HTMLDivElement, HTMLLIElement>, onRect: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) =>
    onRect(rect.height > 0 ? rect : { ...rect, height: UNMEASURED_HEIGHT }),
  );
}

interface ConversationRowsProps {
  conversations: readonly ConversationView[];
  selectedId: number | null;
  /** The clock the time column is written against. */
  now: Date;
  canSeePhoneNumber: boolean;
  /** Asked when one of the last rows comes into view, also when the rows do not fill the viewport. */
  onEndReached?: () => void;
  /** Shown after the last row (loading more, retry). */
  footer?: ReactNode;
}

/**
 * The inbox's conversations as a windowed list (TanStack Virtual): only the rows in view (plus overscan) are in
 * the DOM, each as tall as CONVERSATION_ROW_HEIGHT, so thousands of loaded conversations scroll as smoothly as
 * twenty. Rows are keyed by conversation id; a live event that adds or moves a row leaves the scroll offset as it
 * is. A new filter mounts a new list (the panel keys it by the list's generation), which starts at the top.
 */
export function ConversationRows({
  conversations,
  selectedId,
  now,
  canSeePhoneNumber,
  onEndReached,
  footer,
}: ConversationRowsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const getItemKey = useCallback((index: number) => conversations[index]?.id ?? -index, [conversations]);
  const virtualizer = useVirtualizer({
    count: conversations.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CONVERSATION_ROW_HEIGHT,
    getItemKey,
    overscan: OVERSCAN,
    initialRect: { width: 0, height: UNMEASURED_HEIGHT },
    observeElementRect: observeRect,
  });
  const rows = virtualizer.getVirtualItems();
  const navigate = useNavigate();

  // Issue 22, keyboard: the list is one Tab stop (the open conversation's row, or the last one moved to, or the
  // first); the arrows, Home and End move between rows, scrolling the windowed list to rows not yet in the page.
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const selectedIndex = conversations.findIndex((conversation) => conversation.id === selectedId);
  const current = Math.min(activeIndex ?? Math.max(selectedIndex, 0), Math.max(conversations.length - 1, 0));
  const pendingFocus = useRef<number | null>(null);

  const focusPending = useCallback(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = scroller.current?.querySelector<HTMLElement>(`li[data-index="${index}"] .conv-row`);
    if (row) {
      pendingFocus.current = null;
      row.focus();
    }
  }, []);
  // A row scrolled into the window is rendered on a later pass: it takes the focus once it is there.
  useEffect(() => {
    focusPending();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('li[data-index]');
    const from = item ? Number(item.dataset.index) : current;
    if (event.key === 'Enter' && item) {
      // Opened from the keyboard: the window puts the focus in the reply box.
      const conversation = conversations[from];
      if (!conversation) return;
      event.preventDefault();
      navigate(`/chat/${conversation.id}`, { state: { focus: 'composer' } });
      return;
    }
    const next = rowAfterKey(event.key, from, conversations.length);
    if (next === null) return;
    event.preventDefault();
    setActiveIndex(next);
    pendingFocus.current = next;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    focusPending();
  };
  // The range without overscan: the rows actually in view.
  const lastInView = virtualizer.range?.endIndex ?? -1;
  const nearEnd = conversations.length > 0 && lastInView >= conversations.length - END_THRESHOLD;

  // Runs again when the rows change or the caller becomes ready (a new callback), so a page that still leaves
  // the end in view asks for the next one.
  useEffect(() => {
    void conversations.length;
    if (nearEnd) onEndReached?.();
  }, [nearEnd, conversations.length, onEndReached]);

  return (
    <div ref={scroller} className="conv-list-scroll" style={{ overflowY: 'auto', position: 'relative' }}>
      <span id={KEYS_HINT_ID} hidden>
        Usa las flechas para moverte entre las conversaciones y Enter para abrir una.
      </span>
      <ul
        aria-label="Conversaciones"
        aria-describedby={KEYS_HINT_ID}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const item = (event.target as HTMLElement).closest<HTMLElement>('li[data-index]');
          if (item) setActiveIndex(Number(item.dataset.index));
        }}
        style={{
          position: 'relative',
          height: virtualizer.getTotalSize(),
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {rows.map((row) => {
          const conversation = conversations[row.index] as ConversationView;
          return (
            <li
              key={row.key}
              data-index={row.index}
              aria-setsize={conversations.length}
              aria-posinset={row.index + 1}
              style={{ position: 'absolute', top: row.start, left: 0, right: 0, height: row.size }}
            >
              <ConversationRow
                conversation={conversation}
                selected={conversation.id === selectedId}
                now={now}
                canSeePhoneNumber={canSeePhoneNumber}
                tabIndex={row.index === current ? 0 : -1}
              />
            </li>
          );
        })}
      </ul>
      {footer ? <div style={{ height: FOOTER_HEIGHT }}>{footer}</div> : null}
    </div>
  );
}

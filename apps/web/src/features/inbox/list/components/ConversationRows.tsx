import type { ConversationView } from '@crm/shared';
import { observeElementRect, type Rect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { CONVERSATION_ROW_HEIGHT, ConversationRow } from './ConversationRow';

/** Rows rendered above and below the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN = 6;
/** The next page is asked for once one of the last rows comes into view. */
const END_THRESHOLD = 5;
const FOOTER_HEIGHT = 48;
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
      <ul
        aria-label="Conversaciones"
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
              aria-setsize={conversations.length}
              aria-posinset={row.index + 1}
              style={{ position: 'absolute', top: row.start, left: 0, right: 0, height: row.size }}
            >
              <ConversationRow
                conversation={conversation}
                selected={conversation.id === selectedId}
                now={now}
                canSeePhoneNumber={canSeePhoneNumber}
              />
            </li>
          );
        })}
      </ul>
      {footer ? <div style={{ height: FOOTER_HEIGHT }}>{footer}</div> : null}
    </div>
  );
}

import {
  type ReactNode,
  type UIEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface VisibleRange {
  /** First rendered index (inclusive). */
  start: number;
  /** Last rendered index (exclusive). */
  end: number;
}

/** Which rows a fixed-row-height window shows, with `overscan` extra rows each side. Pure, for tests. */
export function visibleRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan: number,
): VisibleRange {
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / rowHeight);
  return {
    start: Math.max(0, Math.min(first, count - 1) - overscan),
    end: Math.min(count, last + overscan),
  };
}

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number;
  getKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  /** Rows rendered above and below the visible ones, so a fast scroll does not show blanks. */
  overscan?: number;
  /** Called when the last `endThreshold` rows come into view (also when the rows do not fill the viewport). */
  onEndReached?: () => void;
  endThreshold?: number;
  /** Shown after the last row (loading more, retry), `footerHeight` tall. */
  footer?: ReactNode;
  footerHeight?: number;
  /** Scrolls back to the top when it changes (a new filter). */
  resetKey?: string | number;
  /** Used until the container has been measured (jsdom never lays out). */
  initialHeight?: number;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A windowed list of fixed-height rows: only the rows in view (plus overscan) are in the DOM, absolutely placed
 * inside a spacer as tall as all rows, so thousands of loaded conversations scroll as smoothly as twenty.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  getKey,
  renderRow,
  overscan = 6,
  onEndReached,
  endThreshold = 5,
  footer,
  footerHeight = 48,
  resetKey,
  initialHeight = 720,
  className,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: VirtualListProps<T>) {
  const container = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(initialHeight);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      if (element.clientHeight > 0) setHeight(element.clientHeight);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    void resetKey;
    const element = container.current;
    if (element) element.scrollTop = 0;
    setScrollTop(0);
  }, [resetKey]);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => {
    setScrollTop(event.currentTarget.scrollTop);
  }, []);

  const { start, end } = visibleRange(scrollTop, height, rowHeight, items.length, overscan);
  const lastInView = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight));
  const nearEnd = lastInView >= items.length - endThreshold;

  // Runs again when the rows change or the caller becomes ready (a new callback), so a page that still leaves
  // the end in view asks for the next one.
  useEffect(() => {
    void items.length;
    if (nearEnd) onEndReached?.();
  }, [nearEnd, items.length, onEndReached]);

  const rows: ReactNode[] = [];
  for (let index = start; index < end; index++) {
    const item = items[index] as T;
    rows.push(
      <li
        key={getKey(item)}
        className="virtual-list-row"
        aria-setsize={items.length}
        aria-posinset={index + 1}
        style={{ position: 'absolute', top: index * rowHeight, left: 0, right: 0, height: rowHeight }}
      >
        {renderRow(item, index)}
      </li>,
    );
  }
  const rowsHeight = items.length * rowHeight;

  return (
    <div
      ref={container}
      className={className}
      style={{ overflowY: 'auto', position: 'relative' }}
      onScroll={onScroll}
      data-testid={testId}
    >
      <ul
        aria-label={ariaLabel}
        style={{ position: 'relative', height: rowsHeight, margin: 0, padding: 0, listStyle: 'none' }}
      >
        {rows}
      </ul>
      {footer ? <div style={{ height: footerHeight }}>{footer}</div> : null}
    </div>
  );
}

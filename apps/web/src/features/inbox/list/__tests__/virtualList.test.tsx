import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VirtualList, visibleRange } from '../components/VirtualList';

const ROW = 40;
const VIEWPORT = 400;
const ITEMS = Array.from({ length: 5000 }, (_, index) => ({ id: index, label: `Fila ${index}` }));

function renderList(props: Partial<Parameters<typeof VirtualList<(typeof ITEMS)[number]>>[0]> = {}) {
  return render(
    <VirtualList
      items={ITEMS}
      rowHeight={ROW}
      initialHeight={VIEWPORT}
      overscan={3}
      getKey={(item) => item.id}
      renderRow={(item) => <span data-testid="row">{item.label}</span>}
      data-testid="virtual"
      {...props}
    />,
  );
}

function scrollTo(top: number) {
  const list = screen.getByTestId('virtual');
  list.scrollTop = top;
  fireEvent.scroll(list);
}

describe('visibleRange', () => {
  it('covers the rows in view plus the overscan on each side', () => {
    expect(visibleRange(0, 400, 40, 5000, 3)).toEqual({ start: 0, end: 13 });
    expect(visibleRange(4000, 400, 40, 5000, 3)).toEqual({ start: 97, end: 113 });
  });

  it('stays inside the list at its end and when it is empty', () => {
    expect(visibleRange(1_000_000, 400, 40, 50, 3)).toEqual({ start: 46, end: 50 });
    expect(visibleRange(0, 400, 40, 0, 3)).toEqual({ start: 0, end: 0 });
  });
});

describe('VirtualList', () => {
  it('puts only the rows in view in the DOM, however many are loaded', () => {
    renderList();
    const rows = screen.getAllByTestId('row');
    expect(rows.length).toBe(13);
    expect(rows[0]?.textContent).toBe('Fila 0');
    // The spacer is as tall as every row, so the scrollbar is true to the list.
    const spacer = screen.getByTestId('virtual').firstElementChild as HTMLElement;
    expect(spacer.style.height).toBe(`${5000 * ROW}px`);
  });

  it('shows the rows of the scrolled-to position and drops the ones left behind', () => {
    renderList();
    scrollTo(2000 * ROW);
    const labels = screen.getAllByTestId('row').map((row) => row.textContent);
    expect(labels).toContain('Fila 2000');
    expect(labels).toContain('Fila 2009');
    expect(labels).not.toContain('Fila 0');
    expect(labels.length).toBeLessThanOrEqual(16);
    const row2000 = screen.getByText('Fila 2000').closest('li') as HTMLElement;
    expect(row2000.style.top).toBe(`${2000 * ROW}px`);
    expect(row2000.getAttribute('aria-posinset')).toBe('2001');
    expect(row2000.getAttribute('aria-setsize')).toBe('5000');
  });

  it('asks for more only when the end comes into view', () => {
    const onEndReached = vi.fn();
    renderList({ onEndReached });
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(2500 * ROW);
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(5000 * ROW - VIEWPORT);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  it('asks for more at once when the rows do not fill the viewport', () => {
    const onEndReached = vi.fn();
    render(
      <VirtualList
        items={ITEMS.slice(0, 3)}
        rowHeight={ROW}
        initialHeight={VIEWPORT}
        getKey={(item) => item.id}
        renderRow={(item) => <span>{item.label}</span>}
        onEndReached={onEndReached}
      />,
    );
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  it('goes back to the top when its reset key changes', () => {
    const { rerender } = renderList({ resetKey: 1 });
    scrollTo(1000 * ROW);
    expect(screen.queryByText('Fila 0')).toBeNull();
    rerender(
      <VirtualList
        items={ITEMS}
        rowHeight={ROW}
        initialHeight={VIEWPORT}
        overscan={3}
        getKey={(item) => item.id}
        renderRow={(item) => <span data-testid="row">{item.label}</span>}
        data-testid="virtual"
        resetKey={2}
      />,
    );
    expect(screen.getByText('Fila 0')).toBeDefined();
    expect(screen.getByTestId('virtual').scrollTop).toBe(0);
  });

  it('shows the footer after the last row', () => {
    render(
      <VirtualList
        items={ITEMS.slice(0, 2)}
        rowHeight={ROW}
        initialHeight={VIEWPORT}
        getKey={(item) => item.id}
        renderRow={(item) => <span>{item.label}</span>}
        footer={<span>Cargando más conversaciones…</span>}
        footerHeight={48}
      />,
    );
    const footer = screen.getByText('Cargando más conversaciones…').parentElement as HTMLElement;
    expect(footer.style.height).toBe('48px');
    expect(footer.previousElementSibling?.tagName).toBe('UL');
  });
});

import { fireEvent, render as renderUi, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Paginator } from '../components/Paginator';
import { pagerItems } from '../paginator';

const render = (current: number, total: number) =>
  pagerItems(current, total)
    .map((i) => (i.kind === 'page' ? String(i.page) : '…'))
    .join(' ');

describe('pagerItems (02 §9: 5 pages shown, 1 margin page)', () => {
  it('lists every page when they fit', () => {
    expect(render(1, 1)).toBe('1');
    expect(render(3, 7)).toBe('1 2 3 4 5 6 7');
    expect(render(1, 0)).toBe('');
  });

  it('keeps a window of 5 around the current page with the first and last as margins', () => {
    expect(render(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(render(10, 20)).toBe('1 … 8 9 10 11 12 … 20');
    expect(render(20, 20)).toBe('1 … 16 17 18 19 20');
    expect(render(18, 20)).toBe('1 … 16 17 18 19 20');
    expect(render(4, 20)).toBe('1 2 3 4 5 6 … 20');
  });

  it('shows a single skipped page instead of a gap', () => {
    expect(render(5, 20)).toBe('1 2 3 4 5 6 7 … 20');
    expect(render(16, 20)).toBe('1 … 14 15 16 17 18 19 20');
    expect(render(1, 8)).toBe('1 2 3 4 5 … 8');
    expect(render(1, 7)).toBe('1 2 3 4 5 6 7');
  });
});

describe('Paginator', () => {
  it('moves to a chosen, previous or next page and marks the current one', () => {
    const onChange = vi.fn();
    renderUi(<Paginator page={1} pageCount={20} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Anterior' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onChange.mock.calls).toEqual([[20], [2]]);
  });

  it('shows nothing for a single page', () => {
    const { container } = renderUi(<Paginator page={1} pageCount={1} onChange={() => undefined} />);
    expect(container.textContent).toBe('');
  });
});

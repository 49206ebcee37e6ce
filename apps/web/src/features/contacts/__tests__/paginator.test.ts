import { describe, expect, it } from 'vitest';
import { pagerItems } from '../paginator';

const render = (current: number, total: number) =>
  pagerItems(current, total)
    .map((i) => (i.kind === 'page' ? String(i.page) : '…'))
    .join(' ');

describe('pagerItems (5 pages shown, 1 margin page)', () => {
  it('lists every page when they fit', () => {
    expect(render(1, 1)).toBe('1');
    expect(render(3, 7)).toBe('1 2 3 4 5 6 7');
    expect(render(1, 0)).toBe('');
  });

  it('keeps a window of 5 around the current page with the first and last as margins', () => {
    expect(render(1, 20)).toBe('1 2 3 4 5 … 20');
    expect(render(10, 20)).toBe('1 … 8 9 10 11 12 … 20');
    expect(render(20, 20)).toBe('1 … 16 17 18 19 20');
    expect(render(4, 20)).toBe('1 2 3 4 5 6 … 20');
  });
});

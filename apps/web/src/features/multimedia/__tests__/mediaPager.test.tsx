import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { countsLabel } from '../components/AlbumCard';
import { MediaPager } from '../components/MediaPager';
import { sizeLabel } from '../mediaFormat';

describe('media pager', () => {
  it("shows 'Anterior', 'Siguiente' and 5 pages with a margin page each side", () => {
    const onChange = vi.fn();
    render(<MediaPager page={10} total={12 * 20} onChange={onChange} label="Páginas" />);
    const nav = screen.getByRole('navigation', { name: 'Páginas' });
    const labels = [...nav.querySelectorAll('button, span.media-pager-gap')].map((node) => node.textContent);
    expect(labels).toEqual(['Anterior', '1', '…', '8', '9', '10', '11', '12', '…', '20', 'Siguiente']);
    expect(screen.getByRole('button', { name: 'Página 10' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    fireEvent.click(screen.getByRole('button', { name: 'Página 20' }));
    expect(onChange.mock.calls).toEqual([[11], [9], [20]]);
  });

  it('disables the ends and hides itself for a single page', () => {
    const { rerender } = render(
      <MediaPager page={1} total={30} onChange={() => undefined} label="Páginas" />,
    );
    expect((screen.getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Siguiente' }) as HTMLButtonElement).disabled).toBe(false);
    rerender(<MediaPager page={1} total={5} onChange={() => undefined} label="Páginas" />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('album labels', () => {
  it('counts albums and files, and shows sizes in KB then MB', () => {
    expect(countsLabel({ isRoot: true, albumsCount: 1, filesCount: 3 })).toBe('1 álbum · 3 archivos');
    expect(countsLabel({ isRoot: false, albumsCount: 0, filesCount: 1 })).toBe('1 archivo');
    expect(sizeLabel(512 * 1024)).toBe('512 KB');
    expect(sizeLabel(3 * 1048576)).toBe('3 MB');
    expect(sizeLabel(null)).toBe('—');
  });
});

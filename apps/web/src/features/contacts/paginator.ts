import { PAGINATION_MARGIN_PAGES, PAGINATION_PAGES_SHOWN } from '@crm/shared';

export type PagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * 02 §9: the page links — a window of 5 pages around the current one, plus 1 margin page at each end, with a gap
 * where pages are skipped (react-paginate's layout, which the spec's numbers describe). Pages are 1-based.
 */
export function pagerItems(
  current: number,
  total: number,
  shown: number = PAGINATION_PAGES_SHOWN,
  margin: number = PAGINATION_MARGIN_PAGES,
): PagerItem[] {
  if (total <= 0) return [];
  if (total <= shown + 2 * margin) {
    return Array.from({ length: total }, (_, i) => ({ kind: 'page', page: i + 1 }));
  }
  let start = Math.max(1, current - Math.floor(shown / 2));
  let end = start + shown - 1;
  if (end > total) {
    end = total;
    start = total - shown + 1;
  }
  const pages = new Set<number>();
  for (let p = 1; p <= margin; p++) pages.add(p);
  for (let p = start; p <= end; p++) pages.add(p);
  for (let p = total - margin + 1; p <= total; p++) pages.add(p);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const page of [...pages].sort((a, b) => a - b)) {
    // A gap hiding a single page shows that page instead: the link takes no more room than the '…'.
    if (page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}

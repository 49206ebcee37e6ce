import {
  MULTIMEDIA_PAGE_SIZE,
  PAGINATION_MARGIN_PAGES,
  PAGINATION_PAGES_SHOWN,
  pageCount,
  pagerItems,
} from '@crm/shared';
import { Button } from 'antd';

interface MediaPagerProps {
  /** 1-based. */
  page: number;
  total: number;
  pageSize?: number;
  onChange: (page: number) => void;
  label: string;
}

/** 01 §2.9: 'Anterior' and 'Siguiente', 5 pages shown with 1 margin page. */
export function MediaPager({
  page,
  total,
  pageSize = MULTIMEDIA_PAGE_SIZE,
  onChange,
  label,
}: MediaPagerProps) {
  const pages = pageCount(total, pageSize);
  if (total <= pageSize) return null;
  const items = pagerItems(page, pages, PAGINATION_PAGES_SHOWN, PAGINATION_MARGIN_PAGES);
  return (
    <nav className="media-pager" aria-label={label}>
      <Button disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Anterior
      </Button>
      {items.map((item, index) =>
        item === null ? (
          // Gaps sit between fixed neighbours: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={`gap-${index}`} className="media-pager-gap">
            …
          </span>
        ) : (
          <Button
            key={item}
            type={item === page ? 'primary' : 'default'}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Página ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </Button>
        ),
      )}
      <Button disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Siguiente
      </Button>
    </nav>
  );
}

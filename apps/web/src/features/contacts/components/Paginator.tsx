import { Button, Space } from 'antd';
import { pagerItems } from '../paginator';

interface PaginatorProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
}

/** 02 §9: 5 page links with 1 margin page at each end. */
export function Paginator({ page, pageCount, onChange }: PaginatorProps) {
  if (pageCount <= 1) return null;
  return (
    <Space size={4} wrap aria-label="Paginación" role="navigation">
      <Button size="small" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Anterior
      </Button>
      {pagerItems(page, pageCount).map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} aria-hidden>
            …
          </span>
        ) : (
          <Button
            key={item.page}
            size="small"
            type={item.page === page ? 'primary' : 'default'}
            aria-current={item.page === page ? 'page' : undefined}
            onClick={() => onChange(item.page)}
          >
            {item.page}
          </Button>
        ),
      )}
      <Button size="small" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        Siguiente
      </Button>
    </Space>
  );
}

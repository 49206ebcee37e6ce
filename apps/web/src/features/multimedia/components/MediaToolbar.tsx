import { MEDIA_SORT_LABELS, MEDIA_SORT_OPTIONS, type MediaSort } from '@crm/shared';
import { Input, Select } from 'antd';
import type { ReactNode } from 'react';

interface MediaToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  order: MediaSort;
  onOrder: (value: MediaSort) => void;
  searchLabel: string;
  extra?: ReactNode;
}

const ORDER_OPTIONS = MEDIA_SORT_OPTIONS.map((value) => ({ value, label: MEDIA_SORT_LABELS[value] }));

/** 01 §2.9: a search box and an order selector (creation date or name). */
export function MediaToolbar({ search, onSearch, order, onOrder, searchLabel, extra }: MediaToolbarProps) {
  return (
    <div className="media-toolbar">
      <Input.Search
        allowClear
        value={search}
        placeholder="Buscar por nombre"
        aria-label={searchLabel}
        onChange={(event) => onSearch(event.target.value)}
        className="media-search"
      />
      <Select<MediaSort>
        value={order}
        options={ORDER_OPTIONS}
        onChange={onOrder}
        aria-label="Ordenar por"
        prefix="Ordenar por:"
        className="media-order"
      />
      <div className="media-toolbar-extra">{extra}</div>
    </div>
  );
}

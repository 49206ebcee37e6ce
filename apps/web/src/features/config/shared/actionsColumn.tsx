import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';

/** A configuration list's last column, with its rows' actions: only for those who may change the list. */
export function actionsColumn<T>(
  canWrite: boolean,
  render: (row: T) => ReactNode,
  width = 200,
): TableColumnsType<T> {
  return canWrite ? [{ title: '', key: 'actions', width, render: (_: unknown, row: T) => render(row) }] : [];
}

import type { AnalyticsAgentRow } from '@crm/shared';
import { Table, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';

type NumericKey = {
  [K in keyof AnalyticsAgentRow]: AnalyticsAgentRow[K] extends number | null ? K : never;
}[keyof AnalyticsAgentRow];

/** Sorts a nullable figure with the missing ones last, whichever the direction. */
function byNumber(key: NumericKey) {
  return (a: AnalyticsAgentRow, b: AnalyticsAgentRow, order?: SortOrder) => {
    const left = a[key];
    const right = b[key];
    if (left === right) return 0;
    // antd reverses the result for a descending sort; a missing figure answers so it ends last either way.
    const last = order === 'descend' ? -1 : 1;
    if (left === null) return last;
    if (right === null) return -last;
    return left - right;
  };
}

const dash = (value: number | null) => (value === null ? '—' : value.toLocaleString('es-MX'));

function numberColumn(title: string, key: NumericKey): TableColumnsType<AnalyticsAgentRow>[number] {
  return {
    title,
    key,
    dataIndex: key,
    sorter: byNumber(key),
    render: (value: number | null) => dash(value),
  };
}

/**
 * 01 §2.8 agent table; the three extra columns for companies using a bot. Every column sorts. A non-admin gets only
 * their own row from the API, and sees just that.
 */
export function AgentsTable({ rows, usesBots }: { rows: AnalyticsAgentRow[]; usesBots: boolean }) {
  const columns: TableColumnsType<AnalyticsAgentRow> = [
    { title: 'Agente', key: 'name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name, 'es') },
    numberColumn('Conversaciones', 'total'),
    numberColumn('Respondidos', 'answered'),
    numberColumn('Sin responder', 'unanswered'),
    numberColumn('Tiempo de respuesta (min)', 'responseMinutes'),
    numberColumn('Calificación', 'rating'),
    ...(usesBots
      ? [
          numberColumn('Tiempo después de asignación (min)', 'responseAfterAssignmentMinutes'),
          numberColumn('Respondidos por el bot', 'botAnswered'),
          numberColumn('Duración promedio (hrs)', 'avgDurationHours'),
        ]
      : []),
  ];
  return (
    <Table<AnalyticsAgentRow>
      size="small"
      rowKey="agentId"
      columns={columns}
      dataSource={rows}
      caption="Agentes"
      pagination={false}
      scroll={{ x: true }}
      showSorterTooltip={false}
      locale={{ emptyText: 'Sin conversaciones asignadas en este periodo' }}
    />
  );
}

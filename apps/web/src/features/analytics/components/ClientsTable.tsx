import {
  ANALYTICS_ROW_CAP_WARNING,
  type AnalyticsClientRow,
  type AnalyticsResponse,
  formatDateTime,
} from '@crm/shared';
import { Alert, Table, type TableColumnsType } from 'antd';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';

const answeredLabel = (row: AnalyticsClientRow) =>
  row.answeredBy === 'BOT' ? 'Sí, por el bot' : row.answered ? 'Sí' : 'No';

/** The period's sessions, newest first (01 §2.8), at most the row cap with its warning (01 §8). */
export function ClientsTable({ data, canSeePhone }: { data: AnalyticsResponse; canSeePhone: boolean }) {
  const timeZone = useCompanyTimeZone();
  const columns: TableColumnsType<AnalyticsClientRow> = [
    { title: 'Contacto', dataIndex: 'name', key: 'name' },
    ...(canSeePhone ? [{ title: 'Teléfono', dataIndex: 'phone', key: 'phone' }] : []),
    { title: 'Canal', dataIndex: 'channelName', key: 'channelName' },
    { title: 'Agente', key: 'agentName', render: (_, row) => row.agentName ?? 'Sin asignar' },
    { title: 'Inicio', key: 'startedAt', render: (_, row) => formatDateTime(row.startedAt, timeZone) },
    {
      title: 'Último mensaje',
      key: 'lastMessageAt',
      render: (_, row) => formatDateTime(row.lastMessageAt, timeZone),
    },
    { title: 'Respondido', key: 'answered', render: (_, row) => answeredLabel(row) },
    {
      title: 'Tiempo de respuesta (min)',
      key: 'responseMinutes',
      render: (_, row) => row.responseMinutes ?? '—',
    },
    { title: 'Mensajes', dataIndex: 'messages', key: 'messages' },
    { title: 'Anuncio', key: 'fromAd', render: (_, row) => (row.fromAd ? 'Sí' : 'No') },
  ];
  return (
    <section className="analytics-clients" aria-labelledby="analytics-clients-title">
      <h3 id="analytics-clients-title" className="analytics-section-title">
        Conversaciones del periodo ({data.clientsTotal.toLocaleString('es-MX')})
      </h3>
      {data.rowCapExceeded && <Alert type="warning" showIcon title={ANALYTICS_ROW_CAP_WARNING} />}
      <Table<AnalyticsClientRow>
        size="small"
        rowKey={(row) => `${row.clientId}:${row.channelId}:${row.startedAt}`}
        columns={columns}
        dataSource={data.clients}
        caption="Conversaciones del periodo"
        pagination={{ pageSize: 20, showSizeChanger: false }}
        scroll={{ x: true }}
        locale={{ emptyText: 'Sin conversaciones en este periodo' }}
      />
    </section>
  );
}

import { Card, Table, Tag } from 'antd';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import type { BillingInvoice } from '../api/billing';
import { formatBillingDate, formatUsd, invoiceStatusLabel } from '../billingLabels';

const STATUS_COLORS: Record<string, string> = { paid: 'green', open: 'orange', uncollectible: 'red' };

/** The provider's invoices, newest first (GET /api/billing/invoices), with a link to each. */
export function InvoicesTable({ invoices }: { invoices: BillingInvoice[] }) {
  const timeZone = useCompanyTimeZone();
  return (
    <Card title="Facturas" data-testid="invoices">
      <Table<BillingInvoice>
        rowKey="id"
        size="small"
        pagination={invoices.length > 10 ? { pageSize: 10 } : false}
        dataSource={invoices}
        locale={{ emptyText: 'Aún no hay facturas.' }}
        columns={[
          { title: 'Número', dataIndex: 'number', render: (number: string | null) => number ?? '—' },
          {
            title: 'Fecha',
            dataIndex: 'createdAt',
            render: (createdAt: string) => formatBillingDate(createdAt, timeZone),
          },
          { title: 'Monto', dataIndex: 'amountUsd', render: (amount: number) => formatUsd(amount) },
          {
            title: 'Estado',
            dataIndex: 'status',
            render: (status: string) => <Tag color={STATUS_COLORS[status]}>{invoiceStatusLabel(status)}</Tag>,
          },
          {
            title: 'Factura',
            dataIndex: 'url',
            render: (url: string | null) =>
              url ? (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  Ver factura
                </a>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Card>
  );
}

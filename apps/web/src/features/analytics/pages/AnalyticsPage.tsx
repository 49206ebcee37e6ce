import { agentsButtonLabel } from '@crm/shared';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/hooks/useSession';
import { analyticsAccessFor } from '../access';
import { AnalyticsCharts } from '../components/AnalyticsCharts';
import { AnalyticsFilters } from '../components/AnalyticsFilters';
import { ClientsTable } from '../components/ClientsTable';
import { ExportButtons } from '../components/ExportButtons';
import { ReportsDrawer } from '../components/ReportsDrawer';
import { SummaryCards } from '../components/SummaryCards';
import { useAnalytics } from '../hooks/useAnalytics';
import { carryFilters, useAnalyticsFilters } from '../hooks/useAnalyticsFilters';
import '../analytics.css';

/** 01 §2.8 /analytics: range and channels, the cards, the charts, the sessions list and the exports. */
export function AnalyticsPage() {
  const { me } = useSession();
  const access = analyticsAccessFor(me);
  const filters = useAnalyticsFilters();
  const { request, data, loading, error } = useAnalytics(filters.range, filters.channelsIds);
  const [reportsOpen, setReportsOpen] = useState(false);
  const navigate = useNavigate();

  return (
    <div className="analytics-page">
      <div className="analytics-header">
        <Typography.Title level={2} className="analytics-title">
          Estadísticas
        </Typography.Title>
        <Space wrap>
          <Button onClick={() => navigate('/analytics/agents', { state: carryFilters(filters) })}>
            {agentsButtonLabel(me.rol?.name)}
          </Button>
          <ExportButtons request={request} companyId={me.company.id} usesBots={data?.usesBots ?? false} />
          {access.canManageReports && (
            <Button onClick={() => setReportsOpen(true)}>Reportes por correo</Button>
          )}
        </Space>
      </div>
      <AnalyticsFilters filters={filters} />
      {error ? (
        <Alert type="error" showIcon title={error} role="alert" />
      ) : data ? (
        <Spin spinning={loading}>
          <SummaryCards current={data} previous={data.previous} />
          <AnalyticsCharts data={data} />
          <ClientsTable data={data} canSeePhone={access.canSeePhone} />
        </Spin>
      ) : (
        <div className="analytics-loading">
          <Spin aria-label="Cargando estadísticas" />
        </div>
      )}
      {access.canManageReports && <ReportsDrawer open={reportsOpen} onClose={() => setReportsOpen(false)} />}
    </div>
  );
}

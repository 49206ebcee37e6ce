import { ArrowLeftOutlined } from '@ant-design/icons';
import { agentsButtonLabel } from '@crm/shared';
import { Alert, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../session/hooks/useSession';
import { AgentsTable } from '../components/AgentsTable';
import { AnalyticsFilters } from '../components/AnalyticsFilters';
import { useAnalytics } from '../hooks/useAnalytics';
import { carryFilters, useAnalyticsFilters } from '../hooks/useAnalyticsFilters';
import '../analytics.css';

/** 01 §2.8 /analytics/agents: the agent table for the picked range and channels. */
export function AnalyticsAgentsPage() {
  const { me } = useSession();
  const filters = useAnalyticsFilters();
  const { data, loading, error } = useAnalytics(filters.range, filters.channelsIds);

  return (
    <div className="analytics-page">
      <Link to="/analytics" state={carryFilters(filters)} className="analytics-back">
        <ArrowLeftOutlined aria-hidden="true" /> Volver a estadísticas
      </Link>
      <Typography.Title level={2} className="analytics-title">
        {agentsButtonLabel(me.rol?.name)}
      </Typography.Title>
      <AnalyticsFilters filters={filters} />
      {error ? (
        <Alert type="error" showIcon title={error} role="alert" />
      ) : (
        <Spin spinning={loading} aria-label={loading ? 'Cargando agentes' : undefined}>
          <AgentsTable rows={data?.agents ?? []} usesBots={data?.usesBots ?? false} />
        </Spin>
      )}
    </div>
  );
}

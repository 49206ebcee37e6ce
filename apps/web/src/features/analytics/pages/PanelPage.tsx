import type { PanelOverview } from '@crm/shared';
import { Alert, Card, Progress, Spin, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { resolveError } from '../../../lib/errors';
import { useSession } from '../../session/hooks/useSession';
import { analyticsAccessFor } from '../access';
import { fetchPanel } from '../api/analytics.rest';
import '../analytics.css';

function Figure({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card size="small" className="analytics-card">
      <section aria-labelledby={`panel-${id}`}>
        <h3 id={`panel-${id}`} className="analytics-card-title">
          {title}
        </h3>
        <div className="analytics-card-value">{children}</div>
      </section>
    </Card>
  );
}

const count = (value: number) => value.toLocaleString('es-MX');

function Usage({
  id,
  title,
  used,
  limit,
}: {
  id: string;
  title: string;
  used: number;
  limit: number | null;
}) {
  return (
    <Figure id={id} title={title}>
      {limit === null ? (
        <span>{count(used)} (Ilimitado)</span>
      ) : (
        <>
          <span>
            {count(used)} de {count(limit)}
          </span>
          <Progress
            percent={limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 100}
            status={used >= limit ? 'exception' : 'normal'}
            aria-label={`${title}: ${count(used)} de ${count(limit)}`}
          />
        </>
      )}
    </Figure>
  );
}

/** /panel (readCompany): today's figures, who is waiting now, who is available and the plan's use. */
export function PanelPage() {
  const { me } = useSession();
  const access = analyticsAccessFor(me);
  const [panel, setPanel] = useState<PanelOverview | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchPanel(controller.signal).then(setPanel, (failure: unknown) => {
      if (!controller.signal.aborted) setError(resolveError(failure).userMessage);
    });
    return () => controller.abort();
  }, []);

  return (
    <div className="analytics-page">
      <div className="analytics-header">
        <Typography.Title level={2} className="analytics-title">
          Panel
        </Typography.Title>
        {access.canReadAnalytics && <Link to="/analytics">Ver estadísticas</Link>}
      </div>
      {error ? (
        <Alert type="error" showIcon title={error} role="alert" />
      ) : !panel ? (
        <div className="analytics-loading">
          <Spin aria-label="Cargando panel" />
        </div>
      ) : (
        <>
          <h2 className="analytics-section-title">Hoy</h2>
          <div className="analytics-cards">
            <Figure id="today-total" title="Conversaciones">
              {count(panel.today.total)}
            </Figure>
            <Figure id="today-answered" title="Chats respondidos">
              {count(panel.today.totalAnswered)}
            </Figure>
            <Figure id="today-unanswered" title="Chats sin responder">
              {count(panel.today.totalUnanswered)}
            </Figure>
            <Figure id="unanswered-now" title="Sin responder ahora">
              {count(panel.unansweredNow)}
            </Figure>
            <Figure id="agents" title="Agentes disponibles">
              {count(panel.agentsAvailable)} de {count(panel.agentsTotal)}
            </Figure>
          </div>
          <h2 className="analytics-section-title">Plan {panel.plan.name}</h2>
          <div className="analytics-cards">
            <Usage
              id="plan-conversations"
              title="Conversaciones del periodo"
              used={panel.plan.conversationsUsed}
              limit={panel.plan.conversationsLimit}
            />
            <Usage
              id="plan-seats"
              title="Usuarios"
              used={panel.plan.seatsUsed}
              limit={panel.plan.seatsLimit}
            />
          </div>
        </>
      )}
    </div>
  );
}

import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';

/*
 * The statistics pages load on demand: the chart library becomes a chunk of its own that /login and the rest of the
 * app never download.
 */
const AnalyticsPage = lazy(() =>
  import('./AnalyticsPage').then((module) => ({ default: module.AnalyticsPage })),
);
const AnalyticsAgentsPage = lazy(() =>
  import('./AnalyticsAgentsPage').then((module) => ({ default: module.AnalyticsAgentsPage })),
);
const PanelPage = lazy(() => import('./PanelPage').then((module) => ({ default: module.PanelPage })));

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="analytics-loading" style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
          <Spin aria-label="Cargando" />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

export function LazyAnalyticsPage() {
  return (
    <Loading>
      <AnalyticsPage />
    </Loading>
  );
}

export function LazyAnalyticsAgentsPage() {
  return (
    <Loading>
      <AnalyticsAgentsPage />
    </Loading>
  );
}

export function LazyPanelPage() {
  return (
    <Loading>
      <PanelPage />
    </Loading>
  );
}

import { Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A route's page loaded on demand (issue 22): its code, and the libraries only it uses, become chunks fetched when
 * the route is first opened, so /login downloads only what the login form needs. `load` names the page's export:
 * `lazyPage(() => import('../../pages/ChatPage').then((m) => m.ChatPage))`. While it loads, the nearest Suspense
 * shows a loader: PageLoading inside the shell (the top bar stays), the full-page loader outside it.
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((component) => ({ default: component })));
}

/** What a page of the shell shows while its code arrives. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }} data-testid="lazy-page-loading">
      <Spin aria-label="Cargando" />
    </div>
  );
}

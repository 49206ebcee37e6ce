import { Spin } from 'antd';
import { type ComponentType, createElement, lazy } from 'react';

/** A page loaded on demand, with `preload` to start fetching its code before the route renders. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A route's page loaded on demand (issue 22): its code, and the libraries only it uses, become chunks fetched when
 * the route is first opened, so /login downloads only what the login form needs. `load` names the page's export:
 * `lazyPage(() => import('../../pages/ChatPage').then((m) => m.ChatPage))`. While it loads, the nearest Suspense
 * shows a loader: PageLoading inside the shell (the top bar stays), the full-page loader outside it. A page whose code
 * has already arrived (`preload`, or an earlier visit) renders at once, without suspending for a render first.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module level, as React.lazy is
  function Page(props: P) {
    // `loaded` is set before the lazy component resolves, so a page never switches from one to the other once shown.
    return loaded ? createElement(loaded, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, { preload: () => start().then(() => undefined) });
}

/** What a page of the shell shows while its code arrives. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }} data-testid="lazy-page-loading">
      <Spin aria-label="Cargando" />
    </div>
  );
}

import { HOME_ROUTE } from '@crm/shared';
import { LazyChatPage } from '../router/lazyChatPage';
import { lazyPage } from '../router/lazyPage';
import { preloadSession } from './sessionPreload';

/**
 * The signed-in part of the app (session, shell, real-time socket) loaded on demand: /login and the other public
 * pages never download it (issue 22). The inbox is where a signed-in user lands: opened there, its code is fetched
 * beside the shell's instead of after the session has loaded (and shown without a second render), and the session itself is asked for at once.
 */
export const LazyRequireAuth = lazyPage(() => {
  // Asked first, so the session's requests are not queued behind the chunks below on the browser's six connections.
  preloadSession(window.location.pathname);
  if (window.location.pathname.startsWith(HOME_ROUTE)) void LazyChatPage.preload();
  return import('./RequireAuth').then((m) => m.RequireAuth);
});

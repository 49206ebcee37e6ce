import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../features/layout/components/FullPageLoader';
import { SessionProvider } from '../../features/session/components/SessionProvider';
import { endSession } from '../../lib/session';
import { getToken } from '../../lib/storage';
import { ApolloScope } from '../providers/ApolloScope';
import { PageLoading } from '../router/lazyPage';
import { AppShell } from '../shell/AppShell';
import { RealtimeBridge } from '../shell/RealtimeBridge';
import { RouteGuard } from './RouteGuard';

function NoSession() {
  // 01 §2.3 Auth: with no token the product clears storage and state and goes to /login.
  useEffect(() => {
    endSession();
  }, []);
  return <FullPageLoader />;
}

export function RequireAuth() {
  if (!getToken()) return <NoSession />;
  return (
    <ApolloScope>
      <SessionProvider>
        <RealtimeBridge />
        <RouteGuard>
          <AppShell>
            {/* The pages are loaded on demand: while one arrives, the shell stays and the loader takes its place. */}
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </AppShell>
        </RouteGuard>
      </SessionProvider>
    </ApolloScope>
  );
}

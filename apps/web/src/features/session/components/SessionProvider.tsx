import { useQuery } from '@apollo/client/react';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { isSessionErrorCode, resolveError } from '../../../lib/errors';
import { endSession } from '../../../lib/session';
import { FullPageLoader } from '../../layout/components/FullPageLoader';
import { ME_QUERY } from '../api/me.graphql';
import { SessionContext, type SessionValue } from '../SessionContext';

// Loads the signed-in user; a loader shows until it arrives (01 §2.3 Auth).
export function SessionProvider({ children }: { children: ReactNode }) {
  const { data, error, refetch } = useQuery(ME_QUERY, { fetchPolicy: 'network-only' });
  const me = data?.me;

  // A failed first load, or a session error at any time, ends the session. A failed refresh of
  // an already loaded user (a network blip) keeps the user on the page.
  const mustLeave = error !== undefined && (!me || isSessionErrorCode(resolveError(error).code));
  useEffect(() => {
    if (mustLeave) endSession();
  }, [mustLeave]);

  const refetchMe = useCallback(async () => {
    await refetch().catch(() => undefined);
  }, [refetch]);

  const value = useMemo<SessionValue | null>(() => (me ? { me, refetchMe } : null), [me, refetchMe]);

  if (mustLeave || !value) return <FullPageLoader tip="Cargando tu cuenta…" />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

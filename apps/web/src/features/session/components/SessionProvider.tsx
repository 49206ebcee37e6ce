import { useQuery } from '@apollo/client/react';
import { Button, Result } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { isSessionErrorCode, resolveError } from '../../../lib/errors';
import { endRejectedSession } from '../../../lib/session';
import { FullPageLoader } from '../../layout/components/FullPageLoader';
import { ME_QUERY, toMe } from '../api/me.graphql';
import { SessionContext, type SessionValue } from '../SessionContext';

// Loads the signed-in user; a loader shows until it arrives (01 §2.3 Auth).
export function SessionProvider({ children }: { children: ReactNode }) {
  const { data, error, refetch } = useQuery(ME_QUERY, { fetchPolicy: 'network-only' });
  const answer = data?.me;
  const me = useMemo(() => (answer ? toMe(answer) : undefined), [answer]);

  // Only a session error (INVALID_TOKEN / UNAUTHORIZED) ends the session. A first load that fails otherwise (the
  // server restarting, a request the browser aborted on reload) offers a retry instead of signing the user out.
  const sessionError = error !== undefined && isSessionErrorCode(resolveError(error).code);
  const mustLeave = sessionError;
  const [retrying, setRetrying] = useState(false);
  useEffect(() => {
    if (mustLeave) endRejectedSession();
  }, [mustLeave]);

  const refetchMe = useCallback(async () => {
    await refetch().catch(() => undefined);
  }, [refetch]);

  const value = useMemo<SessionValue | null>(() => (me ? { me, refetchMe } : null), [me, refetchMe]);

  if (!mustLeave && !value && error !== undefined && !retrying) {
    return (
      <Result
        status="warning"
        title="No pudimos cargar tu cuenta"
        subTitle="Revisa tu conexión a Internet e inténtalo de nuevo."
        extra={
          <Button
            type="primary"
            onClick={() => {
              setRetrying(true);
              void refetch()
                .catch(() => undefined)
                .finally(() => setRetrying(false));
            }}
          >
            Reintentar
          </Button>
        }
      />
    );
  }
  if (mustLeave || !value) return <FullPageLoader tip="Cargando tu cuenta…" />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

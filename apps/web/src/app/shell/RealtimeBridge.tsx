import { REALTIME_EVENTS } from '@crm/shared';
import { useEffect, useRef } from 'react';
import { useSession } from '../../features/session/hooks/useSession';
import { connectSocket, disconnectSocket, subscribeRealtime } from '../../lib/socket';

// 02 §7: updateUserData applies on every page: the user's data is loaded again.
export function RealtimeBridge() {
  const { refetchMe } = useSession();
  const refetch = useRef(refetchMe);
  useEffect(() => {
    refetch.current = refetchMe;
  }, [refetchMe]);

  useEffect(() => {
    connectSocket();
    const unsubscribe = subscribeRealtime(REALTIME_EVENTS.updateUserData, () => {
      void refetch.current();
    });
    return () => {
      unsubscribe();
      disconnectSocket();
    };
  }, []);
  return null;
}

import { REALTIME_EVENTS } from '@crm/shared';
import { useEffect, useRef } from 'react';
import { useSession } from '../../features/session/hooks/useSession';
import { connectSocket, disconnectSocket, onReconnected, subscribeRealtime } from '../../lib/socket';

// 02 §7: updateUserData applies on every page: the user's data is loaded again; so it is after a reconnection, which
// may have followed a change of the user's role (the server closes their sockets) and lost the event.
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
    const stopReconnected = onReconnected(() => {
      void refetch.current();
    });
    return () => {
      unsubscribe();
      stopReconnected();
      disconnectSocket();
    };
  }, []);
  return null;
}
